/**
 * @module drivers
 * The built-in drivers: in-process memory and JSON files (dependency-free, in the root entry), SQLite and
 * PostgreSQL (their own entries, `engram/sqlite` and `engram/postgres`, loading their libraries lazily), and the
 * SQL layer they share.
 * @example
 * import { createJsonFileStore } from 'engram';
 * const store = createJsonFileStore({ directory: './memory' });
 */
export { createJsonFileStore, type JsonFileStoreOptions } from './json-file/index.ts';
export { createMemoryStore, type MemoryDriverOptions } from './memory/index.ts';
