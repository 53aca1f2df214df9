import type { Scope } from '../../core/scope.ts';
import { bm25B, bm25Idf, bm25K1 } from '../../longterm/bm25.ts';
import type { LongTermTextSearch, RankedRow } from '../sql/dialect-longterm-index.ts';
import type { SqlClient, SqlRow } from '../sql/sql-client.ts';
import { queryAll, queryGet } from '../sql/sql-exec.ts';
import { compileSql, joinSql, type SqlFragment, sql } from '../sql/sql-fragment.ts';
import { idChunk, idChunks } from '../sql/sql-longterm-options.ts';
import { rankColumns } from '../sql/sql-longterm-ranked.ts';
import { scopeWhere } from '../sql/sql-view.ts';
import { fts5String } from './sqlite-fts5.ts';
import { mostKnownRows, rankKnownRows } from './sqlite-longterm-known-rows.ts';
import { bestMatches, rareTermsFrom } from './sqlite-longterm-matches.ts';
import { fullMatch, type ScoredMatch, type TermsMatch } from './sqlite-longterm-rare-terms.ts';
import { scopeSize } from './sqlite-longterm-scope-size.ts';
import { createReadMemo, type ReadPass, startReadPass, writeState } from './sqlite-read-memo.ts';
import { isPlain, rowTermsColumns } from './sqlite-terms-column.ts';

/**
 * Scopes of at most this many live records are ranked in JavaScript with the scope's own statistics, so their
 * search reads only the scope's rows; larger ones use FTS5's `bm25()` (statistics of the whole table).
 */
export const smallScopeRecords = 2000;

/** Most FTS5 rows a large-scope search ranks by `bm25()` alone before it joins every match to its filter. */
const mostUnjoined = 20_000;

/** The MATCH expressions of a search: its scope tokens alone, and those with any of its terms. */
function matches(search: LongTermTextSearch): { scopeMatch: string; match: string } {
  const terms = matchTerms(search, false);
  return { scopeMatch: terms.scope as string, match: fullMatch(terms) };
}

/**
 * A search's match in parts ({@link TermsMatch}): without its scope tokens when the scope holds every live record
 * (`whole`: they select nothing and only cost).
 */
function matchTerms(search: LongTermTextSearch, whole: boolean): TermsMatch {
  return {
    ...(whole ? {} : { scope: `scope : (${search.scopeTokens.map(fts5String).join(' AND ')})` }),
    columns: search.contextWeight > 0 ? '{text context}' : 'text',
    terms: search.terms,
    anyRow: search.scopeTokens[0] as string,
  };
}

/**
 * The batch after one of `seen` matches of which `kept` passed the filter, short of `limit`: four times what the
 * pass rate so far says `limit` needs (at least double the batch), or ×8 when none passed. A generous guess: a
 * batch costs `bm25()` over every match plus a little per row returned, so one pass too many costs more than rows
 * to spare (measured on the agent-step sessions, where the episode leg keeps 3–5% of the matches).
 */
const nextBatch = (seen: number, kept: number, limit: number): number =>
  kept === 0 ? seen * 8 : Math.max(seen * 2, Math.ceil((4 * limit * seen) / kept));

/** Most rows of the asked kinds a large-scope search lists from the kind index to sift its matches with. */
export const mostOfKinds = 5000;

/**
 * The row ids of the scope's live rows of the search's kinds (index `engram_ltm_kind`, no table row read), when the
 * search names kinds and there are at most {@link mostOfKinds} of them; undefined otherwise.
 */
async function rowsOfKinds(client: SqlClient, search: LongTermTextSearch): Promise<Set<number> | undefined> {
  if (search.kinds === undefined) return undefined;
  if (search.kinds.length === 0) return new Set();
  const rows = await queryAll(client, rowsOfKindsQuery(search.scope, search.kinds));
  return rows.length > mostOfKinds ? undefined : new Set(rows.map((r) => Number(r.rid)));
}

