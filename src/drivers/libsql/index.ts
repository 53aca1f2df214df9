/**
 * @module drivers/libsql
 * The libSQL store, written as a third party would write a driver: against `engram/driver` only (the architecture
 * test checks it). Three small drivers (log, content items, long-term records) over one lazily opened
 * `@libsql/client`, given to the kit's engines by `createLibsqlStore`.
 * @example
 * import { createLibsqlStore } from 'engram/libsql';
 * const store = createLibsqlStore({ url: 'file:engram.db' });
 */
export type {
  LibsqlClientLike,
  LibsqlResultLike,
  LibsqlRow,
  LibsqlStatement,
  LibsqlTransactionLike,
  LibsqlValue,
} from './libsql-client.ts';
export {
  createLibsqlDrivers,
  createLibsqlStore,
  type LibsqlDrivers,
  type LibsqlStore,
  type LibsqlStoreOptions,
} from './libsql-store.ts';
