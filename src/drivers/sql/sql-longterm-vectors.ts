import { MemoryError } from '../../core/errors/memory-error.ts';
import { checkId } from '../../core/ids.ts';
import type { Scope } from '../../core/scope.ts';
import { checkVector, checkVectorQuery } from '../../longterm/check-record.ts';
import type { LongTermVectorQuery } from '../../longterm/long-term-query.ts';
import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import { cosineSimilarity, ownerOf } from '../../longterm/record-filter.ts';
import type { RankedRow } from './dialect-longterm-index.ts';
import { queryAll, queryRun } from './sql-exec.ts';
import { sql } from './sql-fragment.ts';
import type { SqlLongTermOptions } from './sql-longterm-options.ts';
import { rankedHits, recordHits } from './sql-longterm-ranked.ts';
import { bytesVector, filterSql, liveWhere, owned, vectorBytes } from './sql-longterm-rows.ts';

/**
 * Embeddings of `LongTermStoreV1` on the shared SQL layer: one row per (record, model) as float32 bytes,
 * searched by an exact scan of the scope's vectors (row ids and bytes) compared in process; `searchVector`
 * then reads the best hits' records, `rankVector` only the columns ranking needs.
 */
export function sqlLongTermVectors(
  options: SqlLongTermOptions,
): Required<Pick<LongTermStoreV1, 'putEmbeddings' | 'missingEmbeddings' | 'searchVector' | 'rankVector'>> {
  const { client, component, op } = options;
  // An exact scan of the scope's vectors (row ids and bytes only); the best as row ids and scores.
  const nearest = async (scope: Scope, query: LongTermVectorQuery): Promise<RankedRow[]> => {
    checkVectorQuery(query, component);
    const rows = await queryAll(
      client,
      sql`SELECT r.rid, r.first_rid, v.vector FROM engram_ltm_records r JOIN engram_ltm_vectors v ON v.tenant = r.tenant AND v.user_id = r.user_id AND v.agent_id = r.agent_id AND v.id = r.id WHERE ${liveWhere(scope, filterSql(client.dialect, query.filter ?? {}))} AND v.model = ${query.model} AND v.dims = ${query.vector.length}`,
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
  };
  return {
    putEmbeddings: (scope, embeddings) =>
      op('putEmbeddings', scope, async () => {
        if (!Array.isArray(embeddings))
          throw new MemoryError({
            code: 'INVALID_ARGUMENT',
            component,
            message: 'embeddings must be an array',
          });
        embeddings.forEach((e, i) => {
          checkId(e?.id, `embeddings[${i}].id`, component);
          checkId(e.model, `embeddings[${i}].model`, component);
          checkVector(e.vector, `embeddings[${i}].vector`, component);
        });
        const owner = ownerOf(scope);
        return client.transaction(async (tx) => {
          let stored = 0;
          for (const e of embeddings) {
            const r = await queryRun(
              tx,
              sql`INSERT INTO engram_ltm_vectors (tenant, user_id, agent_id, id, model, dims, vector) SELECT ${owner.tenant}, ${owner.user}, ${owner.agent}, ${e.id}, ${e.model}, ${e.vector.length}, ${vectorBytes(e.vector)} WHERE EXISTS (SELECT 1 FROM engram_ltm_records r WHERE ${owned(owner)} AND r.id = ${e.id} AND r.live = 1) ON CONFLICT (tenant, user_id, agent_id, model, id) DO UPDATE SET dims = excluded.dims, vector = excluded.vector`,
            );
            stored += r.changes;
          }
          return stored;
        });
      }),
    missingEmbeddings: (scope, model, limit) =>
      op('missingEmbeddings', scope, async () => {
        checkId(model, 'model', component);
        const rows = await queryAll(
          client,
          sql`SELECT r.id FROM engram_ltm_records r WHERE ${liveWhere(scope)} AND NOT EXISTS (SELECT 1 FROM engram_ltm_vectors v WHERE v.tenant = r.tenant AND v.user_id = r.user_id AND v.agent_id = r.agent_id AND v.model = ${model} AND v.id = r.id) ORDER BY r.first_rid LIMIT ${Math.max(0, Math.min(Math.trunc(limit), 10_000))}`,
        );
        return rows.map((r) => String(r.id));
      }),
    searchVector: (scope, query) =>
      op('searchVector', scope, async () => recordHits(client, await nearest(scope, query))),
    rankVector: (scope, query) =>
      op('rankVector', scope, async () => rankedHits(client, await nearest(scope, query))),
  };
}
