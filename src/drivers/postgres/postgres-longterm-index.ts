import { bm25B, bm25K1 } from '../../longterm/bm25.ts';
import type { RecordOwner } from '../../longterm/record-filter.ts';
import type { IndexedVersion, SqlLongTermIndex } from '../sql/dialect-longterm-index.ts';
import type { SqlClient } from '../sql/sql-client.ts';
import { queryAll, queryRun } from '../sql/sql-exec.ts';
import { joinSql, raw, sql } from '../sql/sql-fragment.ts';
import { ownerTokens } from '../sql/sql-longterm-rows.ts';
import { scopeWhere } from '../sql/sql-view.ts';

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

/** Adds `sign` to the document frequency of each distinct term of the versions, and to their owners' counts. */
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

const quoteTs = (t: string) => `'${t.replaceAll("'", "''").replaceAll('\\', '\\\\')}'`;

/**
 * PostgreSQL's long-term index (schema v11): a `tsvector` column of the version row (text terms weight A,
 * context terms B, plus the owner's tokens) with a GIN index over live rows; document frequencies and counts
 * kept per owner in `engram_ltm_terms` and `engram_ltm_counts`, in the writing transaction. A search finds
 * matches through the GIN index and ranks them with the BM25 formula of `scoreBm25`, from the statistics of the
 * scope's owners (row ids and scores; records are read after, for the hits kept).
 */
export const postgresLongTermIndex: SqlLongTermIndex<SqlClient> = {
  ddl: {
    columns: ['tsv tsvector'],
    statements: [
      'CREATE INDEX IF NOT EXISTS engram_ltm_tsv ON engram_ltm_records USING GIN (tsv) WITH (fastupdate = off) WHERE live = 1',
      `CREATE TABLE IF NOT EXISTS engram_ltm_terms (
  tenant TEXT NOT NULL,
  user_id TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  term TEXT NOT NULL,
  df BIGINT NOT NULL,
  PRIMARY KEY (tenant, term, user_id, agent_id)
)`,
      `CREATE TABLE IF NOT EXISTS engram_ltm_counts (
  tenant TEXT NOT NULL,
  user_id TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  docs BIGINT NOT NULL,
  terms BIGINT NOT NULL,
  PRIMARY KEY (tenant, user_id, agent_id)
)`,
    ],
  },
  rowColumns: ['tsv'],
  rowValues: (version, live) => [live ? sql`CAST(${tsvectorLiteral(version)} AS tsvector)` : raw('NULL')],
  add: (tx, versions) => changeStats(tx, versions, 1),
  remove: (tx, versions) => changeStats(tx, versions, -1),
  search: async (client, search) => {
    const { scope, terms, contextWeight: cw } = search;
    const tsquery = `${search.scopeTokens.map(quoteTs).join(' & ')} & (${terms.map(quoteTs).join(' | ')})`;
    const weightA = raw(`'A'`);
    const tf =
      cw > 0
        ? sql`CASE WHEN w = ${weightA} THEN 1.0 ELSE CAST(${cw} AS float8) END`
        : sql`CASE WHEN w = ${weightA} THEN 1.0 ELSE 0.0 END`;
    // One statement, so the scope's statistics (its live records and their terms, each term's document count) and
    // the rows they score are of one snapshot: at READ COMMITTED each statement reads the latest commit, and
    // statistics read in a statement of their own were of another state than the rows when a write committed in
    // between. The idf is FTS5's: ln((N - n + 0.5) / (n + 0.5)), at least 1e-6, with the quotient in float8 as `bm25Idf`
    // computes it in doubles (the sums are numeric: a numeric quotient rounded to float8 after is off by an ulp, which
    // the logarithm of a quotient near 1 makes a relative error of 1e-11 at 260,000 records, 1e-9 at tens of millions).
    // The idf and the average length reach the ranking as values computed once (InitPlans: `q` as one jsonb value expanded
    // by `jsonb_to_recordset`, as the three statements before passed it; `s` in scalar subqueries), not as CTE scans
    // joined to the rows: a CTE scan makes the plan parallel-restricted (no parallel scan of the records), and `q`
    // estimated at hundreds of rows (from the grouping of `d`) multiplied the estimated join rows, whose cost then
    // turned on JIT inlining and optimization (1.3 s on a query matching 100,000 rows); the average, a numeric CASE
    // over `c`, was evaluated for every matched term.
    const rows = await queryAll(
      client,
      sql`WITH c AS (SELECT coalesce(sum(docs), 0) AS docs, coalesce(sum(terms), 0) AS terms FROM engram_ltm_counts r WHERE ${scopeWhere(scope, 'r')}),
d AS (SELECT term, sum(df) AS df FROM engram_ltm_terms r WHERE ${scopeWhere(scope, 'r')} AND term IN (${joinSql(terms)}) GROUP BY term),
q AS (SELECT jsonb_agg(jsonb_build_object('term', k.term, 'idf', CASE WHEN k.quotient > 1 THEN ln(k.quotient) ELSE 1e-6 END)) AS idf FROM (SELECT t.term, (CAST(c.docs AS float8) - CAST(coalesce(d.df, 0) AS float8) + 0.5) / (CAST(coalesce(d.df, 0) AS float8) + 0.5) AS quotient FROM jsonb_array_elements_text(CAST(${JSON.stringify(terms)} AS jsonb)) AS t(term) CROSS JOIN c LEFT JOIN d ON d.term = t.term) AS k),
s AS (SELECT CAST(c.docs AS float8) AS docs, CASE WHEN c.terms > 0 THEN CAST(c.terms AS float8) / c.docs ELSE CAST(1 AS float8) END AS avg FROM c),
ranked AS (SELECT r.rid AS hit, r.first_rid AS first_rid, sum(q.idf * (x.tf * ${raw(String(bm25K1 + 1))}) / (x.tf + ${raw(String(bm25K1))} * (${raw(String(1 - bm25B))} + ${raw(String(bm25B))} * r.term_count / (SELECT s.avg FROM s)))) AS score
FROM engram_ltm_records r
CROSS JOIN LATERAL (SELECT u.lexeme, (SELECT sum(${tf}) FROM unnest(u.weights) AS w) AS tf FROM unnest(r.tsv) AS u WHERE u.lexeme IN (${joinSql(terms)})) x
JOIN jsonb_to_recordset((SELECT q.idf FROM q)) AS q(term text, idf float8) ON q.term = x.lexeme
WHERE r.tsv @@ CAST(${tsquery} AS tsquery) AND ${search.where} AND (SELECT s.docs FROM s) > 0
GROUP BY r.rid, r.first_rid HAVING sum(x.tf) > 0
ORDER BY score DESC, r.first_rid LIMIT ${search.limit})
SELECT hit AS rid, score FROM ranked ORDER BY score DESC, first_rid`,
    );
    return rows.map((r) => ({ rid: Number(r.rid), score: Number(r.score) })).filter((h) => h.score > 0);
  },
};