/** The statement of {@link rowsOfKinds}: up to one row past {@link mostOfKinds}, read from `engram_ltm_kind` alone. */
export const rowsOfKindsQuery = (scope: Scope, kinds: readonly string[]): SqlFragment =>
  sql`SELECT r.rid FROM engram_ltm_records r WHERE ${scopeWhere(scope, 'r')} AND r.live = 1 AND r.kind IN (${joinSql([...kinds])}) LIMIT ${mostOfKinds + 1}`;

/** Best first, the oldest record first on ties. */
const byRank = (a: RankedRow & { first: number }, b: RankedRow & { first: number }) =>
  b.score - a.score || a.first - b.first;

/**
 * A search in a small scope (`docs` live records): BM25 (the formula of `scoreBm25` and of the PostgreSQL path)
 * over the scope's own statistics — its live record count and mean length, each term's document frequency —
 * scored over the matching rows' stored terms (read with the columns ranking reads, so the hits' rows are not
 * read again). A term's document frequency is the number of the scope's rows
 * that hold it in text or context: counted from the matching rows themselves when they are all the scope's
 * (no filter beyond the scope, context searched) and FTS5 and a split on spaces see the same words (plain
 * terms), else by an FTS5 match within the scope per term. Every statement reads the scope's rows only (FTS5
 * intersects the scope token's short doclist), so its cost does not grow with the rest of the table.
 */
async function rankSmallScope(
  client: SqlClient,
  search: LongTermTextSearch,
  docs: number,
  pass: ReadPass | undefined,
): Promise<RankedRow[]> {
  // The whole ranking is computed whatever the limit: a handle keeps its last one while nothing is written, so the
  // same search asked again for more hits (hybrid search's `keptHits`) only slices it.
  const compiled = compileSql(search.where, () => '?');
  // The scope's size is in the key: it was read before the memo looks at the handle's write state, so a ranking
  // made from a size another commit changed since is never served under the state after that commit.
  const key = JSON.stringify([search.terms, search.contextWeight, compiled.text, compiled.params, docs]);
  const ranked = await lastSmall.recall(
    client,
    key,
    () => rankSmallScopeWhole(client, search, docs, pass),
    undefined,
    pass,
  );
  return ranked.slice(0, search.limit);
}

/** Per handle, the whole small-scope ranking it computed last. */
const lastSmall = createReadMemo<RankedRow[]>(1);

/** Per handle, the live term totals of the scopes it ranked while nothing was written (at most 256 scopes). */
const termTotals = createReadMemo<number>(256);

/**
 * The terms of a scope's live records, summed (the scope's mean record length times its size): one read of every
 * live row of the scope, which a handle makes again only after a write (its own or another handle's commit:
 * `createReadMemo`), so searches of one scope between writes share it.
 */
function scopeTerms(client: SqlClient, scope: Scope, pass: ReadPass | undefined): Promise<number> {
  const key = JSON.stringify([scope.tenant, scope.user ?? null, scope.agent ?? null]);
  return termTotals.recall(
    client,
    key,
    async () => {
      const row = await queryGet(
        client,
        sql`SELECT coalesce(sum(r.term_count), 0) AS terms FROM engram_ltm_records r WHERE ${scopeWhere(scope, 'r')} AND r.live = 1`,
      );
      return Number(row?.terms ?? 0);
    },
    undefined,
    pass,
  );
}

