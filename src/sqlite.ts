/**
 * @module engram/sqlite
 * The embedded default store on Node's built-in `node:sqlite` (no native build): a durable WAL-mode log
 * with gapless sequences, forks, an FTS5 full-text index with bm25 ranking, versioned migrations and
 * sqlite-vec when installed. Several processes may share one file.
 * @example
 * import { createConversationMemory } from 'engram';
 * import { createSqliteStore } from 'engram/sqlite';
 *
 * const store = createSqliteStore({ path: 'memory.db' }); // durability 'power' by default
 * const memory = createConversationMemory({ store, sessionId: 'chat-1' });
 * await memory.store({ role: 'user', content: 'Hello!' });
 * const hits = await store.searchMessages({ tenant: 'default' }, { text: 'hello' });
 * await store.close();
 */

export type { SqlStore, SqlValue } from './drivers/sql/index.ts';
export {
  createSqliteStore,
  openSqliteStore,
  type SqliteDatabaseLike,
  type SqliteStatementLike,
  type SqliteStore,
  type SqliteStoreOptions,
  type SqliteVectorMode,
} from './drivers/sqlite/index.ts';
