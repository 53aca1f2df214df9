export type { PgPoolClientLike, PgPoolLike, PgQueryable, PgQueryResultLike } from './postgres-client.ts';
export {
  createPostgresStore,
  openPostgresStore,
  type PostgresStore,
  type PostgresStoreOptions,
} from './postgres-driver.ts';
export type { PostgresVectorMode } from './postgres-vector.ts';
