/**
 * @module engram/store
 * The `MemoryStoreV1` contract every driver implements, the message JSON encoding they share, and the two
 * dependency-free drivers: in-process memory and JSON files. SQLite and PostgreSQL are the `engram/sqlite` and
 * `engram/postgres` entries.
 * @example
 * import { createJsonFileStore } from 'engram';
 * const store = createJsonFileStore({ directory: './memory' });
 */
export { createJsonFileStore, type JsonFileStoreOptions } from './drivers/json-file/index.ts';
export { createMemoryStore, type MemoryDriverOptions } from './drivers/memory/index.ts';
export type {
  LogStats,
  MemoryStoreV1,
  SearchHit,
  SearchQuery,
  SessionRecord,
  StoreCapabilities,
} from './memory-store.ts';
