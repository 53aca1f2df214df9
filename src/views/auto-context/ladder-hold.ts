import type { MemoryMessage } from '../../core/message.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import type { ViewLog } from '../view-log.ts';
import type { LadderCache } from './apply-ladder.ts';

/** Moves an AutoContextMemory's log to a cut and back (see {@link createLadderHold}). */
export interface LadderHold {
  /** The first sequence number held. */
  readonly from: number;
  /**
   * Holds the log from just after `cutSeq` — releasing the entries before it, their cached rewrites and the
   * citer's state of them — or the whole log when there is no cut, or when the entries after it would not group
   * into the units they have in the whole log. Returns the first sequence number held.
   */
  hold(cutSeq: number | undefined): Promise<number>;
}

/** What {@link createLadderHold} works on. */
export interface LadderHoldOptions {
  /** The view's log. */
  log: ViewLog;
  /** Its conversation (one entry is read to check a cut that starts at an assistant message). */
  conversation: ConversationMemory;
  /** The view's cache of rewritten messages (keys start with the entry's sequence number). */
  cache: LadderCache;
  /** Drops what the view keeps elsewhere of the entries before a sequence number (the citer's state). */
  release: (beforeSeq: number) => void;
}

/**
 * Creates the hold of an AutoContextMemory's log. The entries after a cut group as in the whole log when the
 * first one starts a unit by itself — a user or system message, or an assistant message not continuing a
 * reasoning-only one just before the cut — and none of them answers a call made before the cut (no orphan unit).
 * A cut found not to hold is remembered until the log is read again (`log.rereads`), so a log that cannot be cut
 * there stays whole instead of being dropped and read back on every read.
 */
export function createLadderHold(options: LadderHoldOptions): LadderHold {
  const { log, conversation, cache, release } = options;
  let from = 1;
  let refused: { from: number; rereads: number } | undefined;
  let started: { from: number; rereads: number } | undefined;
  const same = (mark: { from: number; rereads: number } | undefined, at: number) =>
    mark !== undefined && mark.from === at && mark.rereads === log.rereads;

  /** Whether the first entry held from `at` starts a unit in the whole log (remembered once it is known). */
  const startsUnit = async (at: number): Promise<boolean> => {
    if (same(started, at)) return true;
    const first = log.entries[0];
    if (!first) return true;
    let ok = first.message.role === 'user' || first.message.role === 'system';
    if (first.message.role === 'assistant') {
      const before = await conversation.entries({ toSeq: at - 1, limit: 1, direction: 'backward' });
      ok = before.length === 0 || !reasoningOnly(before[0]!.message);
    }
    if (ok) started = { from: at, rereads: log.rereads };
    return ok;
  };

  return {
    get from() {
      return from;
    },
    async hold(cutSeq) {
      let at = cutSeq === undefined || same(refused, cutSeq + 1) ? 1 : cutSeq + 1;
      if (at > 1) {
        await log.holdFrom(at);
        if (!(await startsUnit(at)) || log.units.some((u) => u.kind === 'orphan')) {
          refused = { from: at, rereads: log.rereads };
          at = 1;
        }
      }
      if (at === 1) await log.holdFrom(1);
      if (at > from) {
        for (const key of cache.keys()) if (Number.parseInt(key, 10) < at) cache.delete(key);
        release(at);
      }
      from = at;
      return at;
    },
  };
}

/** An assistant message of reasoning parts only (the unit grouper joins the next assistant message to it). */
function reasoningOnly(message: MemoryMessage): boolean {
  return (
    message.role === 'assistant' &&
    Array.isArray(message.content) &&
    message.content.length > 0 &&
    message.content.every((p) => p.type === 'reasoning' || p.type === 'reasoning-file')
  );
}
