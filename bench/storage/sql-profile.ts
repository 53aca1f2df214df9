/**
 * A diagnostic cold open of engram's SQLite store that times every SQL statement it runs (through a handle that
 * wraps node:sqlite's `prepare`), to say where a cold open's time goes. Runs in its own process, beside the
 * timed cold opens, which use the plain `path` option and are not instrumented.
 */

import { DatabaseSync } from 'node:sqlite';
import type { SqliteDatabaseLike, SqliteStatementLike } from '../../src/sqlite.ts';
import type { ColdOpenResult, Task } from './tasks.ts';

type Statement = Record<'all' | 'get' | 'run', (...args: unknown[]) => unknown>;

/** Opens the store on an instrumented handle, reads the window, and reports the slowest statements. */
export async function profiledColdOpen(task: Task): Promise<ColdOpenResult> {
  const { createSqliteStore } = await import('../../src/sqlite.ts');
  const { createConversationMemory } = await import('../../src/memory/conversation-memory.ts');
  const { createTokenWindowMemory } = await import('../../src/views/token-window-memory.ts');
  const { createTokenCounter } = await import('../../src/tokens/index.ts');
  const raw = new DatabaseSync(task.db);
  const spent = new Map<string, number>();
  const note = (sql: string, millis: number) => {
    const key = sql.replace(/\s+/g, ' ').trim();
    spent.set(key, (spent.get(key) ?? 0) + millis);
  };
  const handle: SqliteDatabaseLike = {
    prepare(sql: string) {
      const s = raw.prepare(sql) as unknown as Statement;
      const timed =
        (fn: 'all' | 'get' | 'run') =>
        (...args: unknown[]) => {
          const t = performance.now();
          try {
            return s[fn](...args);
          } finally {
            note(sql, performance.now() - t);
          }
        };
      return { all: timed('all'), get: timed('get'), run: timed('run') } as SqliteStatementLike;
    },
    exec(sql: string) {
      const t = performance.now();
      raw.exec(sql);
      note(sql, performance.now() - t);
    },
    function: (name, options, fn) => raw.function(name, options, fn),
  };
  const t0 = performance.now();
  const store = createSqliteStore({ database: handle, durability: 'power', vector: false });
  const counter = createTokenCounter({ encoding: 'o200k_base' });
  const memory = createConversationMemory({ store, sessionId: task.session, counter });
  const view = createTokenWindowMemory({ conversation: memory, maxTokens: task.maxTokens ?? 100_000 });
  const window = await view.read();
  const ms = performance.now() - t0;
  await store.close();
  raw.close();
  const parts: Record<string, number> = {};
  for (const [sql, millis] of [...spent].sort((a, b) => b[1] - a[1]).slice(0, 3)) parts[sql] = millis;
  parts['(all SQL)'] = [...spent.values()].reduce((a, b) => a + b, 0);
  return { ms, importMs: 0, messages: window.length, tokens: view.lastStats()?.tokens ?? Number.NaN, parts };
}
