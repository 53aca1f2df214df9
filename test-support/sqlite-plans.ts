import { DatabaseSync } from 'node:sqlite';
import type { SqliteDatabaseLike } from '../src/drivers/sqlite/sqlite-client.ts';

/** An in-memory SQLite database that keeps every statement a store prepares, to plan them as the store runs them. */
export interface PlannedDatabase {
  /** The handle to give `createSqliteStore({ database })`. */
  database: SqliteDatabaseLike;
  /** Every SQL text prepared so far, in order (empty it to start a new capture). */
  prepared: string[];
  /**
   * `EXPLAIN QUERY PLAN` of the first statement prepared since the last capture that matches `pattern`, one line
   * per step (any value bound: a plan does not depend on them). Throws when none matches.
   */
  planOf(pattern: RegExp): string;
  /** Closes the database. */
  close(): void;
}

/** Opens a {@link PlannedDatabase}. */
export function openPlannedDatabase(): PlannedDatabase {
  const db = new DatabaseSync(':memory:');
  const prepared: string[] = [];
  const database: SqliteDatabaseLike = {
    prepare: (sql) => {
      prepared.push(sql);
      return db.prepare(sql);
    },
    exec: (sql) => db.exec(sql),
    loadExtension: (file) => db.loadExtension(file),
    function: (name, options, fn) => db.function(name, options, fn),
  };
  return {
    database,
    prepared,
    planOf(pattern) {
      const query = prepared.find((q) => pattern.test(q));
      if (query === undefined) throw new Error(`no statement prepared matches ${pattern}`);
      const params = (query.match(/\?/g) ?? []).map(() => 'x');
      return (db.prepare(`EXPLAIN QUERY PLAN ${query}`).all(...(params as never[])) as { detail: string }[])
        .map((r) => r.detail)
        .join('\n');
    },
    close: () => db.close(),
  };
}
