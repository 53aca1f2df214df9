import type { JSONValue } from 'ai';
import type { ToolResultCiter } from '../content/cite-tool-results.ts';
import { contentDigest } from '../content/prepare-content-item.ts';
import { withDeferredDurability } from '../core/deferred-durability.ts';
import { outsideRide } from '../core/ride-on-append.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';

/** The artifact kind of a session's mark of older results stored ({@link createOlderResults}). */
export const olderResultsKind = 'engram.stored-results';

/** Log entries one step of a pass reads (a page of the log). */
const page = 256;

/**
 * Stores the tool results of a long session's older part, which a budgeted view neither holds nor reads: in the
 * background, a page of the log at a time, so the content store (and `query_memory`) holds every result the
 * policy offloads, not only those of the part a read needed.
 */
export interface OlderResults {
  /**
   * Starts a pass over the live entries before `beforeSeq` not stored yet, unless one runs or a pass of this
   * object already reached `beforeSeq` for the log `logId` (the view stores what it holds itself). Never
   * throws or rejects: an error goes to `onError`, and the next `start` tries again.
   */
  start(beforeSeq: number, logId: string): void;
  /** Resolves once no pass runs. */
  idle(): Promise<void>;
}

/** What {@link createOlderResults} works on. */
export interface OlderResultsOptions {
  /** The session: its log is read a page at a time, and the mark is one of its artifacts. */
  conversation: ConversationMemory;
  /** A citer of the view's policy (one per pass: what it keeps of each page is released after it). */
  citer: () => ToolResultCiter;
  /** What the citer stores (`citationPolicyKey` and the content space): marks of other policies are not used. */
  policyKey: string;
  /** Told of each error of a pass. */
  onError?: (error: unknown) => void;
}

/**
 * Creates the background storing of a budgeted view's older results. A pass starts after the session's mark (an
 * `engram.stored-results` artifact per policy: every live entry up to its `toSeq` had its results decided and
 * stored, for the log of its `logId`), prepares each page as the view's own citer would (stored counts first,
 * puts in batches, the event loop given turns), and moves the mark after each page. It runs outside the caller's
 * agent step (nothing rides on the step's commit) with deferred durability: its commits are flushed with the
 * store's next durable commit, and the mark is written after the items it covers, so a crash loses at most
 * work that a later pass does again (items are stored idempotently). A pass stops when the log is created again.
 */
export function createOlderResults(options: OlderResultsOptions): OlderResults {
  const { conversation } = options;
  const id = `stres_${contentDigest(options.policyKey).slice(0, 16)}`;
  let running: Promise<void> | undefined;
  let reached: { logId: string; seq: number } | undefined;

  const markOf = async (logId: string): Promise<number> => {
    const [artifact] = (await conversation.listArtifacts(olderResultsKind)).filter((a) => a.id === id);
    const data = artifact?.data as Record<string, JSONValue> | null | undefined;
    const toSeq = typeof data === 'object' && data !== null ? data.toSeq : undefined;
    return data?.logId === logId && Number.isSafeInteger(toSeq) ? (toSeq as number) : 0;
  };

  const pass = async (beforeSeq: number, logId: string) => {
    let from = (await markOf(logId)) + 1;
    const citer = options.citer();
    while (from < beforeSeq) {
      const entries = await conversation.entries({ fromSeq: from, toSeq: beforeSeq - 1, limit: page });
      const last = entries.at(-1);
      if (!last) break;
      if ((await conversation.stats()).logId !== logId) return; // created again: the next read starts over
      await citer.prepare(entries);
      citer.release(last.seq + 1);
      await conversation.putArtifact({
        id,
        kind: olderResultsKind,
        fromSeq: 1,
        toSeq: last.seq,
        data: { logId, toSeq: last.seq },
      });
      from = last.seq + 1;
    }
    reached = { logId, seq: beforeSeq };
  };

  return {
    start(beforeSeq, logId) {
      if (running || (reached?.logId === logId && reached.seq >= beforeSeq)) return;
      running = outsideRide(() => withDeferredDurability(() => pass(beforeSeq, logId)))
        .catch((error: unknown) => {
          try {
            options.onError?.(error);
          } catch {
            // a throwing listener must not leave a rejection nobody handles
          }
        })
        .finally(() => {
          running = undefined;
        });
    },
    async idle() {
      await running;
    },
  };
}
