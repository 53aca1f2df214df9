import type { SqlClient } from './sql-client.ts';
import type { SqlOperation } from './sql-content.ts';
import type { SqlVectorIndex } from './sql-vector-index.ts';

/** What the long-term records on the shared SQL layer need from the SQL store. */
export interface SqlLongTermOptions {
  /** The database client. */
  client: SqlClient;
  /** The error prefix component. */
  component: string;
  /** The store's guard. */
  op: SqlOperation;
  /** The store's vector index, when its driver has one; without it (or while inactive) searches scan in process. @default undefined */
  vectorIndex?: SqlVectorIndex;
}

/** Rows per `IN (…)` list. */
export const idChunk = 500;

/** `list` in slices of at most `size` (default {@link idChunk}). */
export function idChunks<T>(list: readonly T[], size = idChunk): T[][] {
  return Array.from({ length: Math.ceil(list.length / size) }, (_, i) =>
    list.slice(i * size, (i + 1) * size),
  );
}