/** {@link rankSmallScope} without a limit: every match, best first. */
async function rankSmallScopeWhole(
  client: SqlClient,
  search: LongTermTextSearch,
  docs: number,
  pass: ReadPass | undefined,
): Promise<RankedRow[]> {
  const { scopeMatch, match } = matches(search);
  const rows = await queryAll(
    client,
    sql`SELECT ${rankColumns}, r.first_rid, r.terms, r.context_terms, r.term_count FROM engram_ltm_fts JOIN engram_ltm_records r ON r.rid = engram_ltm_fts.rowid WHERE engram_ltm_fts MATCH ${match} AND ${search.where}`,
  );
  const avg = (await scopeTerms(client, search.scope, pass)) / docs || 1;
  // Each row's frequency of each query term (text 1 an instance, context `contextWeight` each, added in that
  // order), counted in its terms columns (kept by row across searches: `rowTermsColumns`).
  const terms = [...new Set(search.terms)];
  const readColumns = rowTermsColumns(client);
  const columns = rows.map((r) => readColumns(Number(r.rid), r.terms, r.context_terms));
  const frequencies = columns.map((c) =>
    terms.map((term) => {
      let f = c.text.count(term);
      if (search.contextWeight > 0) for (let k = c.context.count(term); k > 0; k--) f += search.contextWeight;
      return f;
    }),
  );
  const counted =
    search.filtered === false &&
    search.contextWeight > 0 &&
    terms.every(isPlain) &&
    rows.every(
      (r, i) =>
        typeof r.terms === 'string' &&
        typeof r.context_terms === 'string' &&
        columns[i]!.text.plain &&
        columns[i]!.context.plain,
    );
  const idf: number[] = [];
  for (const [at, term] of terms.entries()) {
    let n = 0;
    if (counted) for (const f of frequencies) n += (f[at] as number) > 0 ? 1 : 0;
    else {
      const row = await queryGet(
        client,
        sql`SELECT count(*) AS n FROM engram_ltm_fts WHERE engram_ltm_fts MATCH ${`${scopeMatch} AND {text context} : ${fts5String(term)}`}`,
      );
      n = Number(row?.n ?? 0);
    }
    idf.push(bm25Idf(docs, n));
  }
  return rows
    .map((r, i) => {
      const length = Number(r.term_count);
      let score = 0;
      // Summed in query-term order, as the in-process stores' `scoreBm25` sums.
      (frequencies[i] as number[]).forEach((f, at) => {
        if (f > 0)
          score +=
            (idf[at] as number) * ((f * (bm25K1 + 1)) / (f + bm25K1 * (1 - bm25B + (bm25B * length) / avg)));
      });
      return { rid: Number(r.rid), first: Number(r.first_rid), score, columns: r };
    })
    .filter((x) => x.score > 0)
    .sort(byRank);
}

/**
 * A search in a large scope, ranked by FTS5's `bm25()` with the scope column weighted 0 (the terms matched
 * alone when the scope holds every live record (`whole`): the tenant's token is in every row, so FTS5 would
 * read its whole posting list to select nothing, and it carries no score, so the ranking is the same). The best `n` matches
 * are ranked by the index alone ({@link bestMatches}: a read the handle just made for the same terms is reused)
 * and read from the records table for the filter and the columns ranking reads, best first in chunks (by row id:
 * `NOT INDEXED` keeps the planner off the live-records index, which would read the whole scope); every match
 * scoring above the `n`-th is known, so once `limit` of those pass the filter and the next unread one scores
 * below the `limit`-th kept, they are the answer (ties broken by `first_rid`). Otherwise `n` grows by the pass
 * rate seen ({@link nextBatch}) up to {@link mostUnjoined}; past it every match is joined to the filter in one
 * statement (a selective filter). A search for kinds of which the scope has few live rows ({@link rowsOfKinds}) scores
 * those rows alone when they are at most {@link mostKnownRows} ({@link rankKnownRows}); else it reads only those
 * rows among the matches, and takes every match in its second read.
 */
