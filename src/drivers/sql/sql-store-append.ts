import { isDurabilityDeferred } from '../../core/deferred-durability.ts';
import type { LogEntry } from '../../core/message.ts';
import { appendWithRider, type RiderSinks } from '../../store/append-riders.ts';
import { checkAppendOptions, prepareInputs } from '../../store/check-inputs.ts';
import type { AppendOptions, MemoryStoreV1 } from '../../store/memory-store.ts';
import { checkSessionId } from '../../store/store-helpers.ts';
import { createGroupCommit } from './group-commit.ts';
import { type AppendBatchRunner, type AppendCall, appendAlone } from './sql-append-batch.ts';
import type { SqlAppendWithRiders, SqlOperation } from './sql-artifacts-with-append.ts';
import type { SqlClient } from './sql-client.ts';
import type { LogContext } from './sql-log.ts';

/** Most calls in one group commit. */
const maxBatchCalls = 128;
/** Most serialized message characters in one group commit. */
const maxBatchChars = 8 * 1024 * 1024;

/** What {@link sqlStoreAppend} needs from the SQL store. */
export interface SqlStoreAppendOptions {
  client: SqlClient;
  ctx: LogContext;
  op: SqlOperation;
  /** Runs a group commit's batch; undefined: no group commit (one transaction per call). */
  runBatch: AppendBatchRunner | undefined;
  /** The store's append with what rides on it (`sqlAppendWithArtifacts`). */
  withRiders: SqlAppendWithRiders;
  /** Where riding writes may go (the store, its content items and long-term records), read at each append. */
  sinks: () => RiderSinks;
}

/**
 * The SQL store's `append`. Its options are checked first (`checkAppendOptions`). When writes ride on it
 * (`appendWithRider`) it runs with them in one transaction; else it joins group commit (concurrent appends share a
 * transaction and its commit), except when durability is deferred or it is conditional (`ifLastSeq`, `ifLogId`):
 * those run in a transaction of their own (a conflict in a shared batch would roll back every call of it and run
 * each alone). A conditional append checks the session's `last_seq` and `log_id` in its transaction (see
 * `appendEntries`).
 */
export function sqlStoreAppend(options: SqlStoreAppendOptions): MemoryStoreV1['append'] {
  const { client, ctx, op, runBatch, withRiders } = options;
  const commits =
    runBatch &&
    createGroupCommit<AppendCall, LogEntry[]>({
      maxCalls: maxBatchCalls,
      maxSize: maxBatchChars,
      run: (take) => runBatch(client, ctx, take),
    });
  return (scope, sessionId, inputs, appendOptions) => {
    let condition: AppendOptions | undefined;
    try {
      condition = checkAppendOptions(appendOptions, ctx.component);
    } catch (error) {
      return Promise.reject(error);
    }
    const riding = appendWithRider(
      scope,
      sessionId,
      (a, content, records, deleted) =>
        withRiders(scope, sessionId, inputs, a, content, records, deleted, condition),
      options.sinks(),
    );
    return (
      riding ??
      op('append', scope, () => {
        checkSessionId(sessionId, ctx.component);
        const call = { scope, sessionId, prepared: prepareInputs(ctx, inputs), condition };
        if (!commits || isDurabilityDeferred() || condition !== undefined)
          return appendAlone(client, ctx, call);
        let chars = 0;
        for (const p of call.prepared) chars += p.json.length;
        return commits.submit(call, chars);
      })
    );
  };
}
