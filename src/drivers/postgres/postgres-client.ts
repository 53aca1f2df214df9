import { setTimeout as sleep } from 'node:timers/promises';
import { isDurabilityDeferred } from '../../core/deferred-durability.ts';
import { createSerialQueue } from '../../core/serial-queue.ts';
import type { SqlClient, SqlDialect, SqlRow, SqlRunResult } from '../sql/sql-client.ts';
import type { SqlValue } from '../sql/sql-fragment.ts';
import { postgresTables, quoteSchema } from './postgres-dialect.ts';

/** What a query returns: `pg`'s `QueryResult` and PGlite's `Results` both fit. */
export interface PgQueryResultLike {
  /** The rows. */
  rows: Record<string, unknown>[];
  /** Rows changed (`pg`). */
  rowCount?: number | null;
  /** Rows changed (PGlite). */
  affectedRows?: number;
}

/** The structural subset of one connection the driver uses: a `pg.Client`, a `pg.PoolClient`, a PGlite instance. */
export interface PgQueryable {
  /** Runs one statement with `$n` parameters (or several, without parameters). */
  query(text: string, params?: unknown[]): Promise<PgQueryResultLike>;
}

/** A connection checked out of a pool. */
export interface PgPoolClientLike extends PgQueryable {
  /** Returns it to the pool; an error (or `true`) destroys it instead. */
  release(destroy?: Error | boolean): void;
}

/** The structural subset of a `pg.Pool` the driver uses. */
export interface PgPoolLike extends PgQueryable {
  /** Checks out a connection. */
  connect(): Promise<PgPoolClientLike>;
}

/** Options of {@link createPostgresClient}. */
export interface PostgresClientOptions {
  /** The dialect (built for `schema`). */
  dialect: SqlDialect;
  /** The schema the `engram_*` tables live in. */
  schema: string;
  /** A pool: each transaction checks out its own connection, other queries go to `pool.query`. */
  pool?: PgPoolLike;
  /** One connection (a `pg.Client`, PGlite): every call is serialized on it. */
  connection?: PgQueryable;
  /** Retries of a transaction that failed with a serialization failure, a deadlock, or a lost connection before `COMMIT` was sent. @default 3 */
  retries?: number;
  /**
   * Every statement runs in a `READ ONLY` transaction (PostgreSQL refuses any write in it), statements outside a
   * transaction included. @default false
   */
  readOnly?: boolean;
}

const transientCodes = new Set(['40001', '40P01']);
const connectionCodes = new Set([
  '57P01',
  '57P02',
  '57P03',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
]);

/** Whether an error means the connection is gone (terminated backend, reset socket, closed client). */
export function isConnectionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (connectionCodes.has(code) || code.startsWith('08'))) return true;
  return (
    typeof message === 'string' &&
    /connection terminated|not queryable|connection error|socket/i.test(message)
  );
}

/** Whether retrying the whole transaction may succeed: serialization failure, deadlock. */
export function isTransientError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    transientCodes.has(String((error as { code?: unknown }).code))
  );
}

/**
 * Qualifies the shared schema's table names with the store's schema (`engram_sessions` →
 * `"s".engram_sessions`), so the store never depends on a connection's `search_path`.
 */
export function qualifier(schema: string): (text: string) => string {
  const pattern = new RegExp(`(?<![\\w."])(${postgresTables.join('|')})(?![\\w"])`, 'g');
  const prefix = `${quoteSchema(schema)}.`;
  return (text) => text.replace(pattern, `${prefix}$1`);
}

