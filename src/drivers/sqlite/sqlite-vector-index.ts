import type { RankedRow } from '../sql/dialect-longterm-index.ts';
import { float32Scaled } from '../sql/float32-scale.ts';
import type { SqlClient } from '../sql/sql-client.ts';
import { queryAll } from '../sql/sql-exec.ts';
import { joinSql, type SqlFragment, sql } from '../sql/sql-fragment.ts';
import { idChunk, idChunks } from '../sql/sql-longterm-options.ts';
import { vectorBytes } from '../sql/sql-longterm-rows.ts';
import type { SqlVectorIndex, SqlVectorSearch } from '../sql/sql-vector-index.ts';
import { scopeWhere } from '../sql/sql-view.ts';
import type { LazySqliteVec } from './sqlite-vector.ts';

/** Tuning of {@link createSqliteVectorIndex} (tests force the second pass with a small first batch). */
export interface SqliteVectorTuning {
  /** Vectors ranked by the first pass. @default limit + 32 */
  firstBatch?: number;
  /** Hits looked up in the records table per statement. @default a third of {@link idChunk} (three parameters a hit) */
  chunk?: number;
}

/** A vector ranked by the first pass: its owner's user and agent, its record id, its similarity. */
interface VectorHit {
  user: string;
  agent: string;
  id: string;
  score: number;
}

/** The similarity of a stored vector to the query, as both passes compute it (sqlite-vec's float32 cosine). */
const similarity = (bytes: Uint8Array): SqlFragment =>
  sql`COALESCE(1 - vec_distance_cosine(v.vector, ${bytes}), 0)`;

/**
 * The vector index of the SQLite store when sqlite-vec is loaded: `vec_distance_cosine` over the float32 bytes
 * `engram_ltm_vectors` already holds (sqlite-vec's own vector format), run in C over the scope's vectors only
 * (their primary key starts with the owner and model), so a search never reads another scope and never decodes
 * a vector in JavaScript. A search with no filter ranks the scope's best `limit + 32` vectors from the vectors
 * table alone, then looks up the live records among them: every vector scoring above the last one read is
 * known, so once `limit` of them are live they are the answer (joining every vector to its record first cost a
 * third of a search at 10,000 records; deleting or purging a record deletes its vectors, and a superseded one's
 * vector stays with its id, so the first pass's hits are live unless a filter drops them). A filtered search,
 * or one where fewer than `limit` vectors score above the last one read (ties at it), joins every vector to the
 * filter in one statement (a second pass over the vectors costs what the first did: a wider first pass would not
 * be cheaper). Every filter gives exactly the exact scan's hits
 * (the similarity is computed in float32, so it may differ from the in-process float64 value in the 7th digit).
 * No second table: sqlite-vec's `vec0` tables are a brute-force scan too (no approximate index in 0.1), and a
 * scoped, filtered KNN on them would need oversampling. `extension` says whether the extension is in use (the
 * store's `capabilities.vectorSearch`) and loads it for the first search; when it does not load, the search
 * returns undefined (the exact scan answers) and the index is inactive from then on.
 */
export function createSqliteVectorIndex(
  extension: LazySqliteVec,
  tuning: SqliteVectorTuning = {},
): SqlVectorIndex {
  return {
    active: extension.active,
    rowColumns: () => [],
    rowValues: () => [],
    prepare: async () => {},
    nearest: async (client, search) => {
      if (!(await extension.ready())) return undefined;
      const bytes = vectorBytes(float32Scaled(search.vector));
      if (!search.filtered) {
        const n = tuning.firstBatch ?? search.limit + 32;
        const best = await bestVectors(client, search, bytes, n);
        const complete = best.length < n;
        const floor = complete ? Number.NEGATIVE_INFINITY : (best.at(-1)?.score ?? 0);
        const kept = await liveOf(
          client,
          search,
          best.filter((hit) => hit.score > floor),
          tuning.chunk ?? Math.floor(idChunk / 3),
        );
        if (complete || kept.length >= search.limit) return kept.slice(0, search.limit);
      }
      const rows = await queryAll(
        client,
        sql`SELECT r.rid, ${similarity(bytes)} AS score FROM engram_ltm_records r JOIN engram_ltm_vectors v ON v.tenant = r.tenant AND v.user_id = r.user_id AND v.agent_id = r.agent_id AND v.id = r.id WHERE ${search.where} AND v.model = ${search.model} AND v.dims = ${search.vector.length} ORDER BY score DESC, r.first_rid LIMIT ${search.limit}`,
      );
      return rows.map((r) => ({ rid: Number(r.rid), score: Number(r.score) }));
    },
  };
}

/** The scope's best `n` vectors of the search's model and size, best first, from the vectors table alone. */
async function bestVectors(
  client: SqlClient,
  search: SqlVectorSearch,
  bytes: Uint8Array,
  n: number,
): Promise<VectorHit[]> {
  const rows = await queryAll(
    client,
    sql`SELECT v.user_id, v.agent_id, v.id, ${similarity(bytes)} AS score FROM engram_ltm_vectors v WHERE ${scopeWhere(search.scope, 'v')} AND v.model = ${search.model} AND v.dims = ${search.vector.length} ORDER BY score DESC LIMIT ${n}`,
  );
  return rows.map((r) => ({
    user: String(r.user_id),
    agent: String(r.agent_id),
    id: String(r.id),
    score: Number(r.score),
  }));
}

/**
 * The live records meeting the search's filter among `hits` (looked up by owner and id from the hits, a
 * statement per slice of them), with the hits' scores, best first and the older record first on ties.
 */
async function liveOf(
  client: SqlClient,
  search: SqlVectorSearch,
  hits: readonly VectorHit[],
  chunk: number,
): Promise<RankedRow[]> {
  const scoreOf = new Map(hits.map((h) => [JSON.stringify([h.user, h.agent, h.id]), h.score]));
  const rows = [];
  for (const part of idChunks(hits, chunk)) {
    const values = joinSql(
      part.map((h) => sql`(${h.user}, ${h.agent}, ${h.id})`),
      ', ',
    );
    // CROSS JOIN keeps the hits as the outer loop: each is one lookup of the records' unique key.
    rows.push(
      ...(await queryAll(
        client,
        sql`WITH hits (user_id, agent_id, id) AS (VALUES ${values}) SELECT r.rid, r.first_rid, r.user_id, r.agent_id, r.id FROM hits h CROSS JOIN engram_ltm_records r ON r.tenant = ${search.scope.tenant} AND r.user_id = h.user_id AND r.agent_id = h.agent_id AND r.id = h.id WHERE ${search.where}`,
      )),
    );
  }
  return rows
    .map((r) => ({
      rid: Number(r.rid),
      first: Number(r.first_rid),
      score: scoreOf.get(JSON.stringify([String(r.user_id), String(r.agent_id), String(r.id)])) ?? 0,
    }))
    .sort((a, b) => b.score - a.score || a.first - b.first)
    .map(({ rid, score }) => ({ rid, score }));
}
