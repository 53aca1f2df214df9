/**
 * @module engram/store
 * The `MemoryStoreV1` contract every driver implements, the message JSON encoding they share, and the two
 * dependency-free drivers: in-process memory and JSON files. SQLite and PostgreSQL are the `engram/sqlite` and
 * `engram/postgres` entries.
 * @example
 * import { createJsonFileStore } from 'engram';
 * const store = createJsonFileStore({ directory: './memory' });
 */

export * from '../messages/serialize.ts';
export * from './drivers/json-file/index.ts';
export * from './drivers/memory/index.ts';
export * from './memory-store.ts';
export { maxSearchTextLength, maxSearchWords } from './search-text.ts';
export * from './store-helpers.ts';