/** `pg` sends a `Uint8Array` as JSON; bytes must be a `Buffer`. Bigints go as text. */
function toParam(value: SqlValue): unknown {
  if (value instanceof Uint8Array && !Buffer.isBuffer(value))
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** Errors raised before `COMMIT` was sent: the transaction certainly did not commit. */
const beforeCommit = new WeakSet<object>();

const changes = (r: PgQueryResultLike): SqlRunResult => ({
  changes: Number(r.rowCount ?? r.affectedRows ?? 0),
});

/** A {@link SqlClient} over one connection, qualifying table names. */
function overConnection(
  dialect: SqlDialect,
  q: (t: string) => string,
  conn: PgQueryable,
  tx: SqlClient['transaction'],
): SqlClient {
  const query = (text: string, params: readonly SqlValue[]) => conn.query(q(text), params.map(toParam));
  return {
    dialect,
    all: async (text, params) => (await query(text, params)).rows as SqlRow[],
    get: async (text, params) => (await query(text, params)).rows[0] as SqlRow | undefined,
    run: async (text, params) => changes(await query(text, params)),
    exec: async (text) => {
      await conn.query(q(text));
    },
    transaction: tx,
  };
}

/**
 * A {@link SqlClient} for PostgreSQL over a pool (concurrent transactions, one connection each) or a single
 * connection (calls serialized). Inside `withDeferredDurability` a transaction commits with `synchronous_commit`
 * off (durable with the next synchronous commit's WAL flush). Transactions are `BEGIN … COMMIT` at READ COMMITTED: the shared SQL locks the
 * session row (`FOR UPDATE`) before assigning sequence numbers. A transaction is retried from the start after
 * a serialization failure or deadlock, and after a lost connection only when `COMMIT` had not been sent (so it
 * certainly did not commit); a connection lost during `COMMIT` is reported, and a retried append is idempotent.
 */
export function createPostgresClient(options: PostgresClientOptions): SqlClient {
  const { dialect, pool, connection } = options;
  const retries = options.retries ?? 3;
  const q = qualifier(options.schema);
  if ((pool === undefined) === (connection === undefined))
    throw new Error('pass exactly one of pool or connection');

  const attempt = async <T>(body: () => Promise<T>): Promise<T> => {
    for (let n = 0; ; n++) {
      try {
        return await body();
      } catch (error) {
        const uncommitted = typeof error === 'object' && error !== null && beforeCommit.has(error);
        const retry = isTransientError(error) || (uncommitted && isConnectionError(error));
        if (!retry || n >= retries) throw error;
        await sleep(5 * 2 ** n + Math.random() * 10);
      }
    }
  };

  /** Runs `fn` between BEGIN and COMMIT on `conn`; marks errors raised before COMMIT was sent. */
  const inTransaction = async <T>(conn: PgQueryable, fn: (tx: SqlClient) => Promise<T>): Promise<T> => {
    let result: T;
    const deferred = isDurabilityDeferred();
    try {
      await conn.query(options.readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
      // `withDeferredDurability`: COMMIT returns before the WAL is flushed; the next synchronous commit flushes it.
      if (deferred) await conn.query('SET LOCAL synchronous_commit = off');
      const flat: SqlClient['transaction'] = (inner) => inner(tx);
      const tx = overConnection(dialect, q, conn, flat);
      result = await fn(tx);
    } catch (error) {
      if (!isConnectionError(error)) await conn.query('ROLLBACK').catch(() => undefined);
      if (typeof error === 'object' && error !== null) beforeCommit.add(error);
      throw error;
    }
    await conn.query('COMMIT');
    return result;
  };

  if (pool) {
    const transaction: SqlClient['transaction'] = (fn) =>
      attempt(async () => {
        const conn = await pool.connect();
        let broken: Error | undefined;
        try {
          return await inTransaction(conn, fn);
        } catch (error) {
          if (isConnectionError(error)) broken = error instanceof Error ? error : new Error(String(error));
          throw error;
        } finally {
          conn.release(broken);
        }
      });
    return options.readOnly
      ? inTransactions(dialect, transaction)
      : overConnection(dialect, q, pool, transaction);
  }

  // One connection: a queue keeps every call (and every transaction as a whole) from interleaving.
  const conn = connection!;
  const queue = createSerialQueue();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => queue.run(fn);
  const transaction: SqlClient['transaction'] = (fn) => attempt(() => serial(() => inTransaction(conn, fn)));
  if (options.readOnly) return inTransactions(dialect, transaction);
  const inner = overConnection(dialect, q, conn, transaction);
  return {
    dialect,
    all: (text, params) => serial(() => inner.all(text, params)),
    get: (text, params) => serial(() => inner.get(text, params)),
    run: (text, params) => serial(() => inner.run(text, params)),
    exec: (text) => serial(() => inner.exec(text)),
    transaction,
  };
}

/** A client whose every statement runs in a transaction of its own (`READ ONLY` ones, for a read-only client). */
function inTransactions(dialect: SqlDialect, transaction: SqlClient['transaction']): SqlClient {
  return {
    dialect,
    all: (text, params) => transaction((tx) => tx.all(text, params)),
    get: (text, params) => transaction((tx) => tx.get(text, params)),
    run: (text, params) => transaction((tx) => tx.run(text, params)),
    exec: (text) => transaction((tx) => tx.exec(text)),
    transaction,
  };
}
