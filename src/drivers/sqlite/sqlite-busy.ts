import { MemoryError } from '../../core/errors/memory-error.ts';
import { createLockWait, type LockWait } from './sqlite-lock-wait.ts';

/** How long a SQLite call waits in all for another connection's lock before it fails, in ms. */
export const defaultBusyTimeoutMs = 30_000;

/** Whether an error from a SQLite binding is SQLITE_BUSY / SQLITE_LOCKED. */
export function isBusyError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { errcode?: unknown; code?: unknown; message?: unknown };
  const primary = typeof e.errcode === 'number' ? e.errcode & 0xff : undefined;
  return (
    primary === 5 ||
    primary === 6 ||
    e.code === 'SQLITE_BUSY' ||
    e.code === 'SQLITE_LOCKED' ||
    (typeof e.message === 'string' && /database (table )?is locked/.test(e.message))
  );
}

/** Options of {@link createSqliteLockWait}. */
export interface SqliteLockWaitOptions {
  /** How long a call waits in all for another connection's lock, in ms. @default 30000 */
  busyTimeoutMs?: number;
  /** Longest pause between two attempts to take a busy lock, in ms. @default 4 */
  maxPollMs?: number;
}

/**
 * The lock wait of a SQLite connection ({@link createLockWait}): SQLITE_BUSY / SQLITE_LOCKED is waited for on a
 * timer for up to `busyTimeoutMs`, then a `STORE_ERROR` saying the database is busy. The store's client and the
 * CLI's probe of a file wait alike.
 */
export function createSqliteLockWait(options: SqliteLockWaitOptions = {}): LockWait {
  return createLockWait({
    busyTimeoutMs: options.busyTimeoutMs ?? defaultBusyTimeoutMs,
    maxPollMs: options.maxPollMs ?? 4,
    isBusy: isBusyError,
    busyError: (waitedMs, cause) =>
      new MemoryError({
        code: 'STORE_ERROR',
        component: 'sqlite',
        message: `database is busy: another connection held the lock for ${Math.round(waitedMs)} ms`,
        cause,
      }),
  });
}
