import type { Scope } from '../core/scope.ts';
import type { LongTermStoreV1 } from '../longterm/long-term-store-v1.ts';
import { purgeSessionRecords } from '../longterm/session-bound-records.ts';
import { checkDeleteCondition, checkDeleteSessionOptions } from './check-inputs.ts';
import { statsIfAny } from './engine-append.ts';
import type { LogDriverV1 } from './log-driver.ts';
import type { LogOperations } from './log-operations.ts';
import type { DeleteSessionOptions, MemoryStoreV1 } from './memory-store.ts';
import { checkSessionId } from './store-helpers.ts';

/** What the engine's `deleteSession` needs from `createLogStore`. */
export interface EngineDeleteContext {
  /** The driver. */
  driver: LogDriverV1;
  /** The error component. */
  component: string;
  /** The engine's operations (the fork links of a copying driver). */
  ops: LogOperations;
  /** Whether the engine owns the fork links (no `nativeForks`). */
  copyForks: boolean;
  /** The long-term records the store carries, whose records bound to a deleted session go with it. */
  records: LongTermStoreV1 | undefined;
  /** Runs a single driver step (or reads), beside other single steps. */
  step<T>(work: () => Promise<T>): Promise<T>;
  /** Runs a multi-step change: in the driver's transaction, else alone among the handle's calls. */
  change<T>(work: (d: LogDriverV1) => Promise<T>): Promise<T>;
}

/**
 * `createLogStore`'s `deleteSession`, once the store's open state and the scope are checked. The options are
 * checked here (`checkDeleteSessionOptions`). When the store carries long-term records, the records bound to the
 * session are purged first (`purgeSessionRecords`), then the session is deleted: two steps, not one transaction
 * (a crash between them leaves the session without them, never its records waiting for a new session of its id).
 * A conditional delete (`ifLogId`, `ifUpdatedBefore`) checks the session's `logId` and `updatedAt` before that purge
 * (refused: nothing purged), and again atomically with the delete: by the driver when it sets `nativeConditionalDelete`, else by reading `stats`
 * and deleting in one `change` (the driver's transaction, or alone among the handle's calls). What the two steps
 * leave open: a session deleted and created again by another caller between the first check and the delete makes
 * the delete `CONFLICT`, and its records bound to the session id may already be purged.
 */
export function engineDeleteSession(ctx: EngineDeleteContext): MemoryStoreV1['deleteSession'] {
  const { driver, component, ops, copyForks, records, step, change } = ctx;
  const native = driver.nativeConditionalDelete === true;
  const check = async (d: LogDriverV1, scope: Scope, sessionId: string, condition: DeleteSessionOptions) => {
    const stats = await statsIfAny(d, scope, sessionId);
    const record = stats && (await d.getSession(scope, sessionId));
    checkDeleteCondition(
      record && stats && { logId: stats.logId, updatedAt: record.updatedAt },
      condition,
      sessionId,
      component,
    );
  };

  return async (scope, sessionId, options) => {
    const condition = checkDeleteSessionOptions(options, component);
    if (condition !== undefined) checkSessionId(sessionId, component); // a bad id is refused, not a CONFLICT
    if (records) {
      if (condition !== undefined) await step(() => check(driver, scope, sessionId, condition));
      // The long-term records bound to the session go first (see above).
      if (condition !== undefined || (await step(() => driver.getSession(scope, sessionId))))
        await purgeSessionRecords(records, scope, sessionId);
    }
    if (condition === undefined) {
      if (copyForks) return change((d) => ops.deleteSession(d, scope, sessionId));
      return step(() => driver.deleteSession(scope, sessionId));
    }
    if (native && !copyForks) return step(() => driver.deleteSession(scope, sessionId, condition));
    return change(async (d) => {
      await check(d, scope, sessionId, condition);
      return copyForks ? ops.deleteSession(d, scope, sessionId) : d.deleteSession(scope, sessionId);
    });
  };
}
