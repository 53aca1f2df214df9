/**
 * @module engram/postgres
 * The PostgreSQL store: durable memory shared by many processes and machines. Needs the `pg` package (or a
 * PGlite instance passed as `client`); pgvector is used when the server has it.
 * @example
 * import { createConversationMemory } from 'engram';
 * import { createPostgresStore } from 'engram/postgres';
 *
 * const store = createPostgresStore({ connectionString: process.env.DATABASE_URL, schema: 'engram' });
 * const memory = createConversationMemory({ store, sessionId: 'chat-1', scope: { tenant: 'acme', user: 'u1' } });
 * await memory.store({ role: 'user', content: 'Hello' });
 * await store.close();
 */
export {
  createPostgresStore,
  openPostgresStore,
  type PgPoolClientLike,
  type PgPoolLike,
  type PgQueryable,
  type PgQueryResultLike,
  type PostgresStore,
  type PostgresStoreOptions,
  type PostgresVectorMode,
} from './drivers/postgres/index.ts';
export type { SqlStore } from './drivers/sql/index.ts';
