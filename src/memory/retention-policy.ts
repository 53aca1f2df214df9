import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';

/**
 * Seed 003's retention policies, the one declaration every part that keeps or clears memory at the end of a run
 * reads (sessions' `create` / `endOf`, the agent's `memoryRetention`): cleared after each run (`single_run`),
 * kept for the workflow (`session`), or kept in the store (`persistent`).
 */
export const retentionPolicies = ['single_run', 'session', 'persistent'] as const;

/** A retention policy (see {@link retentionPolicies}). */
export type RetentionPolicy = (typeof retentionPolicies)[number];

/** What a policy does when a run or the workflow ends: clear the messages, delete the session, or keep it. */
export function retentionAt(policy: RetentionPolicy, end: 'run' | 'workflow'): 'clear' | 'delete' | 'keep' {
  if (policy === 'persistent') return 'keep';
  if (end === 'workflow') return 'delete';
  return policy === 'single_run' ? 'clear' : 'keep';
}

/** Whether a value (an option, stored metadata) is a retention policy. */
export function isRetentionPolicy(value: unknown): value is RetentionPolicy {
  return retentionPolicies.some((p) => p === value);
}

/** `value` when it is a retention policy, else `INVALID_ARGUMENT` naming `what` and the policies. */
export function checkRetentionPolicy(value: unknown, what: string, component: string): RetentionPolicy {
  if (isRetentionPolicy(value)) return value;
  throw new MemoryError({
    code: 'INVALID_ARGUMENT',
    component,
    message: `${what} must be ${retentionPolicies.map((p) => `'${p}'`).join(', ')}; got ${describeValue(value)}`,
  });
}
