import type { LongTermHit, LongTermTextQuery, Scope } from '../../driver.ts';
import type { LibsqlExecutor } from './libsql-executor.ts';
import { allOf, filterSql, recordColumns, toRecord } from './libsql-long-term-rows.ts';
import { coveredBy, ftsAll, ftsString, searchTokens } from './libsql-scope.ts';

/**
 * Long-term text search through FTS5: the index holds the live versions' analysed terms (`text`, `context`)
 * and their owner's tokens (`scope`); the MATCH requires the search scope's tokens and any of the query's
 * terms, `bm25()` ranks with the scope column weighted 0 and the context column by `contextWeight`, and the
 * join applies the scope and the filter in SQL as well. Best first, ties by the order records were added.
 */
export async function searchRecordText(
  db: LibsqlExecutor,
  scope: Scope,
  query: LongTermTextQuery,
): Promise<LongTermHit[]> {
  const terms = [...new Set(query.terms)];
  if (terms.length === 0) return [];
  const weight = query.contextWeight ?? 0.5;
  const columns = weight > 0 ? '{text context}' : 'text';
  const match = `${ftsAll('scope', searchTokens(scope))} AND ${columns} : (${terms.map(ftsString).join(' OR ')})`;
  const where = allOf([coveredBy(scope, 'r'), ...filterSql(query.filter)]);
  const rows = await db.all(
    `SELECT ${recordColumns}, -bm25(engram_ltm_fts, 0.0, 1.0, ?) AS score FROM engram_ltm_fts f JOIN engram_ltm_records r ON r.rid = f.rowid
WHERE engram_ltm_fts MATCH ? AND r.live = 1 AND ${where.sql} ORDER BY score DESC, r.first_rid LIMIT ?`,
    [weight, match, ...where.args, query.limit],
  );
  return rows.map((row) => ({ id: String(row.id), score: Number(row.score), record: toRecord(row) }));
}
