import type { Scope } from '../../core/scope.ts';
import { bm25B, bm25Idf, bm25K1 } from '../../longterm/bm25.ts';
import type { LongTermHit, LongTermTextQuery } from '../../longterm/long-term-query.ts';
import type { RecordOwner } from '../../longterm/record-filter.ts';
import type { SqlClient } from './sql-client.ts';
import { queryAll, queryGet, queryRun } from './sql-exec.ts';
import { joinSql, raw, type SqlFragment, sql } from './sql-fragment.ts';
import { filterSql, ownerTokens, recordColumns, scopeTokens, toRecord } from './sql-longterm-rows.ts';
import { scopeWhere } from './sql-view.ts';

/** A live version as the full-text index holds it. */
export interface IndexedVersion {
  /** Its row id. */
  rid: number;
  /** Its owner. */
  owner: RecordOwner;
  /** Analysed terms of its text. */
  terms: readonly string[];
  /** Analysed terms of its context. */
  contextTerms: readonly string[];
}

/** PostgreSQL keeps at most 256 positions per lexeme. */
const maxPositions = 255;

/** The `tsvector` literal of a version: text terms weight A, context terms B, owner tokens D. */
export function tsvectorLiteral(v: Omit<IndexedVersion, 'rid'>): string {
  const positions = new Map<string, string[]>();
  let pos = 0;
  const add = (term: string, weight: string) => {
    pos = Math.min(pos + 1, 16383);
    const list = positions.get(term) ?? [];
    if (list.length < maxPositions) list.push(`${pos}${weight}`);
    positions.set(term, list);
  };
  for (const t of v.terms) add(t, 'A');
  for (const t of v.contextTerms) add(t, 'B');
  for (const t of ownerTokens(v.owner)) add(t, 'D');
  return [...positions]
    .map(([term, list]) => `'${term.replaceAll("'", "''").replaceAll('\\', '\\\\')}':${list.join(',')}`)
    .join(' ');
}

/** Adds live versions to the full-text index (SQLite FTS5 rows; PostgreSQL document frequencies). */
export async function indexVersions(tx: SqlClient, versions: readonly IndexedVersion[]): Promise<void> {
  if (tx.dialect.name === 'postgres') return changeStats(tx, versions, 1);
  for (let i = 0; i < versions.length; i += 200) {
    const rows = versions
      .slice(i, i + 200)
      .map(
        (v) =>
          sql`(${v.rid}, ${ownerTokens(v.owner).join(' ')}, ${v.terms.join(' ')}, ${v.contextTerms.join(' ')})`,
      );
    await queryRun(tx, sql`INSERT INTO engram_ltm_fts (rowid, scope, text, context) VALUES ${joinSql(rows)}`);
  }
}

/** Removes versions that stop being live from the full-text index. */
export async function unindexVersions(tx: SqlClient, versions: readonly IndexedVersion[]): Promise<void> {
  if (tx.dialect.name === 'postgres') return changeStats(tx, versions, -1);
  for (const v of versions) await queryRun(tx, sql`DELETE FROM engram_ltm_fts WHERE rowid = ${v.rid}`);
}

/** PostgreSQL: adds `sign` to the document frequency of each distinct term, and to the owner's counts. */
async function changeStats(tx: SqlClient, versions: readonly IndexedVersion[], sign: 1 | -1): Promise<void> {
  const byOwner = new Map<
    string,
    { owner: RecordOwner; df: Map<string, number>; docs: number; terms: number }
  >();
  for (const v of versions) {
    const key = JSON.stringify(v.owner);
    const slot = byOwner.get(key) ?? { owner: v.owner, df: new Map(), docs: 0, terms: 0 };
    for (const t of new Set([...v.terms, ...v.contextTerms])) slot.df.set(t, (slot.df.get(t) ?? 0) + sign);
    slot.docs += sign;
    slot.terms += sign * (v.terms.length + v.contextTerms.length);
    byOwner.set(key, slot);
  }
  for (const { owner, df, docs, terms } of [...byOwner.values()].sort((a, b) =>
    JSON.stringify(a.owner).localeCompare(JSON.stringify(b.owner)),
  )) {
    const rows = [...df].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([term, d]) => ({ term, d }));
    if (rows.length > 0)
      await queryRun(
        tx,
        sql`INSERT INTO engram_ltm_terms (tenant, user_id, agent_id, term, df) SELECT ${owner.tenant}, ${owner.user}, ${owner.agent}, x.term, x.d FROM jsonb_to_recordset(CAST(${JSON.stringify(rows)} AS jsonb)) AS x(term text, d bigint) ON CONFLICT (tenant, term, user_id, agent_id) DO UPDATE SET df = engram_ltm_terms.df + excluded.df`,
      );
    await queryRun(
      tx,
      sql`INSERT INTO engram_ltm_counts (tenant, user_id, agent_id, docs, terms) VALUES (${owner.tenant}, ${owner.user}, ${owner.agent}, ${docs}, ${terms}) ON CONFLICT (tenant, user_id, agent_id) DO UPDATE SET docs = engram_ltm_counts.docs + excluded.docs, terms = engram_ltm_counts.terms + excluded.terms`,
    );
  }
}

