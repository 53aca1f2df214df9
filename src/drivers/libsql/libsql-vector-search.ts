import { cosineSimilarity, type LongTermHit, type LongTermVectorQuery, type Scope } from '../../driver.ts';
import type { LibsqlRow } from './libsql-client.ts';
import type { LibsqlExecutor } from './libsql-executor.ts';
import { allOf, filterSql, recordColumns, toRecord } from './libsql-long-term-rows.ts';
import { coveredBy } from './libsql-scope.ts';
import { findSpace, vectorIndex, vectorTable, vectorText } from './libsql-vector-space.ts';

/** The largest `k` asked of the index: below its search list (about 200 by default), so a shorter answer means it has no more. */
const maxTopK = 128;

/**
 * The nearest current records by cosine similarity, as an index query: `vector_top_k` reads the best `k` rows of
 * the space's `libsql_vector_idx` index (every tenant's vectors of that model), and only those rows are joined to
 * their records (in that order: each by its key), where the scope, the current version and the filter apply. `k`
 * starts above `limit` (4× + 16) and grows 4× while fewer than `limit` pass, up to 128. The answer is computed
 * from the scope's own embedded records instead (a scan of that scope, never of the table) when the index cannot
 * give more: the scope is crowded out by nearer vectors of others past 128, or the index returned fewer rows than
 * it holds and was asked for (libSQL's DiskANN graph can lose reachable rows after deletes and updates; the space
 * counts its rows, so this is seen). Hits are scored by exact cosine similarity of the stored float32 vectors (the
 * index ranks approximately), best first, ties by the order records were added. All-zero vectors, which the index
 * cannot rank, score 0 (merged in from `engram_ltm_embeddings`); an all-zero query scores every record 0, so its
 * hits are the scope's first records.
 */
export async function searchVectors(
  db: LibsqlExecutor,
  scope: Scope,
  query: LongTermVectorQuery,
): Promise<LongTermHit[]> {
  const found = await findSpace(db, query.model, query.vector.length);
  if (found === undefined) return [];
  const { space, vectors } = found;
  const where = allOf([coveredBy(scope, 'r'), ...filterSql(query.filter)]);
  /** The scope's embedded records of the space, by `first_rid`. */
  const scopeRows = (limit?: number) =>
    db.all(
      `SELECT ${recordColumns}, CASE WHEN v.embedding IS NULL THEN NULL ELSE vector_extract(v.embedding) END AS vector FROM engram_ltm_records r
CROSS JOIN engram_ltm_embeddings e ON e.tenant = r.tenant AND e.user_id = r.user_id AND e.agent_id = r.agent_id AND e.id = r.id AND e.space = ?
LEFT JOIN ${vectorTable(space)} v ON v.vrid = e.vrid
WHERE r.live = 1 AND ${where.sql} ORDER BY r.first_rid${limit === undefined ? '' : ' LIMIT ?'}`,
      [space, ...where.args, ...(limit === undefined ? [] : [limit])],
    );
  /** The scope's records of the space with an all-zero vector (read from that short list first). */
  const zeroRows = () =>
    db.all(
      `SELECT ${recordColumns}, NULL AS vector FROM engram_ltm_embeddings e
CROSS JOIN engram_ltm_records r ON r.tenant = e.tenant AND r.user_id = e.user_id AND r.agent_id = e.agent_id AND r.id = e.id
WHERE e.space = ? AND e.vrid IS NULL AND r.live = 1 AND ${where.sql} ORDER BY r.first_rid LIMIT ?`,
      [space, ...where.args, query.limit],
    );
  let rows: LibsqlRow[];
  if (query.vector.every((x) => x === 0)) rows = await scopeRows(query.limit);
  else {
    for (let k = Math.min(query.limit * 4 + 16, maxTopK); ; k = Math.min(k * 4, maxTopK)) {
      const top = await db.all(`SELECT id FROM vector_top_k('${vectorIndex(space)}', vector32(?), ?)`, [
        vectorText(query.vector),
        k,
      ]);
      rows = await db.all(
        `SELECT ${recordColumns}, vector_extract(v.embedding) AS vector FROM json_each(?) t
CROSS JOIN ${vectorTable(space)} v ON v.vrid = t.value
CROSS JOIN engram_ltm_embeddings e ON e.space = ? AND e.vrid = v.vrid
CROSS JOIN engram_ltm_records r ON r.tenant = e.tenant AND r.user_id = e.user_id AND r.agent_id = e.agent_id AND r.id = e.id
WHERE r.live = 1 AND ${where.sql}`,
        [JSON.stringify(top.map((t) => Number(t.id))), space, ...where.args],
      );
      const every = top.length >= vectors;
      const short = top.length < Math.min(k, vectors);
      if (every || (!short && rows.length >= query.limit)) {
        rows.push(...(await zeroRows()));
        break;
      }
      if (short || k === maxTopK) {
        rows = await scopeRows();
        break;
      }
    }
  }
  const hits = rows.map((row) => ({
    id: String(row.id),
    score:
      row.vector === null ? 0 : cosineSimilarity(query.vector, JSON.parse(String(row.vector)) as number[]),
    record: toRecord(row),
    order: Number(row.first_rid),
  }));
  hits.sort((a, b) => b.score - a.score || a.order - b.order);
  return hits.slice(0, query.limit).map(({ order: _order, ...hit }) => hit);
}
