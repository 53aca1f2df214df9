import type { LogEntry } from '../core/message.ts';
import type { Scope } from '../core/scope.ts';
import type { PreparedInput } from './check-inputs.ts';
import type { LogDriverV1 } from './log-driver.ts';
import { planReplace } from './replace-plan.ts';

/**
 * `replaceMessages` for a driver without a native one: reads the live log, plans the change with
 * `planReplace` (every refusal `append` would make, the driver's size limit included, is found before anything
 * is written: the inputs come checked by `prepareInputs` with the driver's `maxMessageBytes`), then tombstones
 * the removed entries and appends the rest, each in one driver call; nothing is written when the log already
 * equals the inputs.
 *
 * Atomic only as far as its caller makes it: `createLogStore` runs it inside the driver's `transaction` when
 * there is one; without one it runs alone among this store handle's calls, so no caller of the handle sees the
 * log between the two writes, but it is not crash-atomic (a crash between them leaves the kept prefix without
 * the new entries) and another handle or process writing the session meanwhile is not held back.
 */
export async function replaceByPlan(
  d: LogDriverV1,
  scope: Scope,
  sessionId: string,
  prepared: readonly PreparedInput[],
): Promise<LogEntry[]> {
  const live = await d.readRange(scope, sessionId);
  const plan = planReplace(live, prepared, sessionId, d.name);
  if (plan.remove.length > 0) await d.deleteMessages(scope, sessionId, plan.remove);
  if (plan.rest.length === 0) return plan.kept;
  const appended = await d.append(
    scope,
    sessionId,
    plan.rest.map((p) => p.input),
  );
  return [...plan.kept, ...appended];
}
