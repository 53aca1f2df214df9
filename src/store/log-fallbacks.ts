import type { LogEntry } from '../core/message.ts';
import type { Scope } from '../core/scope.ts';
import { checkIdList } from './check-inputs.ts';
import type { LogDriverV1 } from './log-driver.ts';

/**
 * `getMessages` for a driver without a native one: the live log read with `readRange` (one call, so one
 * consistent read) and filtered by id, in log order; unknown ids are skipped, an id breaking the id rule is
 * `INVALID_ARGUMENT` (`checkIdList`), a missing session `SESSION_NOT_FOUND` even for no ids. Cost: O(log size)
 * per call whatever the number of ids.
 */
export async function getMessagesByRead(
  d: LogDriverV1,
  scope: Scope,
  sessionId: string,
  ids: readonly string[],
): Promise<LogEntry[]> {
  const wanted = new Set(checkIdList(ids, d.name));
  const live = await d.readRange(scope, sessionId, wanted.size === 0 ? { limit: 0 } : {});
  return live.filter((e) => wanted.has(e.message.id));
}

/**
 * `clearMessages` for a driver without a native one: `deleteMessages` of every live id `readRange` returns.
 * Two driver calls: `createLogStore` runs them inside the driver's `transaction` when there is one, else alone
 * among this handle's calls (an append by another handle in between survives the clear). Cost: O(log size).
 */
export async function clearByDelete(d: LogDriverV1, scope: Scope, sessionId: string): Promise<number> {
  const live = await d.readRange(scope, sessionId);
  return live.length === 0
    ? 0
    : d.deleteMessages(
        scope,
        sessionId,
        live.map((e) => e.message.id),
      );
}
