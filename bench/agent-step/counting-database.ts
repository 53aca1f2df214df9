/**
 * A `node:sqlite` handle that counts commits, handed to `createSqliteStore({ database })` (the store then sets WAL
 * and `synchronous` for its durability as it does on a path it opens itself). A commit is a `COMMIT` statement or a
 * write run outside `BEGIN … COMMIT` (autocommit). The wrapper adds one function call per statement.
 */

import { DatabaseSync } from 'node:sqlite';
import type { SqliteDatabaseLike, SqliteStatementLike } from '../../src/drivers/sqlite/sqlite-client.ts';

/** A handle and its commit count. */
export interface CountingDatabase {
  /** The handle to give the store. */
  database: SqliteDatabaseLike;
  /** Commits so far. */
  commits(): number;
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
  let open = false;
  const track = (sql: string) => {
    const head = sql.trimStart().slice(0, 12).toUpperCase();
    if (head.startsWith('BEGIN')) open = true;
    else if (head.startsWith('COMMIT') || head.startsWith('END')) {
      open = false;
      commits++;
    } else if (head.startsWith('ROLLBACK')) open = false;
    else if (!open && WRITE.test(sql)) commits++;
  };
  const database: SqliteDatabaseLike = {
    prepare(sql) {
      const statement = db.prepare(sql);
      const wrapped: SqliteStatementLike = {
        run: (...params) => {
          const result = statement.run(...params);
          track(sql);
          return result;
        },
        get: (...params) => statement.get(...params),
        all: (...params) => statement.all(...params),
      };
      return wrapped;
    },
    exec(sql) {
      db.exec(sql);
      track(sql);
    },
    loadExtension: (file) => db.loadExtension(file),
  };
  return {
    database,
    commits: () => commits,
    pragma: (name) => String(Object.values(db.prepare(`PRAGMA ${name}`).get() ?? {})[0]),
    close: () => db.close(),
  };
}
