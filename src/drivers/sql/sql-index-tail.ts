import type { SqlClient } from './sql-client.ts';

/**
 * Rows a writer appends between two batches of the full-text index (where the dialect indexes from a
 * watermark): each batch writes one index segment for all of them, instead of one per commit. Measured on SQLite
 * (single writer, 1.1 KB messages, alternating runs): 512 rows a batch cost ~7% less a call than 64 (a batch has a
 * fixed cost of ~0.4 ms besides ~20 us a row); a batch is then ~14 ms inside one append's transaction, and a search
 * copies only the rows past the watermark that are new since its connection's last search.
 */
export const indexBatchRows = 512;

/**
 * Characters of serialized messages that weigh as one row toward a batch: rows of large tool results bring the
 * batch sooner (512 rows of 10 KB results would be one batch of 5 MB, ~100 ms inside one append), so a batch
 * holds about 1 MB of messages at most beyond one append's own.
 */
export const indexBatchChars = 2048;

/** Rows appended through each client since its last batch (weighed by size); a client not yet seen starts due (catch-up). */
const pending = new WeakMap<SqlClient, number>();

/**
 * Counts `rows` appended through `client` in the write transaction `tx` (their messages `chars` long, serialized;
 * they weigh `max(rows, chars / indexBatchChars)`), and once a batch is due runs the dialect's `indexTail` in it:
 * every live row past the watermark, whoever wrote it, is indexed and the watermark moves in the same
 * transaction, so a crash leaves both or neither. Every append counts, whatever rides on it (an agent step's
 * `appendWithArtifacts` as a plain `append`). The first append of a process indexes whatever tail an earlier one
 * left (a crash between its commits and its next batch). Does nothing where the index is complete at commit.
 * Returns what to note once `tx` committed (the rows counted, or the batch run): a transaction that rolls back
 * is never noted, so its retry (or the next append) counts and indexes as if it had not run.
 */
export async function indexTailWhenDue(
  client: SqlClient,
  tx: SqlClient,
  rows: number,
  chars: number,
): Promise<() => void> {
  const statements = client.dialect.messageSearch.indexTail;
  if (statements.length === 0) return noChange;
  const due = (pending.get(client) ?? indexBatchRows) + Math.max(rows, Math.ceil(chars / indexBatchChars));
  if (due < indexBatchRows) return () => pending.set(client, due);
  for (const statement of statements) await tx.run(statement, []);
  return () => pending.set(client, 0);
}

const noChange = () => {};

/** The characters of prepared inputs' serialized messages: what {@link indexTailWhenDue} weighs them by. */
export function charsOf(prepared: readonly { json: string }[]): number {
  let chars = 0;
  for (const p of prepared) chars += p.json.length;
  return chars;
}