async function rankLargeScope(
  client: SqlClient,
  search: LongTermTextSearch,
  firstBatch: number,
  whole: boolean,
  chunk: number,
  cutFrom: number,
  pass: ReadPass | undefined,
): Promise<RankedRow[]> {
  const terms = matchTerms(search, whole);
  const match = fullMatch(terms);
  const score = sql`-bm25(engram_ltm_fts, 0.0, 1.0, ${search.contextWeight})`;
  const ofKinds = await rowsOfKinds(client, search);
  if (ofKinds?.size === 0) return [];
  if (ofKinds && ofKinds.size <= mostKnownRows) {
    const ranked = await rankKnownRows(client, search, [...ofKinds]);
    if (ranked) return ranked;
  }
  for (let n = firstBatch; ; ) {
    // The read may hold more than `n` (spare rows for a later ask): this pass takes the best `n`.
    const best = await bestMatches(client, terms, score, String(search.contextWeight), n, cutFrom, pass);
    const rows = best.rows.slice(0, n);
    const complete = best.complete && best.rows.length <= n;
    const floor = complete ? Number.NEGATIVE_INFINITY : Number(rows.at(-1)?.score);
    const above = rows.filter((r) => r.score > floor && (ofKinds === undefined || ofKinds.has(r.rid)));
    const kept = await keptBestFirst(client, search, above, chunk, pass);
    if (complete || kept.length >= search.limit) return kept.sort(byRank).slice(0, search.limit);
    if (rows.length >= mostUnjoined) break;
    // With the kind's rows known, one more read takes every match (the next batch would be guessed from a few).
    n = ofKinds ? mostUnjoined : Math.min(mostUnjoined, nextBatch(rows.length, kept.length, search.limit));
  }
  const rows = await queryAll(
    client,
    sql`SELECT r.rid, ${score} AS score FROM engram_ltm_fts JOIN engram_ltm_records r ON r.rid = engram_ltm_fts.rowid WHERE engram_ltm_fts MATCH ${match} AND ${search.where} ORDER BY score DESC, r.first_rid LIMIT ${search.limit}`,
  );
  return rows.map((r) => ({ rid: Number(r.rid), score: Number(r.score) }));
}

/**
 * Per handle, the rows {@link keptBestFirst} read for a filter while nothing was written, by row id (null: the row
 * did not pass it): the wider second ask of a search (hybrid search's `keptHits`) reads only the matches the first
 * did not.
 */
const keptRows = createReadMemo<Map<number, SqlRow | null>>(1);

/**
 * The matches (best first) that pass the search's filter, read in chunks of row ids best first until `limit` pass
 * and the next unread one scores below the `limit`-th kept (no unread one can rank among the best `limit`). A row
 * the handle read for the same filter since its last write ({@link keptRows}) is not read again; each chunk's rows
 * are kept in the order a read of the whole chunk returns them (by row id: the `IN` list is looked up in order).
 */
async function keptBestFirst(
  client: SqlClient,
  search: LongTermTextSearch,
  matches: readonly ScoredMatch[],
  chunk: number,
  pass: ReadPass | undefined,
): Promise<(RankedRow & { first: number })[]> {
  const kept: (RankedRow & { first: number })[] = [];
  const scoreOf = new Map(matches.map((m) => [m.rid, m.score]));
  const where = compileSql(search.where, () => '?');
  const known = await keptRows.recall(
    client,
    JSON.stringify([where.text, where.params]),
    async () => new Map(),
    undefined,
    pass,
  );
  let read = 0;
  for (const part of idChunks(
    matches.map((m) => m.rid),
    chunk,
  )) {
    const unread = part.filter((rid) => !known.has(rid));
    let rows: SqlRow[] = [];
    if (unread.length > 0) {
      rows = await queryAll(
        client,
        sql`SELECT ${rankColumns}, r.first_rid FROM engram_ltm_records r NOT INDEXED WHERE r.rid IN (${joinSql(unread)}) AND ${search.where}`,
      );
      for (const rid of unread) known.set(rid, null);
      for (const r of rows) known.set(Number(r.rid), r);
    }
    // A chunk read whole keeps its rows as read; one read in part, in the order a whole read gives.
    if (unread.length < part.length)
      rows = [...part]
        .sort((a, b) => a - b)
        .flatMap((rid) => {
          const r = known.get(rid);
          return r ? [r] : [];
        });
    for (const r of rows) {
      const rid = Number(r.rid);
      kept.push({ rid, first: Number(r.first_rid), score: scoreOf.get(rid) ?? 0, columns: r });
    }
    read += part.length;
    const next = matches[read];
    if (next === undefined || kept.length < search.limit) continue;
    const limitth = kept.sort(byRank)[search.limit - 1] as RankedRow;
    if (next.score < limitth.score) break;
  }
  return kept;
}

