import { isDurabilityDeferred } from '../../core/deferred-durability.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { createSerialQueue } from '../../core/serial-queue.ts';
import type { SqlClient, SqlRow } from '../sql/sql-client.ts';
import type { SqlValue } from '../sql/sql-fragment.ts';
import { createSqliteLockWait, isBusyError } from './sqlite-busy.ts';
import { sqliteDialect } from './sqlite-dialect.ts';
import { bodyText, messageTextFunction } from './sqlite-message-text.ts';
import { watchTransactions } from './sqlite-open-transaction.ts';

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
  /**
   * Registers a SQL function written in JavaScript (engram's `engram_message_text`, see sqlite-message-text.ts);
   * it must stay usable in triggers (not `directOnly`).
   */
  function(name: string, options: { deterministic?: boolean }, fn: (...args: unknown[]) => string): unknown;
  /** Loads an extension (sqlite-vec). */
  loadExtension?(path: string): unknown;
  /**
   * Whether a transaction is open on the handle (node:sqlite's `DatabaseSync.isTransaction`). A handle without it
   * is taken to have none open but engram's own.
   */
  readonly isTransaction?: boolean;
}

/** Options of {@link createSqliteClient}. */
export interface SqliteClientOptions {
  /**
   * How long a call waits in all for another connection's lock (SQLITE_BUSY), in ms, before it fails with
   * `STORE_ERROR`. The wait is asynchronous: the handle's own busy timeout should be 0. @default 30000
   */
  busyTimeoutMs?: number;
  /** Longest pause between two attempts to take a busy lock, in ms. @default 4 */
  maxPollMs?: number;
  /** Prepared statements kept. @default 256 */
  statementCacheSize?: number;
  /**
   * The longest the client runs calls back to back without letting the event loop turn, in ms: a synchronous
   * handle resolves every call at once, so a caller awaiting one call after another would otherwise never
   * yield. @default 10
   */
  yieldEveryMs?: number;
}

/**
 * Registers `engram_message_text` on the handle (the message index's text since schema 17). `INVALID_ARGUMENT` for a
 * handle that cannot take a SQL function, or whose schema is not trusted (`PRAGMA trusted_schema = OFF`: SQLite then
 * refuses a function in a trigger, and every delete of a message would fail).
 */
function registerMessageText(db: SqliteDatabaseLike): void {
  const bad = (message: string) =>
    new MemoryError({ code: 'INVALID_ARGUMENT', component: 'sqlite', message });
  if (typeof db.function !== 'function')
    throw bad(
      'the database handle must have function(name, options, fn) (node:sqlite DatabaseSync or better-sqlite3): the message index calls engram_message_text',
    );
  db.function(messageTextFunction, { deterministic: true }, bodyText);
  const row = db.prepare('PRAGMA trusted_schema').get() as { trusted_schema?: number | bigint } | undefined;
  if (row !== undefined && Number(row.trusted_schema) === 0)
    throw bad(
      "the database handle has trusted_schema = OFF: engram's message index triggers call engram_message_text, which SQLite then refuses (PRAGMA trusted_schema = ON)",
    );
}

/**
 * A {@link SqlClient} over a synchronous SQLite handle. Calls are serialized (a transaction's awaits never
 * interleave with other callers), statements are cached, writers use `BEGIN IMMEDIATE`. A lock held by another
 * connection (SQLITE_BUSY) is waited for asynchronously — the attempt is repeated after short timer pauses, so
 * the event loop keeps running — for up to `busyTimeoutMs` in all, then reported as `STORE_ERROR`. A `COMMIT`
 * that meets SQLITE_BUSY (a rollback journal with readers) is retried alone: the transaction stays open.
 */
