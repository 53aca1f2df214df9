import type { SqlClient } from './sql-client.ts';

/** Rows appended but not yet in the full-text index (0 when the dialect indexes every row at once). */
async function backlog(client: SqlClient): Promise<number> {
  const batch = client.dialect.fullTextBatch;
  if (!batch) return 0;
  const row = await client.get(batch.pending, []);
  return Number(row?.n ?? 0);
}

/** Indexes the backlog, in a write transaction `tx`. */
async function indexBacklog(tx: SqlClient): Promise<void> {
  for (const statement of tx.dialect.fullTextBatch?.index ?? []) await tx.run(statement, []);
}

/** After an append, in its transaction: indexes the backlog once it reaches the dialect's batch size. */
export async function feedFullText(tx: SqlClient): Promise<void> {
  const batch = tx.dialect.fullTextBatch;
  if (batch && (await backlog(tx)) >= batch.size) await indexBacklog(tx);
}

/** Before a search: indexes every row appended so far (in a write transaction), so results are complete. */
export async function catchUpFullText(client: SqlClient): Promise<void> {
  if ((await backlog(client)) === 0) return;
  await client.transaction(async (tx) => {
    if ((await backlog(tx)) > 0) await indexBacklog(tx);
  });
}
