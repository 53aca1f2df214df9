import { checkId } from '../../core/ids.ts';
import type { Scope } from '../../core/scope.ts';
import { checkEmbeddings, embeddingLimit } from '../../longterm/check-long-term-call.ts';
import { checkVectorQuery } from '../../longterm/check-record.ts';
import type { LongTermVectorQuery } from '../../longterm/long-term-query.ts';
import type { LongTermRecord } from '../../longterm/long-term-record.ts';
import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import { cosineSimilarity, ownerOf } from '../../longterm/record-filter.ts';
import { versionMatches } from '../../longterm/record-versions.ts';
import type { RankedRow } from './dialect-longterm-index.ts';
import { float32Scaled } from './float32-scale.ts';
import type { SqlClient } from './sql-client.ts';
import { queryAll, queryRun } from './sql-exec.ts';
import { joinSql, raw, type SqlFragment, sql } from './sql-fragment.ts';
import type { SqlLongTermOptions } from './sql-longterm-options.ts';
import { rankedHits, recordHits } from './sql-longterm-ranked.ts';
import { bytesVector, filterSql, liveWhere, owned, vectorBytes } from './sql-longterm-rows.ts';
import { currentRow } from './sql-longterm-versions.ts';

/** Whether every component of `vector` is 0 (no direction: every similarity is 0, which the exact scan gives). */
const isZero = (vector: readonly number[]) => vector.every((x) => x === 0);

/**
 * Embeddings of `LongTermStoreV1` on the shared SQL layer: one row per (record, model) as float32 bytes. A search
 * asks the store's vector index (`SqlVectorIndex`: sqlite-vec, pgvector) for the nearest row ids, with the scope,
 * liveness and filter in the same SQL; without an active index (the extension is not installed) it falls back
 * to an exact scan of the scope's vectors compared in process. `searchVector` then reads the best hits'
 * records, `rankVector` only the columns ranking needs.
 */
export function sqlLongTermVectors(
  options: SqlLongTermOptions,
): Required<Pick<LongTermStoreV1, 'putEmbeddings' | 'missingEmbeddings' | 'searchVector' | 'rankVector'>> {
  const { client, component, op, vectorIndex } = options;
  const index = () => (vectorIndex?.active() ? vectorIndex : undefined);
  const nearest = async (scope: Scope, query: LongTermVectorQuery): Promise<RankedRow[]> => {
    checkVectorQuery(query, component);
    const filter = filterSql(client.dialect, query.filter ?? {});
    const where = liveWhere(scope, filter);
    const active = index();
    const indexed =
      active && query.limit > 0 && !isZero(query.vector)
        ? await active.nearest(client, {
            scope,
            where,
            filtered: filter.length > 0,
            model: query.model,
            vector: query.vector,
            limit: query.limit,
          })
        : undefined;
    return indexed ?? exactNearest(client, where, query);
  };
  return {
    putEmbeddings: (scope, embeddings) =>
      op('putEmbeddings', scope, async () => {
        checkEmbeddings(embeddings, component);
        const owner = ownerOf(scope);
        const active = index();
        const columns = active?.rowColumns() ?? [];
        const names = raw(['dims', 'vector', ...columns].map((c) => `, ${c}`).join(''));
        const updates = raw(['dims', 'vector', ...columns].map((c) => `${c} = excluded.${c}`).join(', '));
        return client.transaction(async (tx) => {
          for (const dims of new Set(embeddings.map((e) => e.vector.length))) await active?.prepare(tx, dims);
          // Each record's current row, locked (PostgreSQL) in id order: an update of its text, which drops its
          // vectors, waits for this write or committed first and is seen (then a vector of another hash is skipped).
          const current = new Map<string, Pick<LongTermRecord, 'hash'> | undefined>();
          for (const id of [...new Set(embeddings.map((e) => e.id))].sort()) {
            const row = await currentRow(tx, owner, id);
            current.set(id, row && row.event !== 'DELETE' ? { hash: String(row.hash) } : undefined);
          }
          let stored = 0;
          for (const e of embeddings) {
            if (!versionMatches(current.get(e.id), e)) continue;
            // Scaled by a power of two when a float32 index could not compute with it (the cosine is the same).
            const vector = float32Scaled(e.vector);
            const values = [vectorBytes(vector), ...(active?.rowValues(vector) ?? [])];
            await queryRun(
              tx,
              sql`INSERT INTO engram_ltm_vectors (tenant, user_id, agent_id, id, model${names}) VALUES (${owner.tenant}, ${owner.user}, ${owner.agent}, ${e.id}, ${e.model}, ${e.vector.length}, ${joinSql(values)}) ON CONFLICT (tenant, user_id, agent_id, model, id) DO UPDATE SET ${updates}`,
            );
            stored += 1;
          }
          return stored;
        });
      }),
    missingEmbeddings: (scope, model, limit) =>
      op('missingEmbeddings', scope, async () => {
        checkId(model, 'model', component);
        // The kit's check, as every driver built with it: a limit that is no number is refused, not sent to SQL.
        const count = embeddingLimit(limit, component);
        const rows = await queryAll(
          client,
          // The scope's own records: its users' or agents' are ones `putEmbeddings` here would skip.
          sql`SELECT r.id FROM engram_ltm_records r WHERE ${owned(ownerOf(scope))} AND r.live = 1 AND NOT EXISTS (SELECT 1 FROM engram_ltm_vectors v WHERE v.tenant = r.tenant AND v.user_id = r.user_id AND v.agent_id = r.agent_id AND v.model = ${model} AND v.id = r.id) ORDER BY r.first_rid LIMIT ${count}`,
        );
        return rows.map((r) => String(r.id));
      }),
    searchVector: (scope, query) =>
      op('searchVector', scope, async () => recordHits(client, await nearest(scope, query))),
    rankVector: (scope, query) =>
      op('rankVector', scope, async () => rankedHits(client, await nearest(scope, query))),
  };
}

/** The exact fallback: the scope's vectors of the model (row ids and bytes only) compared in process, best first. */
async function exactNearest(
  client: SqlClient,
  where: SqlFragment,
  query: LongTermVectorQuery,
): Promise<RankedRow[]> {
  const rows = await queryAll(
    client,
    sql`SELECT r.rid, r.first_rid, v.vector FROM engram_ltm_records r JOIN engram_ltm_vectors v ON v.tenant = r.tenant AND v.user_id = r.user_id AND v.agent_id = r.agent_id AND v.id = r.id WHERE ${where} AND v.model = ${query.model} AND v.dims = ${query.vector.length}`,
  );
  return rows
    .map((r) => ({
      rid: Number(r.rid),
      score: cosineSimilarity(query.vector, bytesVector(r.vector as Uint8Array)),
      order: Number(r.first_rid),
    }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, query.limit)
    .map(({ rid, score }) => ({ rid, score }));
}
