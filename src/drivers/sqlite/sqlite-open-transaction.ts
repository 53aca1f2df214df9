import type { SqlClient } from '../sql/sql-client.ts';

/** Per client made by `createSqliteClient`: whether its handle has a transaction open. */
const openOn = new WeakMap<SqlClient, () => boolean>();

/** Registers how to tell whether `client`'s handle has a transaction open (`createSqliteClient` does it). */
export function watchTransactions(client: SqlClient, open: () => boolean): void {
  openOn.set(client, open);
}

/**
 * Whether a transaction is open on the handle under `client` (false for a client `createSqliteClient` did not make).
 * What a handle reads inside a transaction may be rolled back, and a rollback changes neither `total_changes()`
 * nor `data_version`: caches keyed on those must not keep such reads.
 */
export function inTransaction(client: SqlClient): boolean {
  return openOn.get(client)?.() ?? false;
}
