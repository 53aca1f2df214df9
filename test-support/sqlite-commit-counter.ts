import { DatabaseSync } from 'node:sqlite';
import type { SqlValue } from '../src/drivers/sql/sql-fragment.ts';
import type { SqliteDatabaseLike, SqliteStatementLike } from '../src/drivers/sqlite/sqlite-client.ts';

/** A statement that writes when it runs outside a transaction (an autocommit transaction of its own). */
const writes = /^\s*(insert|update|delete|replace|create|drop|alter)\b/i;

/** A `node:sqlite` handle that counts the transactions it commits, by the statement that began each. */
export interface CountingDatabase {
  /** The handle to give `createSqliteStore({ database })`. */
  database: SqliteDatabaseLike;
  /** Transactions committed so far: each `COMMIT`, and each write statement run outside a transaction. */
  commits(): number;
  /** Of those, the commits made at `synchronous` FULL or EXTRA (each flushes the WAL: an fsync). */
  flushedCommits(): number;
  /** Each committed transaction, in order: `flushed` or `deferred`, then its first write statement (a breakdown). */
  log(): readonly string[];
  /** Closes the handle. */
  close(): void;
}

/**
 * Opens `path` with `node:sqlite` (busy timeout 0, as the driver does) and counts committed transactions: an
 * explicit `COMMIT`, or a write run in autocommit mode. The first write of each transaction names it in `log()`.
 */
export function openCountingDatabase(path: string): CountingDatabase {
  const db = new DatabaseSync(path, { timeout: 0 });
  const committed: string[] = [];
  let flushed = 0;
  /** Whether a commit flushes now: `synchronous` FULL (the driver's 'power') or EXTRA. */
  let flushing = true;
  let first: string | undefined;
  const commit = (what: string) => {
    committed.push(`${flushing ? 'flushed' : 'deferred'} ${what}`);
    if (flushing) flushed++;
  };
  const seen = (text: string) => {
    const level = /^\s*pragma\s+synchronous\s*=\s*(\w+)/i.exec(text)?.[1]?.toLowerCase();
    if (level !== undefined) flushing = ['full', 'extra', '2', '3'].includes(level);
    else if (/^\s*commit\b/i.test(text)) {
      commit(first ?? '(empty)');
      first = undefined;
    } else if (/^\s*rollback\b/i.test(text)) first = undefined;
    else if (writes.test(text)) {
      if (!db.isTransaction) commit(text.trim().slice(0, 60));
      else first ??= text.trim().slice(0, 60);
    }
  };
  const database: SqliteDatabaseLike = {
    prepare(text) {
      const s = db.prepare(text);
      const wrapped: SqliteStatementLike = {
        run: (...params: SqlValue[]) => {
          const r = s.run(...params);
          seen(text);
          return r;
        },
        get: (...params: SqlValue[]) => {
          const r = s.get(...params);
          seen(text);
          return r;
        },
        all: (...params: SqlValue[]) => {
          const r = s.all(...params);
          seen(text);
          return r;
        },
      };
      return wrapped;
    },
    exec(text) {
      const r = db.exec(text);
      seen(text);
      return r;
    },
    close: () => db.close(),
    function: (name, options, fn) => db.function(name, options, fn),
  };
  return {
    database,
    commits: () => committed.length,
    flushedCommits: () => flushed,
    log: () => committed,
    close: () => db.close(),
  };
}