const quoteFts = (t: string) => `"${t.replaceAll('"', '""')}"`;

/**
 * SQLite scopes of at most this many live records are ranked in JavaScript with the scope's own statistics, so
 * their search reads only the scope's rows; larger ones use FTS5's `bm25()` (statistics of the whole table).
 */
export const smallScopeRecords = 2000;

/**
 * A search in a small SQLite scope: BM25 (the formula of `scoreBm25` and of the PostgreSQL path) over the scope's
 * own statistics — its live record count and mean length, each term's document frequency counted by an FTS5
 * match within the scope — scored over the matching rows' stored terms; the records of the best `limit` read
 * last. Every statement reads the scope's rows only (FTS5 intersects the scope token's short doclist), so its
 * cost does not grow with the rest of the table. Undefined when the scope holds more than {@link smallScopeRecords}.
 */
async function smallScopeSearch(
  client: SqlClient,
  scope: Scope,
  q: { terms: string[]; cw: number; scopeMatch: string; match: string; where: SqlFragment; limit: number },
): Promise<LongTermHit[] | undefined> {
  const size = await queryGet(
    client,
    sql`SELECT count(*) AS docs, coalesce(sum(term_count), 0) AS terms FROM (SELECT r.term_count FROM engram_ltm_records r WHERE ${scopeWhere(scope, 'r')} AND r.live = 1 LIMIT ${smallScopeRecords + 1})`,
  );
  const docs = Number(size?.docs ?? 0);
  if (docs > smallScopeRecords) return undefined;
  if (docs === 0) return [];
  const avg = Number(size?.terms ?? 0) / docs || 1;
  const idf = new Map<string, number>();
  for (const term of q.terms) {
    const row = await queryGet(
      client,
      sql`SELECT count(*) AS n FROM engram_ltm_fts WHERE engram_ltm_fts MATCH ${`${q.scopeMatch} AND {text context} : ${quoteFts(term)}`}`,
    );
    idf.set(term, bm25Idf(docs, Number(row?.n ?? 0)));
  }
  const rows = await queryAll(
    client,
    sql`SELECT r.rid, r.first_rid, r.terms, r.context_terms, r.term_count FROM engram_ltm_fts JOIN engram_ltm_records r ON r.rid = engram_ltm_fts.rowid WHERE engram_ltm_fts MATCH ${q.match} AND ${q.where}`,
  );
  const wanted = new Set(q.terms);
  const scored = rows
    .map((r) => {
      const tf = new Map<string, number>();
      const add = (text: unknown, w: number) => {
        if (w > 0 && typeof text === 'string' && text !== '')
          for (const t of text.split(' ')) if (wanted.has(t)) tf.set(t, (tf.get(t) ?? 0) + w);
      };
      add(r.terms, 1);
      add(r.context_terms, q.cw);
      const length = Number(r.term_count);
      let score = 0;
      for (const [t, f] of tf)
        score +=
          (idf.get(t) ?? 0) * ((f * (bm25K1 + 1)) / (f + bm25K1 * (1 - bm25B + (bm25B * length) / avg)));
      return { rid: Number(r.rid), first: Number(r.first_rid), score };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.first - b.first)
    .slice(0, q.limit);
  if (scored.length === 0) return [];
  const found = await queryAll(
    client,
    sql`SELECT ${recordColumns} FROM engram_ltm_records r WHERE r.rid IN (${joinSql(scored.map((x) => x.rid))})`,
  );
  const byRid = new Map(found.map((r) => [Number(r.rid), r]));
  return scored.flatMap(({ rid, score }) => {
    const row = byRid.get(rid);
    return row ? [{ id: String(row.id), score, record: toRecord(row) }] : [];
  });
}
const quoteTs = (t: string) => `'${t.replaceAll("'", "''").replaceAll('\\', '\\\\')}'`;

/**
 * The best hits of a (checked) text query among the scope's live versions: SQLite ranks FTS5 matches with
 * `bm25()` (the scope column weighted 0); PostgreSQL finds `tsvector` matches through the GIN index and ranks
 * them with the same BM25 formula, from the document frequencies kept for the scope's owners.
 */
export async function searchIndex(
  client: SqlClient,
  scope: Scope,
  query: LongTermTextQuery,
): Promise<LongTermHit[]> {
  const terms = [...new Set(query.terms)];
  if (terms.length === 0) return [];
  const cw = query.contextWeight ?? 0.5;
  const filters: SqlFragment[] = [
    scopeWhere(scope, 'r'),
    raw('r.live = 1'),
    ...filterSql(client, query.filter ?? {}),
  ];
  const where = joinSql(filters, ' AND ');
  const owners = scopeTokens(scope);
  if (client.dialect.name !== 'postgres') {
    const columns = cw > 0 ? '{text context}' : 'text';
    const scopeMatch = `scope : (${owners.map(quoteFts).join(' AND ')})`;
    const match = `${scopeMatch} AND ${columns} : (${terms.map(quoteFts).join(' OR ')})`;
    const small = await smallScopeSearch(client, scope, {
      terms,
      cw,
      scopeMatch,
      match,
      where,
      limit: query.limit,
    });
    if (small) return small;
    const rows = await queryAll(
      client,
      sql`SELECT ${recordColumns}, -bm25(engram_ltm_fts, 0.0, 1.0, ${cw}) AS score FROM engram_ltm_fts JOIN engram_ltm_records r ON r.rid = engram_ltm_fts.rowid WHERE engram_ltm_fts MATCH ${match} AND ${where} ORDER BY score DESC, r.first_rid LIMIT ${query.limit}`,
    );
    return rows.map((r) => ({ id: String(r.id), score: Number(r.score), record: toRecord(r) }));
  }
  const counts = await queryGet(
    client,
    sql`SELECT coalesce(sum(docs), 0) AS docs, coalesce(sum(terms), 0) AS terms FROM engram_ltm_counts r WHERE ${scopeWhere(scope, 'r')}`,
  );
  const docs = Number(counts?.docs ?? 0);
  if (docs <= 0) return [];
  const avg = Number(counts?.terms ?? 0) / docs || 1;
  const dfRows = await queryAll(
    client,
    sql`SELECT term, sum(df) AS df FROM engram_ltm_terms r WHERE ${scopeWhere(scope, 'r')} AND term IN (${joinSql(terms)}) GROUP BY term`,
  );
  const df = new Map(dfRows.map((r) => [String(r.term), Number(r.df)]));
  const idf = terms.map((term) => ({ term, idf: bm25Idf(docs, df.get(term) ?? 0) }));
  const tsquery = `${owners.map(quoteTs).join(' & ')} & (${terms.map(quoteTs).join(' | ')})`;
  const weightA = raw(`'A'`);
  const tf =
    cw > 0
      ? sql`CASE WHEN w = ${weightA} THEN 1.0 ELSE CAST(${cw} AS float8) END`
      : sql`CASE WHEN w = ${weightA} THEN 1.0 ELSE 0.0 END`;
  const rows = await queryAll(
    client,
    sql`WITH ranked AS (SELECT r.rid AS hit, sum(q.idf * (x.tf * ${raw(String(bm25K1 + 1))}) / (x.tf + ${raw(String(bm25K1))} * (${raw(String(1 - bm25B))} + ${raw(String(bm25B))} * r.term_count / CAST(${avg} AS float8)))) AS score
FROM engram_ltm_records r
CROSS JOIN LATERAL (SELECT u.lexeme, (SELECT sum(${tf}) FROM unnest(u.weights) AS w) AS tf FROM unnest(r.tsv) AS u WHERE u.lexeme IN (${joinSql(terms)})) x
JOIN jsonb_to_recordset(CAST(${JSON.stringify(idf)} AS jsonb)) AS q(term text, idf float8) ON q.term = x.lexeme
WHERE r.tsv @@ CAST(${tsquery} AS tsquery) AND ${where}
GROUP BY r.rid, r.first_rid HAVING sum(x.tf) > 0
ORDER BY score DESC, r.first_rid LIMIT ${query.limit})
SELECT ${recordColumns}, ranked.score FROM ranked JOIN engram_ltm_records r ON r.rid = ranked.hit ORDER BY ranked.score DESC, r.first_rid`,
  );
  return rows
    .map((r) => ({ id: String(r.id), score: Number(r.score), record: toRecord(r) }))
    .filter((h) => h.score > 0);
}
