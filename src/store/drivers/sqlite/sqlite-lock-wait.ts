import { setTimeout as sleep } from 'node:timers/promises';

/** Options of {@link createLockWait}. */
export interface LockWaitOptions {
  /** The longest a call waits in all, in ms. */
  busyTimeoutMs: number;
  /** The longest pause between two attempts, in ms. */
  maxPollMs: number;
  /** Whether an error means the lock is held by someone else. */
  isBusy(error: unknown): boolean;
  /** The error thrown when the wait is over. */
  busyError(waitedMs: number, cause: unknown): Error;
}

/**
 * Repeats an attempt that fails because a lock is held elsewhere, pausing on a timer between attempts (1 ms,
 * then up to `maxPollMs`, with jitter so waiting processes do not poll in step) — never a synchronous wait, so
 * the event loop keeps running — until it succeeds, fails otherwise, or `busyTimeoutMs` has passed.
 */
export function createLockWait(options: LockWaitOptions) {
  const { busyTimeoutMs, maxPollMs, isBusy, busyError } = options;
  return async function untilFree<T>(attempt: () => T | Promise<T>): Promise<T> {
    let started: number | undefined;
    for (let n = 0; ; n++) {
      try {
        return await attempt();
      } catch (error) {
        if (!isBusy(error)) throw error;
        started ??= performance.now();
        const waited = performance.now() - started;
        if (waited >= busyTimeoutMs) throw busyError(waited, error);
        const pause = Math.min(maxPollMs, 1 + n) * (0.5 + Math.random());
        await sleep(Math.max(1, Math.min(pause, busyTimeoutMs - waited)));
      }
    }
  };
}
