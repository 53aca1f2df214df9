/**
 * @module engram/libsql
 * A store on libSQL (`@libsql/client`, an optional peer: `npm install @libsql/client`), the database of Turso and
 * Mastra: a local file needs no server and several processes may share it; `libsql://` / `https://` URLs reach
 * sqld or Turso. The conversation log (gapless sequences, forks, FTS5 search with bm25), content items and
 * long-term records (FTS5 bm25 text search; vector search on libSQL's native vector index: `F32_BLOB` columns,
 * `libsql_vector_idx`, `vector_top_k`). It is written against `engram/driver` only, as the worked example of a
 * third-party driver (see the README's "Writing a driver").
 * @example
 * import { createConversationMemory } from 'engram';
 * import { createLibsqlStore } from 'engram/libsql';
 *
 * const store = createLibsqlStore({ url: 'file:engram.db' });
 * const memory = createConversationMemory({ store, sessionId: 'chat-1' });
 * await memory.store({ role: 'user', content: 'Hello!' });
 * const hits = await store.searchMessages({ tenant: 'default' }, { text: 'hello' });
 * await store.close();
 */

export {
  createLibsqlDrivers,
  createLibsqlStore,
  type LibsqlClientLike,
  type LibsqlDrivers,
  type LibsqlResultLike,
  type LibsqlRow,
  type LibsqlStatement,
  type LibsqlStore,
  type LibsqlStoreOptions,
  type LibsqlTransactionLike,
  type LibsqlValue,
} from './drivers/libsql/index.ts';
