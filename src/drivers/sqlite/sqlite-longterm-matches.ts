import type { SqlClient } from '../sql/sql-client.ts';
import { queryAll, queryGet } from '../sql/sql-exec.ts';
import { type SqlFragment, sql } from '../sql/sql-fragment.ts';
import { inTransaction } from './sqlite-open-transaction.ts';

/** A match of a large-scope search: its row id and `bm25()` score (higher is better). */
export interface ScoredMatch {
  /** The FTS5 row id (the record version's `rid`). */
  rid: number;
  /** The match's score. */
  score: number;
}

/** The best matches of one MATCH expression and weighting, as last read, and the database state they were read in. */
interface MatchesRead {
  /** The MATCH expression and the score's SQL, keyed as one string. */
  key: string;
  /** `total_changes()` and `data_version` when read: any write since, on this handle or another, changes one. */
  state: string;
  /** The best matches, best first (FTS5's order). */
  rows: ScoredMatch[];
  /** Whether `rows` are every match (fewer came back than asked). */
  complete: boolean;
}

/** Per client, the matches it read last (one entry: the search just before, typically the same query's other leg). */
const lastRead = new WeakMap<SqlClient, MatchesRead>();

/**
 * The handle's write state: `total_changes()` (this handle's writes) and `data_version` (other handles' commits).
 * Equal states mean nothing was written in between, so what was read then is still what a read gives now.
 * Undefined while a transaction is open on the handle ({@link inTransaction}): what it reads may be rolled back,
 * which changes neither, so nothing read then may be kept.
 */
export async function writeState(client: SqlClient): Promise<string | undefined> {
  if (inTransaction(client)) return undefined;
  const row = await queryGet(
    client,
    sql`SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version) AS version`,
  );
  return `${String(row?.changes)}:${String(row?.version)}`;
}

/**
 * At least the best `n` matches of `match` scored by `score` (best first), and whether they are all of them: from
 * FTS5 (`ORDER BY score DESC LIMIT n`) or, when the handle read at least as many for the same expression and
 * nothing was written since (this handle's `total_changes()` and `data_version` unchanged), that read whole (the
 * lexical and the episode leg of one hybrid search rank the same terms). Either is the answer of a `LIMIT m` query
 * over the current data, `m` ≥ `n`.
 */
export async function bestMatches(
  client: SqlClient,
  match: string,
  score: SqlFragment,
  scoreKey: string,
  n: number,
): Promise<{ rows: ScoredMatch[]; complete: boolean }> {
  const key = `${scoreKey}\u0000${match}`;
  const state = await writeState(client);
  const known = state === undefined ? undefined : lastRead.get(client);
  if (known && known.key === key && known.state === state && (known.complete || known.rows.length >= n))
    return { rows: known.rows, complete: known.complete };
  const found = await queryAll(
    client,
    sql`SELECT rowid AS rid, ${score} AS score FROM engram_ltm_fts WHERE engram_ltm_fts MATCH ${match} ORDER BY score DESC LIMIT ${n}`,
  );
  const rows = found.map((r) => ({ rid: Number(r.rid), score: Number(r.score) }));
  const complete = rows.length < n;
  if (state !== undefined) lastRead.set(client, { key, state, rows, complete });
  return { rows, complete };
}
