import { setTimeout as sleep } from 'node:timers/promises';
import { MemoryError } from '../../../core/errors/memory-error.ts';
import type { SqlClient, SqlRow } from '../../sql/sql-client.ts';
import type { SqlValue } from '../../sql/sql-fragment.ts';
import { sqliteDialect } from './sqlite-dialect.ts';

/** A prepared statement of a better-sqlite3-shaped binding (`node:sqlite`'s `StatementSync` fits). */
export interface SqliteStatementLike {
  /** Runs it; reports the rows changed. */
  run(...params: SqlValue[]): { changes: number | bigint };
  /** The first row, or undefined. */
  get(...params: SqlValue[]): unknown;
  /** Every row. */
  all(...params: SqlValue[]): unknown[];
}

/** The structural subset of a SQLite handle the driver uses: `node:sqlite`'s `DatabaseSync`, better-sqlite3's `Database`. */
export interface SqliteDatabaseLike {
  /** Compiles a statement. */
  prepare(sql: string): SqliteStatementLike;
  /** Runs statements without parameters. */
  exec(sql: string): unknown;
  /** Closes the handle. */
  close?(): unknown;
  /** Loads an extension (sqlite-vec). */
  loadExtension?(path: string): unknown;
}

/** Options of {@link createSqliteClient}. */
export interface SqliteClientOptions {
  /** Retries of a transaction that meets SQLITE_BUSY after the busy timeout. @default 5 */
  busyRetries?: number;
  /** First backoff delay in ms, doubled per retry. @default 20 */
  busyBackoffMs?: number;
  /** Prepared statements kept. @default 256 */
  statementCacheSize?: number;
}

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

/**
 * A {@link SqlClient} over a synchronous SQLite handle. Calls are serialized (a transaction's awaits never
 * interleave with other callers), statements are cached, writers use `BEGIN IMMEDIATE`, and SQLITE_BUSY that
 * outlasts the busy timeout is retried with backoff, then reported as `STORE_ERROR`.
 */
export function createSqliteClient(
  db: SqliteDatabaseLike,
  options: SqliteClientOptions = {},
): SqlClient & { close(closeHandle?: boolean): Promise<void> } {
  const retries = options.busyRetries ?? 5;
  const backoff = options.busyBackoffMs ?? 20;
  const cacheSize = options.statementCacheSize ?? 256;
  const cache = new Map<string, SqliteStatementLike>();
  let tail: Promise<unknown> = Promise.resolve();

  const statement = (text: string): SqliteStatementLike => {
    let s = cache.get(text);
    if (s) {
      cache.delete(text);
    } else {
      s = db.prepare(text);
      if (cache.size >= cacheSize) cache.delete(cache.keys().next().value!);
    }
    cache.set(text, s);
    return s;
  };

  const withRetry = async <T>(fn: () => Promise<T>, onBusy?: () => void): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fn();
      } catch (error) {
        if (!isBusyError(error)) throw error;
        onBusy?.();
        if (attempt >= retries) {
          throw new MemoryError({
            code: 'STORE_ERROR',
            component: 'sqlite',
            message: `database is busy after ${retries} retries; another writer holds the lock`,
            cause: error,
          });
        }
        await sleep(backoff * 2 ** attempt * (0.5 + Math.random()));
      }
    }
  };

  const direct: SqlClient = {
    dialect: sqliteDialect,
    all: async (text, params) => statement(text).all(...params) as SqlRow[],
    get: async (text, params) => statement(text).get(...params) as SqlRow | undefined,
    run: async (text, params) => ({ changes: Number(statement(text).run(...params).changes) }),
    exec: async (text) => {
      db.exec(text);
    },
    transaction: (fn) => fn(direct),
  };

  const serialized = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn);
    tail = run.catch(() => undefined);
    return run;
  };

  return {
    dialect: sqliteDialect,
    all: (text, params) => serialized(() => withRetry(() => direct.all(text, params))),
    get: (text, params) => serialized(() => withRetry(() => direct.get(text, params))),
    run: (text, params) => serialized(() => withRetry(() => direct.run(text, params))),
    exec: (text) => serialized(() => withRetry(() => direct.exec(text))),
    transaction: (fn) =>
      serialized(() =>
        withRetry(async () => {
          db.exec('BEGIN IMMEDIATE');
          try {
            const result = await fn(direct);
            db.exec('COMMIT');
            return result;
          } catch (error) {
            try {
              db.exec('ROLLBACK');
            } catch {
              // Already rolled back by SQLite (e.g. after SQLITE_FULL); the original error is what matters.
            }
            throw error;
          }
        }),
      ),
    close: (closeHandle = true) =>
      serialized(async () => {
        cache.clear();
        if (closeHandle) db.close?.();
      }),
  };
}