/** Tuning of {@link rankSqliteLongTerm} (the tests force each path and the growth of a large-scope search with it). */
export interface SqliteRankTuning {
  /** The largest scope ranked with its own statistics. @default {@link smallScopeRecords} */
  smallScope?: number;
  /** The matches a large-scope search ranks by the index alone first. @default limit + 32 */
  firstBatch?: number;
  /** Row ids a large-scope search reads from the records table per statement, best first. @default {@link idChunk} */
  chunk?: number;
  /**
   * Term occurrences from which a large-scope search ranks its rarer terms' rows first (the same answer, read from
   * fewer rows). @default {@link rareTermsFrom}
   */
  cutFrom?: number;
}

/**
 * SQLite's long-term ranking: a scope of at most {@link smallScopeRecords} live records with its own
 * statistics, a larger one by `bm25()`. Row ids and scores only, of one state of the data: read again when a write
 * commits during the read, the last of {@link mostRankTries} reads in a read snapshot (`readSnapshot`).
 */
export async function rankSqliteLongTerm(
  client: SqlClient,
  search: LongTermTextSearch,
  tuning: SqliteRankTuning = {},
): Promise<RankedRow[]> {
  // Its statements each read the latest commit: a write committing between the first and the last (another
  // handle's, or another task's on this handle) would rank one state's rows with another's statistics (the scope's
  // size and term totals, the terms' counts). The state is read before and after a try, which is made again when
  // it changed; the reads the handle keeps (scope sizes, matches, rows) are judged by the state at the start
  // (`ReadPass`), not each read again. Inside a transaction (no state to compare) the handle's snapshot holds.
  for (let tries = 1; tries < mostRankTries; tries++) {
    const pass = await startReadPass(client);
    const ranked = await rankOnce(client, search, tuning, pass);
    if (pass.state === undefined || (await writeState(client)) === pass.state) return ranked;
  }
  // Writes committed beneath each try: the last reads one snapshot (a read transaction: every statement sees the
  // same commit, and nothing is kept or served from what the handle kept), so it needs no check.
  const last = (c: SqlClient) => rankOnce(c, search, tuning, undefined);
  return client.readSnapshot ? client.readSnapshot(last) : last(client);
}

/**
 * Reads of a search {@link rankSqliteLongTerm} makes while writes commit beneath it; the last one reads a snapshot
 * (the cut of the rarer terms and the handle's kept reads are off in a transaction: the read costs more, so it is
 * the fallback).
 */
const mostRankTries = 3;

/** {@link rankSqliteLongTerm}, read once. */
async function rankOnce(
  client: SqlClient,
  search: LongTermTextSearch,
  tuning: SqliteRankTuning,
  pass: ReadPass | undefined,
): Promise<RankedRow[]> {
  const small = tuning.smallScope ?? smallScopeRecords;
  const { docs, whole } = await scopeSize(client, search.scope, small, pass);
  if (docs === 0) return [];
  return docs > small
    ? rankLargeScope(
        client,
        search,
        tuning.firstBatch ?? search.limit + 32,
        whole,
        tuning.chunk ?? idChunk,
        tuning.cutFrom ?? rareTermsFrom,
        pass,
      )
    : rankSmallScope(client, search, docs, pass);
}