export function createSqliteClient(
  db: SqliteDatabaseLike,
  options: SqliteClientOptions = {},
): SqlClient & { close(closeHandle?: boolean): Promise<void> } {
  registerMessageText(db);
  const cacheSize = options.statementCacheSize ?? 256;
  const cache = new Map<string, SqliteStatementLike>();
  const queue = createSerialQueue();
  const yieldEveryMs = options.yieldEveryMs ?? 10;
  let turned = performance.now();
  const turn = () =>
    new Promise<void>((resolve) =>
      setImmediate(() => {
        turned = performance.now();
        resolve();
      }),
    );
  /** Runs calls one at a time; lets the event loop turn (timers, I/O) when they have kept it from it for `yieldEveryMs`. */
  const serial = <T>(task: () => Promise<T>): Promise<T> =>
    queue.run(() => (performance.now() - turned >= yieldEveryMs ? turn().then(task) : task()));
  const lock = createSqliteLockWait(options);
  const untilFree = lock.untilFree;

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

  const direct: SqlClient = {
    dialect: sqliteDialect,
    all: async (text, params) => statement(text).all(...params) as SqlRow[],
    get: async (text, params) => statement(text).get(...params) as SqlRow | undefined,
    run: async (text, params) => ({ changes: Number(statement(text).run(...params).changes) }),
    exec: async (text) => {
      db.exec(text);
    },
    transaction: (fn) => fn(direct),
    readSnapshot: (fn) => fn(direct),
  };
  const open = () => db.isTransaction === true;
  watchTransactions(direct, open);
  const commit = () => statement('COMMIT').run();
  /**
   * `fn` in a transaction opened by `begin` and ended by `end`; rolled back when either throws (SQLite may have
   * rolled it back already, e.g. after SQLITE_FULL: the original error is what matters).
   */
  const within = async <T>(
    begin: string,
    fn: (tx: SqlClient) => Promise<T>,
    end: () => unknown,
  ): Promise<T> => {
    statement(begin).run();
    try {
      const result = await fn(direct);
      await end();
      return result;
    } catch (error) {
      try {
        db.exec('ROLLBACK');
      } catch {
        // Nothing open any more.
      }
      throw error;
    }
  };
  /** A write transaction: a busy error inside `fn` (a rollback journal spilling its cache) rolls back and retries it whole. */
  const write = <T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> =>
    untilFree(() =>
      within('BEGIN IMMEDIATE', fn, async () => {
        try {
          commit();
        } catch (error) {
          if (!isBusyError(error)) throw error;
          await untilFree(commit); // the transaction stays open: only COMMIT is retried
        }
      }),
    );
  /**
   * A read transaction (`BEGIN`, deferred: its first read takes the snapshot every later read sees), ended after
   * `fn`; a busy error (a WAL being recovered) ends it and runs it again.
   */
  const snapshot = <T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> =>
    untilFree(() => within('BEGIN', fn, commit));

  /**
   * `write` with its commit not flushed (`withDeferredDurability`): in WAL mode at `synchronous` FULL or EXTRA,
   * NORMAL for this transaction (the WAL keeps it through a process crash; the next flushed commit flushes it
   * too), the level restored after. Outside WAL mode (where NORMAL risks more than the commit) it is `write`.
   */
  const deferredWrite = async <T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> => {
    const level = Number((statement('PRAGMA synchronous').get() as { synchronous: unknown }).synchronous);
    const mode = String((statement('PRAGMA journal_mode').get() as { journal_mode: unknown }).journal_mode);
    if (level < 2 || mode.toLowerCase() !== 'wal') return write(fn);
    db.exec('PRAGMA synchronous = NORMAL');
    try {
      return await write(fn);
    } finally {
      db.exec(`PRAGMA synchronous = ${level}`);
    }
  };

  const client: SqlClient & { close(closeHandle?: boolean): Promise<void> } = {
    dialect: sqliteDialect,
    all: (text, params) => serial(() => untilFree(() => direct.all(text, params))),
    get: (text, params) => serial(() => untilFree(() => direct.get(text, params))),
    run: (text, params) => serial(() => untilFree(() => direct.run(text, params))),
    exec: (text) => serial(() => untilFree(() => direct.exec(text))),
    transaction: (fn) => {
      const run = isDurabilityDeferred() ? deferredWrite : write;
      return serial(() => {
        const pause = lock.beforeWrite();
        return pause ? pause.then(() => run(fn)) : run(fn);
      });
    },
    readSnapshot: (fn) => serial(() => snapshot(fn)),
    close: (closeHandle = true) =>
      queue.run(async () => {
        cache.clear();
        if (closeHandle) db.close?.();
      }),
  };
  watchTransactions(client, open);
  return client;
}
