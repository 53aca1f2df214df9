import type { SqlClient } from '../sql/sql-client.ts';
import { queryAll } from '../sql/sql-exec.ts';
import { type SqlFragment, sql } from '../sql/sql-fragment.ts';
import { createReadMemo } from './sqlite-read-memo.ts';

/** A match of a large-scope search: its row id and `bm25()` score (higher is better). */
export interface ScoredMatch {
  /** The FTS5 row id (the record version's `rid`). */
  rid: number;
  /** The match's score. */
  score: number;
}

/** Most rows a read of {@link bestMatches} takes beyond those asked. */
export const spareRows = 1000;

/** Per handle, the matches it read last (one entry: the search just before, typically the same query's other leg). */
const lastRead = createReadMemo<{ rows: ScoredMatch[]; complete: boolean }>(1);

/**
 * At least the best `n` matches of `match` scored by `score` (best first), and whether they are all of them: from
 * FTS5 (`ORDER BY score DESC LIMIT n + spare`) or, when the handle read at least as many for the same expression and
 * nothing was written since (this handle's `total_changes()` and `data_version` unchanged), that read whole (the
 * lexical and the episode leg of one hybrid search rank the same terms). Either is the answer of a `LIMIT m` query
 * over the current data, `m` ≥ `n`. A read takes up to twice the rows asked ({@link spareRows} more at most): FTS5 scores every match whatever the limit,
 * so the extra rows cost next to nothing, and a second ask of the same search for more (hybrid search's `keptHits`
 * asks for 100 candidates, then 200 when some were dropped) is served by the first read.
 */
export async function bestMatches(
  client: SqlClient,
  match: string,
  score: SqlFragment,
  scoreKey: string,
  n: number,
): Promise<{ rows: ScoredMatch[]; complete: boolean }> {
  const key = `${scoreKey}\u0000${match}`;
  return lastRead.recall(
    client,
    key,
    async () => {
      const read = n + Math.min(n, spareRows);
      const found = await queryAll(
        client,
        sql`SELECT rowid AS rid, ${score} AS score FROM engram_ltm_fts WHERE engram_ltm_fts MATCH ${match} ORDER BY score DESC LIMIT ${read}`,
      );
      const rows = found.map((r) => ({ rid: Number(r.rid), score: Number(r.score) }));
      return { rows, complete: rows.length < read };
    },
    (known) => known.complete || known.rows.length >= n,
  );
}
