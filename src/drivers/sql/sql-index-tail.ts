import type { SqlClient } from './sql-client.ts';

/**
 * Rows a writer appends between two batches of the full-text index (where the dialect indexes from a
 * watermark): each batch writes one index segment for all of them, instead of one per commit.
 */
export const indexBatchRows = 64;

/** Rows appended through each client since its last batch; a client not yet seen starts due (catch-up). */
const pending = new WeakMap<SqlClient, number>();

/**
 * Counts `rows` appended through `client` in the write transaction `tx`, and once a batch is due runs the
 * dialect's `indexTail` in it: every live row past the watermark, whoever wrote it, is indexed and the
 * watermark moves in the same transaction, so a crash leaves both or neither. The first append of a process
 * indexes whatever tail an earlier one left (a crash between its commits and its next batch). Does nothing
 * where the index is complete at commit.
 */
export async function indexTailWhenDue(client: SqlClient, tx: SqlClient, rows: number): Promise<void> {
  const statements = client.dialect.messageSearch.indexTail;
  if (statements.length === 0) return;
  const due = (pending.get(client) ?? indexBatchRows) + rows;
  if (due < indexBatchRows) {
    pending.set(client, due);
    return;
  }
  for (const statement of statements) await tx.run(statement, []);
  pending.set(client, 0);
}
