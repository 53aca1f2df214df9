import type { ModelMessage } from 'ai';
import type { Clock } from '../core/clock.ts';
import { describeValue, errorText } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { LogEntry } from '../core/message.ts';
import type { Scope } from '../core/scope.ts';
import { createSerialQueue } from '../core/serial-queue.ts';
import { withExtras } from '../messages/from-model-message.ts';
import { validateMessage } from '../messages/validate.ts';
import { isAbandoned } from '../store/abandoned-session.ts';
import type { AppendInput, MemoryStoreV1, RangeQuery, SessionRecord } from '../store/memory-store.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';

/** Live entries a page holds when a conversation walks its log. */
export const pageSize = 256;
/** Appended entries `recentAppends` keeps. */
const keptAppends = 256;

/** Where a conversation's session lives, and how it counts. */
export interface ConversationLogOptions {
  storage: MemoryStoreV1;
  scope: Scope;
  sessionId: string;
  counter: TokenCounter;
  initialMessages: readonly ModelMessage[] | undefined;
  /** Stamps `createdAt` on a message stored without one (undefined: the system clock). */
  clock?: Clock | undefined;
}

/**
 * One session's log as a conversation memory works it: opened once (created when missing), writes queued in
 * call order, reads queued behind them, appends validated and counted first and remembered for `recentAppends`.
 */
export interface ConversationLog extends ConversationLogOptions {
  /** Runs a write after the session is open, behind every earlier write. */
  write<T>(task: () => Promise<T>): Promise<T>;
  /** Runs a read after the session is open and every write queued before it. */
  read<T>(task: () => Promise<T>): Promise<T>;
  /** Validates and counts one message or several (a bad one refuses the batch). */
  prepare(input: unknown): AppendInput[];
  /** Appends now (inside a write); returns the entries as stored. */
  appendNow(input: unknown): Promise<LogEntry[]>;
  /** Live entries oldest first, a page at a time, until `visit` returns false. */
  forEachPage(query: RangeQuery, visit: (page: LogEntry[]) => boolean | undefined): Promise<void>;
  /** The newest sequence number when the session was opened (or loaded): `appended()` starts after it. */
  baselineSeq(): number;
  /** Sets the baseline to the log's newest sequence number (after `loadState`). */
  resetBaseline(): Promise<void>;
  /** The entries appended through this log after `mark` (see `ConversationMemory.recentAppends`). */
  recentAppends(mark?: number): { mark: number; entries: readonly LogEntry[] | undefined };
}

/** Opens (lazily) a session's log for a conversation memory; see {@link ConversationLog}. */
export function createConversationLog(options: ConversationLogOptions): ConversationLog {
  const { storage, scope, sessionId, counter } = options;
  /** Writes run one at a time, in call order, so un-awaited store() calls keep their order on any store. */
  const writes = createSerialQueue();
  let baselineSeq = 0;
  let opening: Promise<void> | undefined;
  /** The session as it was when the log opened it (undefined when the log created it). */
  let opened: SessionRecord | undefined;
  /** The newest entries appended through this memory, and how many were ever appended. */
  let recent: LogEntry[] = [];
  let appendedCount = 0;

  /** Opens the session once: creates it when missing (tolerating a concurrent creator), seeds initialMessages into an empty log. */
  const ready = (): Promise<void> => {
    opening ??= (async () => {
      opened = await storage.getSession(scope, sessionId);
      if (!opened) {
        try {
          await storage.createSession(scope, { id: sessionId });
        } catch (error) {
          // Another memory (or process) created it between our get and create: use theirs.
          if (!(await storage.getSession(scope, sessionId))) throw error;
        }
      }
      if (options.initialMessages?.length && (await storage.stats(scope, sessionId)).lastSeq === 0) {
        await appendNow(options.initialMessages);
      }
      baselineSeq = (await storage.stats(scope, sessionId)).lastSeq;
    })().catch((error: unknown) => {
      opening = undefined; // a failed open is retried by the next call
      throw error;
    });
    return opening;
  };
  const write = <T>(task: () => Promise<T>): Promise<T> =>
    writes.run(async () => {
      await ready();
      return task();
    });

  function prepare(input: unknown): AppendInput[] {
    const list: readonly unknown[] = Array.isArray(input) ? input : [input];
    // Validate and count the whole batch first: a bad message stores nothing.
    // Array.from visits holes too (as undefined, refused by the check), where map would skip them.
    return Array.from(list, (m, i) => {
      const location = list.length > 1 ? `messages[${i}]` : undefined;
      const candidate =
        typeof m === 'object' && m !== null && !Array.isArray(m)
          ? withExtras(m as ModelMessage, {}, options.clock ? { clock: options.clock } : {})
          : m;
      const message = validateMessage(candidate, location);
      return { message, tokens: counter.count(message) };
    });
  }

  async function appendNow(input: unknown): Promise<LogEntry[]> {
    // What a crashed copy or import left (not listed, not opened by `sessions.open`) takes no new messages: they
    // would be lost when the next copy, import or `sessions.create` of the id replaces it.
    if (opened && isAbandoned(opened.metadata))
      throw new MemoryError({
        code: 'CONFLICT',
        component: 'memory',
        message: `session "${errorText(sessionId)}" holds what a crashed copy or import left unfinished, so nothing is stored in it: replace it (sessions.create or sessions.copy with its id, or the import again), then open a new memory`,
      });
    // The counter's tables load ahead of the first count, in slices (and inside a bundle, where only an import finds them).
    await counter.load?.();
    const entries = await storage.append(scope, sessionId, prepare(input));
    // Keep the newest entries without spreading the batch into arguments (a batch of any size must not throw
    // after its append committed).
    if (entries.length >= keptAppends) recent = entries.slice(-keptAppends);
    else {
      for (const entry of entries) recent.push(entry);
      if (recent.length > 2 * keptAppends) recent = recent.slice(-keptAppends);
    }
    appendedCount += entries.length;
    return entries;
  }

  return {
    ...options,
    write,
    read: write,
    prepare,
    appendNow,
    async forEachPage(query, visit) {
      let fromSeq = query.fromSeq ?? 1;
      for (;;) {
        const page = await storage.readRange(scope, sessionId, { ...query, fromSeq, limit: pageSize });
        if (page.length === 0 || visit(page) === false || page.length < pageSize) return;
        fromSeq = page.at(-1)!.seq + 1;
      }
    },
    baselineSeq: () => baselineSeq,
    async resetBaseline() {
      baselineSeq = (await storage.stats(scope, sessionId)).lastSeq;
    },
    recentAppends(mark = appendedCount) {
      if (!Number.isSafeInteger(mark))
        throw invalid(`recentAppends(mark): mark must be an integer, got ${describeValue(mark)}`);
      const after = appendedCount - mark;
      const entries = after > recent.length || after < 0 ? undefined : recent.slice(recent.length - after);
      return { mark: appendedCount, entries };
    },
  };
}

/** An `INVALID_ARGUMENT` error of the memory component. */
export function invalid(message: string): MemoryError {
  return new MemoryError({ code: 'INVALID_ARGUMENT', component: 'memory', message });
}
