import type { JSONValue } from 'ai';
import type { ToolResultCiter } from '../content/cite-tool-results.ts';
import { contentDigest } from '../content/prepare-content-item.ts';
import { withDeferredDurability } from '../core/deferred-durability.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { LogEntry } from '../core/message.ts';
import { outsideRide } from '../core/ride-on-append.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';
import { logChangeBetween, statsUnlessDeleted } from '../store/log-change.ts';

/** The artifact kind of a session's mark of older results stored ({@link createOlderResults}). */
export const olderResultsKind = 'engram.stored-results';

/** Log entries one step of a pass reads (a page of the log); a pass after a mark waits for at least this many. */
const page = 256;

/** A session's mark (see {@link createOlderResults}); `toSeq` 0 when there is none. */
interface Mark {
  logId: string;
  toSeq: number;
  /** Written by a pass with entries left before its end (it stopped there: a crash, an error, a change). */
  short: boolean;
}

/**
 * Whether a pass to `beforeSeq` waits for more entries: fewer than a page lie after a mark that a pass wrote at
 * its end (the entries after it were held, and stored, by the read that asked for that pass). A mark left short
 * of its pass's end never waits: nothing but a pass stores the entries after it.
 */
const waits = (mark: Mark, beforeSeq: number): boolean =>
  mark.toSeq > 0 && !mark.short && beforeSeq - (mark.toSeq + 1) < page;

/**
 * Stores the tool results of a long session's older part, which a budgeted view neither holds nor reads: in the
 * background, a page of the log at a time, so the content store (and `query_memory`) holds every result the
 * policy offloads, not only those of the part a read needed.
 */
export interface OlderResults {
  /**
   * Asks for the live entries before `beforeSeq` to have their results stored, for the log `logId`. Starts a pass
   * unless one runs (then the newest ask starts one when it ends) or nothing is left to do: a pass of this object
   * already reached `beforeSeq`, or fewer than a page of entries lie between the mark and `beforeSeq` and the mark
   * was written by a pass that reached its end (its entries after the mark were held by the read that asked, which
   * stored them; the older part's newest entries wait for a page). A mark a pass left short of its end (a crash, an
   * error, the store closed) waits for nothing: the next pass stores from it however few entries are left. Never
   * throws or rejects: an error goes to `onError`, and a later ask tries again; a pass stopped by its store's closing
   * (`STORE_CLOSED`: a process that reads, then closes) or by its session's deletion is no error and is not reported.
   */
  start(beforeSeq: number, logId: string): void;
  /** Resolves once no pass runs and no ask waits for one. */
  idle(): Promise<void>;
}

/** What {@link createOlderResults} works on. */
export interface OlderResultsOptions {
  /** The session: its log is read a page at a time, and the mark is one of its artifacts. */
  conversation: ConversationMemory;
  /**
   * A citer of the view's policy that reads and writes the items as written (`writtenContentItems`: an agent
   * step's pending items neither count as stored nor are written early); one per pass.
   */
  citer: () => ToolResultCiter;
  /** What the citer stores (the policy's `citationPolicyKey`, the content scope and space): marks of others are not used. */
  policyKey: string;
  /** Deletes the item of an id the citer gives (`itemId`), where it is stored (the items as written). */
  deleteItem: (id: string) => Promise<unknown>;
  /**
   * Told of each error of a pass (an async listener's rejection is ignored); not of the store's closing under a
   * pass (`STORE_CLOSED`), which only stops it (the next view's pass goes on from the mark).
   */
  onError?: (error: unknown) => void;
}

/**
 * Creates the background storing of a budgeted view's older results. A pass starts after the session's mark (an
 * `engram.stored-results` artifact per policy and content scope: every live entry up to its `toSeq` had its results
 * decided and stored, for the log of its `logId`; `short: true` when the pass that wrote it had entries left before
 * its end, `false` when it reached it; a mark without `short`, written by an earlier version, is taken as short), prepares each page as the view's own citer would (stored counts first, puts in batches, the event loop
 * given turns), and moves the mark after each page. It runs outside the
 * caller's agent step (nothing rides on the step's commit) with deferred durability: its commits are flushed with
 * the store's next durable commit, and the mark is written after the items it covers, so a crash loses at most
 * work that a later pass does again (items are stored idempotently). A pass stops once the log was created again
 * or anything was deleted from it, and once the session itself was deleted (a later read starts a new one); the
 * page in progress then deletes the items it stored of entries no longer in the log, so a cleared or deleted chat
 * is not filled again.
 */
