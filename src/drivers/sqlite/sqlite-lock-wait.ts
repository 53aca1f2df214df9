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
  /** While others wait too, the longest this connection keeps taking the lock back to back, in ms. @default 20 */
  holdMs?: number;
  /** Waits `ms` without blocking. @default setTimeout of node:timers/promises */
  sleep?: (ms: number) => Promise<unknown>;
}

/** How one connection waits for, and shares, a lock that other processes want too. */
export interface LockWait {
  /**
   * Repeats `attempt` while it fails because the lock is held elsewhere, pausing on a timer between attempts (1 ms,
   * then up to `maxPollMs`, with jitter so waiting processes do not poll in step) — never a synchronous wait, so
   * the event loop keeps running — until it succeeds, fails otherwise, or `busyTimeoutMs` has passed.
   */
  untilFree<T>(attempt: () => T | Promise<T>): Promise<T>;
  /**
   * Call before taking the lock for a write. While other connections have been waiting lately (this one met a
   * busy lock within the last second), a connection that has taken the lock back to back for `holdMs` pauses
   * longer than a waiter's longest poll, so a waiter gets its turn: no writer is starved. Undefined: no pause.
   */
  beforeWrite(): Promise<void> | undefined;
}

/** Contention is "recent" for this long after this connection last met a busy lock, in ms. */
const contentionWindowMs = 1_000;

/** A connection's lock etiquette: {@link LockWait}. */
export function createLockWait(options: LockWaitOptions): LockWait {
  const { busyTimeoutMs, maxPollMs, isBusy, busyError } = options;
  const holdMs = options.holdMs ?? 20;
  const pause = options.sleep ?? sleep;
  let contendedAt = Number.NEGATIVE_INFINITY;
  let turnFrom = 0;
  return {
    async untilFree(attempt) {
      let started: number | undefined;
      for (let n = 0; ; n++) {
        try {
          const result = await attempt();
          if (started !== undefined) turnFrom = performance.now(); // waited for it: a new turn starts
          return result;
        } catch (error) {
          if (!isBusy(error)) throw error;
          const now = performance.now();
          contendedAt = now;
          started ??= now;
          const waited = now - started;
          if (waited >= busyTimeoutMs) throw busyError(waited, error);
          const poll = Math.min(maxPollMs, 1 + n) * (0.5 + Math.random() / 2);
          await pause(Math.max(1, Math.min(poll, busyTimeoutMs - waited)));
        }
      }
    },
    beforeWrite() {
      const now = performance.now();
      if (now - contendedAt > contentionWindowMs || now - turnFrom < holdMs) return undefined;
      return pause(maxPollMs + 2).then(() => {
        turnFrom = performance.now();
      });
    },
  };
}
