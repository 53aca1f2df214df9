import type { LogEntry } from '../../core/message.ts';
import type { Scope } from '../../core/scope.ts';
import type { PreparedInput } from '../../store/check-inputs.ts';
import type { AppendOptions } from '../../store/memory-store.ts';
import type { GroupCall } from './group-commit.ts';
import type { SqlClient } from './sql-client.ts';
import { charsOf, indexTailWhenDue } from './sql-index-tail.ts';
import { appendEntries, type LogContext } from './sql-log.ts';

/** One `append` call, checked and serialized, waiting for its commit. */
export interface AppendCall {
  /** The caller's scope. */
  scope: Scope;
  /** The session appended to. */
  sessionId: string;
  /** The inputs, checked and serialized. */
  prepared: readonly PreparedInput[];
  /** A conditional append's condition (`AppendOptions`: such a call runs alone, outside group commit). */
  condition?: AppendOptions | undefined;
}

/** A group commit's batch runner for appends: settles every call it takes. */
export type AppendBatchRunner = (
  client: SqlClient,
  ctx: LogContext,
  take: () => readonly GroupCall<AppendCall, LogEntry[]>[],
) => Promise<void>;

/**
 * One call in a transaction of its own: the plain append, and the fallback of a failed batch (the full-text
 * index's batch joins it when due).
 */
export async function appendAlone(client: SqlClient, ctx: LogContext, call: AppendCall): Promise<LogEntry[]> {
  let noteIndex = () => {};
  const entries = await client.transaction(async (tx) => {
    const entries = await appendEntries(tx, ctx, call.scope, call.sessionId, call.prepared, call.condition);
    noteIndex = await indexTailWhenDue(
      client,
      tx,
      entries.length,
      entries.length > 0 ? charsOf(call.prepared) : 0,
    );
    return entries;
  });
  noteIndex();
  return entries;
}

/** Runs calls one by one, each in its own transaction, settling each with its own outcome. */
export async function appendEachAlone(
  client: SqlClient,
  ctx: LogContext,
  calls: readonly GroupCall<AppendCall, LogEntry[]>[],
): Promise<void> {
  for (const call of calls) {
    try {
      call.resolve(await appendAlone(client, ctx, call.input));
    } catch (error) {
      call.reject(error);
    }
  }
}

/**
 * The shared-transaction batch: takes the calls once the write lock is held (so calls arriving while it waited
 * still join), appends each in arrival order (with the full-text index's batch when due) and commits once; every caller is
 * answered after that commit. When a call fails inside it, the whole transaction rolls back and each call runs
 * alone, so each gets exactly the outcome it would have had without group commit. A failure before any call ran
 * (the lock never freed) is every call's outcome.
 */
export const appendInOneTransaction: AppendBatchRunner = async (client, ctx, take) => {
  let calls: readonly GroupCall<AppendCall, LogEntry[]>[] | undefined;
  let results: LogEntry[][];
  let noteIndex = () => {};
  try {
    results = await client.transaction(async (tx) => {
      calls ??= take();
      const out: LogEntry[][] = [];
      let rows = 0;
      let chars = 0;
      for (const { input } of calls) {
        const entries = await appendEntries(
          tx,
          ctx,
          input.scope,
          input.sessionId,
          input.prepared,
          input.condition,
        );
        rows += entries.length;
        if (entries.length > 0) chars += charsOf(input.prepared);
        out.push(entries);
      }
      noteIndex = await indexTailWhenDue(client, tx, rows, chars);
      return out;
    });
    noteIndex();
  } catch (error) {
    if (!calls) {
      for (const call of take()) call.reject(error);
    } else if (calls.length === 1) {
      calls[0]!.reject(error);
    } else {
      await appendEachAlone(client, ctx, calls);
    }
    return;
  }
  for (const [i, call] of calls!.entries()) call.resolve(results[i]!);
};
