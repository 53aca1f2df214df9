/**
 * A `node:sqlite` handle that counts commits, handed to `createSqliteStore({ database })` (the store then sets WAL
 * and `synchronous` for its durability as it does on a path it opens itself). A commit is a `COMMIT` statement or a
 * write run outside `BEGIN … COMMIT` (autocommit); a commit made at `synchronous` FULL or EXTRA is also counted as
 * flushed (the store runs a deferred commit, `withDeferredDurability`, at NORMAL). Each statement is classified once,
 * when prepared; a read is handed to the store unwrapped, and a write costs one function call a run.
 */

import { DatabaseSync } from 'node:sqlite';
import type { SqliteDatabaseLike, SqliteStatementLike } from '../../src/drivers/sqlite/sqlite-client.ts';

/** A handle and its commit count. */
export interface CountingDatabase {
  /** The handle to give the store. */
  database: SqliteDatabaseLike;
  /** Commits so far. */
  commits(): number;
  /** Of those, the commits made at `synchronous` FULL or EXTRA (each flushes the WAL: an fsync). */
  flushedCommits(): number;
  /** A pragma's value read back on the handle (`journal_mode`, `synchronous`). */
  pragma(name: string): string;
  /** Closes the handle (the store does not close one it was given). */
  close(): void;
}

const WRITE = /^\s*(INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER)\b/i;

/** Opens `path` as the SQLite driver does (`timeout: 0`, extensions allowed) and counts its commits. */
export function openCountingDatabase(path: string): CountingDatabase {
  const db = new DatabaseSync(path, { timeout: 0, allowExtension: true });
  let commits = 0;
  let flushed = 0;
  /** Whether a commit flushes now: `synchronous` FULL (the driver's 'power') or EXTRA, as the store last set it. */
  let flushing = true;
  let open = false;
  const commit = () => {
    commits++;
    if (flushing) flushed++;
  };
  /** What a statement does to the commit count: classified once, when it is prepared (not at every run). */
  type Effect = 'begin' | 'commit' | 'rollback' | 'write' | 'synchronous' | 'none';
  const classify = (sql: string): Effect => {
    if (/^\s*PRAGMA\s+synchronous\s*=/i.test(sql)) return 'synchronous';
    const head = sql.trimStart().slice(0, 12).toUpperCase();
    if (head.startsWith('BEGIN')) return 'begin';
    if (head.startsWith('COMMIT') || head.startsWith('END')) return 'commit';
    if (head.startsWith('ROLLBACK')) return 'rollback';
    return WRITE.test(sql) ? 'write' : 'none';
  };
  const track = (sql: string, effect: Effect) => {
    switch (effect) {
      case 'synchronous': {
        const level = /^\s*PRAGMA\s+synchronous\s*=\s*(\w+)/i.exec(sql)?.[1]?.toUpperCase() ?? '';
        flushing = ['FULL', 'EXTRA', '2', '3'].includes(level);
        return;
      }
      case 'begin':
        open = true;
        return;
      case 'commit':
        open = false;
        commit();
        return;
      case 'rollback':
        open = false;
        return;
      case 'write':
        if (!open) commit();
        return;
      case 'none':
        return;
    }
  };
  const database: SqliteDatabaseLike = {
    prepare(sql) {
      const statement = db.prepare(sql);
      const effect = classify(sql);
      if (effect === 'none') return statement;
      const wrapped: SqliteStatementLike = {
        run: (...params) => {
          const result = statement.run(...params);
          track(sql, effect);
          return result;
        },
        // A pragma may be set through any call (the store reads back what it set).
        get: (...params) => {
          const row = statement.get(...params);
          if (effect === 'synchronous') track(sql, effect);
          return row;
        },
        all: (...params) => {
          const rows = statement.all(...params);
          if (effect === 'synchronous') track(sql, effect);
          return rows;
        },
      };
      return wrapped;
    },
    exec(sql) {
      db.exec(sql);
      track(sql, classify(sql));
    },
    loadExtension: (file) => db.loadExtension(file),
    function: (name, options, fn) => db.function(name, options, fn),
  };
  return {
    database,
    commits: () => commits,
    flushedCommits: () => flushed,
    pragma: (name) => String(Object.values(db.prepare(`PRAGMA ${name}`).get() ?? {})[0]),
    close: () => db.close(),
  };
}
