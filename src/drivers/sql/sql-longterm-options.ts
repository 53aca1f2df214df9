import type { SqlClient } from './sql-client.ts';
import type { SqlOperation } from './sql-content.ts';

/** What the long-term records on the shared SQL layer need from the SQL store. */
export interface SqlLongTermOptions {
  /** The database client. */
  client: SqlClient;
  /** The error prefix component. */
  component: string;
  /** The store's guard. */
  op: SqlOperation;
}

/** Rows per `IN (…)` list. */
export const idChunk = 500;

/** `list` in slices of at most {@link idChunk}. */
export function idChunks<T>(list: readonly T[]): T[][] {
  return Array.from({ length: Math.ceil(list.length / idChunk) }, (_, i) =>
    list.slice(i * idChunk, (i + 1) * idChunk),
  );
}
