import { setTimeout as sleep } from 'node:timers/promises';
import { createSerialQueue, MemoryError } from '../../driver.ts';
import type {
  LibsqlClientLike,
  LibsqlRow,
  LibsqlStatement,
  LibsqlTransactionLike,
  LibsqlValue,
} from './libsql-client.ts';
import { createWriteGroup } from './libsql-write-group.ts';

/** Runs statements on a client or inside one write transaction; every query of the driver goes through one. */
export interface LibsqlExecutor {
  /** The rows of a query. */
  all(sql: string, args?: readonly LibsqlValue[]): Promise<LibsqlRow[]>;
  /** The first row of a query, or undefined. */
  get(sql: string, args?: readonly LibsqlValue[]): Promise<LibsqlRow | undefined>;
  /** The one row a statement returns (an INSERT or UPDATE with RETURNING of a row known to exist). */
  one(sql: string, args?: readonly LibsqlValue[]): Promise<LibsqlRow>;
  /** Runs a statement; how many rows it changed. */
  run(sql: string, args?: readonly LibsqlValue[]): Promise<number>;
  /**
   * Runs `work` in one write transaction (`BEGIN IMMEDIATE`): it commits whole or not at all. Inside a
   * transaction it simply runs `work` on the same one.
   */
  write<T>(work: (tx: LibsqlExecutor) => Promise<T>): Promise<T>;
}

/** Options of {@link createLibsqlExecutor}. */
export interface LibsqlExecutorOptions {
  /** The open client. */
  client: LibsqlClientLike;
  /** The longest a call waits in all for another process's write lock, in ms. */
  busyTimeoutMs: number;
  /** Whether every call, reads too, must wait for the write in progress (a client with one connection, `:memory:`). */
  oneConnection: boolean;
}

/** Whether a libSQL error says another connection holds the lock (SQLITE_BUSY, SQLITE_LOCKED). */
export function isBusyError(error: unknown): boolean {
  return error instanceof Error && /SQLITE_BUSY|SQLITE_LOCKED|database is locked/.test(error.message);
}

/** A libSQL failure as the store's typed error (`STORE_ERROR` with the cause); typed errors pass through. */
function storeError(error: unknown, sql: string): unknown {
  if (MemoryError.isInstance(error)) return error;
  const statement = sql.replace(/\s+/g, ' ').slice(0, 80);
  return new MemoryError({
    code: 'STORE_ERROR',
    component: 'libsql',
    message: `${error instanceof Error ? error.message : String(error)} (in: ${statement})`,
    cause: error,
  });
}

type Execute = (stmt: LibsqlStatement) => Promise<{ rows: ArrayLike<LibsqlRow>; rowsAffected: number }>;

/** all / get / run over one `execute`; busy errors stay raw (the caller waits and retries), others are typed. */
function statements(execute: Execute): Omit<LibsqlExecutor, 'write'> {
  const exec = async (sql: string, args: readonly LibsqlValue[] = []) => {
    try {
      return await execute({ sql, args: [...args] });
    } catch (error) {
      throw isBusyError(error) ? error : storeError(error, sql);
    }
  };
  return {
    all: async (sql, args) => Array.from((await exec(sql, args)).rows),
    get: async (sql, args) => (await exec(sql, args)).rows[0],
    one: async (sql, args) => {
      const row = (await exec(sql, args)).rows[0];
      if (row === undefined) throw storeError(new Error('the statement returned no row'), sql);
      return row;
    },
    run: async (sql, args) => (await exec(sql, args)).rowsAffected,
  };
}

/** The executor of one open transaction: `write` nests into it. */
function transactionExecutor(tx: LibsqlTransactionLike): LibsqlExecutor {
  const self: LibsqlExecutor = {
    ...statements((stmt) => tx.execute(stmt)),
    write: (work) => work(self),
  };
  return self;
}

/**
 * The executor of a client. This process's writes never contend with each other for the file's lock: they take
 * turns, and those submitted while one transaction runs share the next one and its commit (group commit, see
 * libsql-write-group.ts). Another process's lock is waited for by SQLite's busy timeout (set on the client); a
 * busy error that still comes back is retried on a timer, the whole transaction again, for up to
 * `busyTimeoutMs` in all, then `STORE_ERROR`. With `oneConnection` reads take turns with the writes too.
 */
export function createLibsqlExecutor(options: LibsqlExecutorOptions): LibsqlExecutor {
  const { client, busyTimeoutMs } = options;
  const turns = createSerialQueue();
  const untilFree = async <T>(attempt: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    for (let n = 0; ; n++) {
      try {
        return await attempt();
      } catch (error) {
        if (!isBusyError(error)) throw error;
        const waited = performance.now() - started;
        if (waited >= busyTimeoutMs) {
          throw new MemoryError({
            code: 'STORE_ERROR',
            component: 'libsql',
            message: `database is busy: another connection held the write lock for ${Math.round(waited)} ms`,
            cause: error,
          });
        }
        await sleep(Math.min(1 + n, 8) * (0.5 + Math.random() / 2));
      }
    }
  };
  const inTransaction = async <T>(work: (tx: LibsqlExecutor) => Promise<T>): Promise<T> => {
    let tx: LibsqlTransactionLike;
    try {
      tx = await client.transaction('write');
    } catch (error) {
      throw isBusyError(error) ? error : storeError(error, 'BEGIN IMMEDIATE');
    }
    try {
      const result = await work(transactionExecutor(tx));
      await tx.commit();
      return result;
    } catch (error) {
      await tx.rollback().catch(() => undefined);
      throw isBusyError(error) ? error : storeError(error, 'a write transaction');
    } finally {
      tx.close();
    }
  };
  const reads = statements((stmt) => untilFree(() => client.execute(stmt)));
  const queued = <T>(fn: () => Promise<T>): Promise<T> => (options.oneConnection ? turns.run(fn) : fn());
  const write = createWriteGroup<LibsqlExecutor>(
    (run) => turns.run(() => untilFree(() => inTransaction(run))),
    isBusyError,
  );
  return {
    all: (sql, args) => queued(() => reads.all(sql, args)),
    get: (sql, args) => queued(() => reads.get(sql, args)),
    one: (sql, args) => write((tx) => tx.one(sql, args)),
    run: (sql, args) => write((tx) => tx.run(sql, args)),
    write,
  };
}