export function createOlderResults(options: OlderResultsOptions): OlderResults {
  const { conversation } = options;
  const id = `stres_${contentDigest(options.policyKey).slice(0, 16)}`;
  let running: Promise<void> | undefined;
  /** The newest ask made while a pass ran. */
  let asked: { beforeSeq: number; logId: string } | undefined;
  /** The mark as this object last read or wrote it, and how far a pass of it got. */
  let mark: Mark | undefined;
  let reached: { logId: string; seq: number } | undefined;

  const markOf = async (logId: string): Promise<Mark> => {
    const [artifact] = (await conversation.listArtifacts(olderResultsKind)).filter((a) => a.id === id);
    const data = artifact?.data as Record<string, JSONValue> | null | undefined;
    const toSeq = typeof data === 'object' && data !== null ? data.toSeq : undefined;
    return data?.logId === logId && Number.isSafeInteger(toSeq)
      ? // A mark without `short` was written by a version that did not record it: it may be one a pass left short.
        { logId, toSeq: toSeq as number, short: data.short !== false }
      : { logId, toSeq: 0, short: false };
  };
  /** The session's stats, or undefined once it was deleted (a pass over it then stops, as for a log created again). */
  const statsNow = () => statsUnlessDeleted(conversation.stats());

  const pass = async (beforeSeq: number, logId: string) => {
    const start = await statsNow();
    if (start?.logId !== logId) return;
    mark = await markOf(logId);
    let from = mark.toSeq + 1;
    if (waits(mark, beforeSeq)) return; // a page's worth first
    const citer = options.citer();
    while (from < beforeSeq) {
      const entries = await conversation.entries({ fromSeq: from, toSeq: beforeSeq - 1, limit: page });
      const last = entries.at(-1);
      if (!last) break;
      // Created again, or something deleted (a cleared chat): stop; the next read asks again.
      const changed = async () => {
        const now = await statsNow();
        return now === undefined || logChangeBetween(start, now) !== undefined;
      };
      if (await changed()) return;
      await citer.prepare(entries);
      if (await changed()) {
        await dropGone(entries, logId, citer);
        return;
      }
      citer.release(last.seq + 1);
      // Short of the end: the entries left were held by no read (the one that asked holds from `beforeSeq`), so a
      // pass that goes on from this mark must store them however few they are.
      const short = entries.length === page && last.seq + 1 < beforeSeq;
      try {
        await conversation.putArtifact({
          id,
          kind: olderResultsKind,
          fromSeq: 1,
          toSeq: last.seq,
          data: { logId, toSeq: last.seq, short },
        });
      } catch (error) {
        // The session deleted since the check: its page's items have no entry left to cite them.
        if (!MemoryError.hasCode(error, 'SESSION_NOT_FOUND')) throw error;
        await dropGone(entries, logId, citer);
        return;
      }
      mark = { logId, toSeq: last.seq, short };
      from = last.seq + 1;
    }
    reached = { logId, seq: beforeSeq };
  };

  /** Deletes the items of the page's entries that left the log while it was stored (none was there to cite them). */
  const dropGone = async (entries: readonly LogEntry[], logId: string, citer: ToolResultCiter) => {
    const now = await statsNow();
    const live =
      now?.logId === logId
        ? new Set(
            (await conversation.entries({ fromSeq: entries[0]!.seq, toSeq: entries.at(-1)!.seq })).map(
              (e) => e.message.id,
            ),
          )
        : new Set<string>();
    for (const entry of entries) {
      const { message } = entry;
      if (live.has(message.id) || message.role !== 'tool' || typeof message.content === 'string') continue;
      for (const part of message.content)
        if (part.type === 'tool-result') await options.deleteItem(citer.itemId(message.id, part.toolCallId));
    }
  };

  const report = (error: unknown) => {
    // Closing the store under a pass stops it where it is: what it stored is kept, the next view goes on from the mark.
    // So does the session's deletion between two of its checks (a later read of a session created again starts anew).
    if (MemoryError.hasCode(error, 'STORE_CLOSED') || MemoryError.hasCode(error, 'SESSION_NOT_FOUND')) return;
    try {
      // A listener that throws, or returns a promise that rejects, must not leave a rejection nobody handles.
      Promise.resolve(options.onError?.(error) as unknown).catch(() => undefined);
    } catch {
      // ignored: see above
    }
  };

  const self: OlderResults = {
    start(beforeSeq, logId) {
      if (running) {
        asked = { beforeSeq, logId };
        return;
      }
      if (reached?.logId === logId && reached.seq >= beforeSeq) return;
      if (mark?.logId === logId && waits(mark, beforeSeq)) return;
      running = outsideRide(() => withDeferredDurability(() => pass(beforeSeq, logId)))
        .catch(report)
        .finally(() => {
          running = undefined;
          const next = asked;
          asked = undefined;
          if (next) self.start(next.beforeSeq, next.logId);
        });
    },
    async idle() {
      while (running) await running;
    },
  };
  return self;
}
