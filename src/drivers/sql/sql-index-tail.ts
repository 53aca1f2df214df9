import type { SqlClient } from './sql-client.ts';

/**
 * Rows a writer appends between two batches of the full-text index (where the dialect indexes from a
 * watermark): each batch writes one index segment for all of them, instead of one per commit. Measured on SQLite
 * (single writer, 1.1 KB messages, alternating runs): 512 rows a batch cost ~7% less a call than 64 (a batch has a
 * fixed cost of ~0.4 ms besides ~20 us a row); a batch is then ~14 ms inside one append's transaction, and a search
 * copies only the rows past the watermark that are new since its connection's last search.
 */
export const indexBatchRows = 512;

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
