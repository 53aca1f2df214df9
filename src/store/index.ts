/**
 * @module engram/store
 * The `MemoryStoreV1` contract every driver implements, the message JSON encoding they share, and the two
 * dependency-free drivers: in-process memory and JSON files. SQLite and PostgreSQL are the `engram/sqlite` and
 * `engram/postgres` entries.
 * @example
 * import { createJsonFileStore } from 'engram';
 * const store = createJsonFileStore({ directory: './memory' });
 */

export { maxSearchTextLength, maxSearchWords } from '../messages/search-text.ts';
export { createJsonFileStore, type JsonFileStoreOptions } from './drivers/json-file/index.ts';
export { createMemoryStore, type MemoryDriverOptions } from './drivers/memory/index.ts';
export type {
  AppendInput,
  Artifact,
  CreateSessionInput,
  LogStats,
  MemoryStoreV1,
  RangeQuery,
  SearchHit,
  SearchQuery,
  SessionRecord,
  StoreCapabilities,
} from './memory-store.ts';
export { maxStateKeyLength } from './state-scope.ts';
