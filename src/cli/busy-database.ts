import { errorReason } from '../core/errors/error-reason.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { isBusyError } from '../drivers/sqlite/sqlite-busy.ts';

/** The store's "database is busy" error in `error` or its causes: a `STORE_ERROR` caused by SQLITE_BUSY / LOCKED. */
function busyError(error: unknown): MemoryError | undefined {
  for (let e = error; e instanceof Error; e = e.cause)
    if (MemoryError.hasCode(e, 'STORE_ERROR') && isBusyError(e.cause)) return e;
  return undefined;
}

/**
 * The error a command ended with, as the command line reports it: when it gave up waiting for another process's
 * lock on the SQLite file `db` (`--db`), a `STORE_ERROR` naming that file and saying what to do (the store's own
 * "database is busy" names no file); any other error, or one without `--db`, as it is.
 */
export function namingBusyDatabase(error: unknown, db: string | undefined): unknown {
  const busy = db === undefined ? undefined : busyError(error);
  if (busy === undefined) return error;
  const waited = errorReason(busy).replace(/^database is busy: /, '');
  return new MemoryError({
    code: 'STORE_ERROR',
    component: 'cli',
    message: `database ${db} is busy: ${waited} (another process is writing to it or keeps a transaction open): try again once it has finished`,
    cause: error,
  });
}
