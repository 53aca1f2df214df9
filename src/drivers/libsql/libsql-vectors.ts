import type { LongTermDriverV1 } from '../../driver.ts';
import type { LibsqlExecutor } from './libsql-executor.ts';
import { ownedBy } from './libsql-scope.ts';
import { searchVectors } from './libsql-vector-search.ts';
import { dropEmbeddings, ensureSpace, insertVector } from './libsql-vector-space.ts';

/**
 * The vector capability of the long-term driver on libSQL's native vectors: each (model, size) has its own table
 * with an `F32_BLOB` column and a `libsql_vector_idx` index, created on the first embedding of that model and size;
 * `engram_ltm_embeddings` says which row holds a record's vector of a model. The search is in
 * libsql-vector-search.ts.
 */
export function createVectorMethods(
  db: LibsqlExecutor,
): Required<Pick<LongTermDriverV1, 'putEmbeddings' | 'missingEmbeddings' | 'searchVector'>> {
  return {
    putEmbeddings: (scope, embeddings) => {
      const mine = ownedBy(scope, 'r');
      return db.write(async (tx) => {
        let stored = 0;
        for (const e of embeddings) {
          const live = await tx.get(
            `SELECT r.hash FROM engram_ltm_records r WHERE ${mine.sql} AND r.id = ? AND r.live = 1`,
            [...mine.args, e.id],
          );
          // A vector of another version's text (a later write overtook it) is skipped.
          if (!live || (e.hash !== undefined && String(live.hash) !== e.hash)) continue;
          const space = await ensureSpace(tx, e.model, e.vector.length);
          const key = {
            sql: 'e.tenant = ? AND e.user_id = ? AND e.agent_id = ? AND e.model = ? AND e.id = ?',
            args: [...mine.args, e.model, e.id],
          };
          await dropEmbeddings(tx, key);
          // An all-zero vector has no direction: it stays out of the index (every similarity to it is 0).
          const vrid = e.vector.some((x: number) => x !== 0) ? await insertVector(tx, space, e.vector) : null;
          await tx.run(
            'INSERT INTO engram_ltm_embeddings (tenant, user_id, agent_id, id, model, space, vrid) VALUES (?, ?, ?, ?, ?, ?, ?)',
            [...mine.args, e.id, e.model, space, vrid],
          );
          stored += 1;
        }
        return stored;
      });
    },
    missingEmbeddings: async (scope, model, limit) => {
      // The scope's own records: its users' or agents' are ones `putEmbeddings` here would skip.
      const mine = ownedBy(scope, 'r');
      const rows = await db.all(
        `SELECT r.id FROM engram_ltm_records r WHERE ${mine.sql} AND r.live = 1 AND NOT EXISTS (SELECT 1 FROM engram_ltm_embeddings e WHERE e.tenant = r.tenant AND e.user_id = r.user_id AND e.agent_id = r.agent_id AND e.model = ? AND e.id = r.id) ORDER BY r.first_rid LIMIT ?`,
        [...mine.args, model, Math.max(0, Math.min(Math.trunc(limit), 10_000))],
      );
      return rows.map((r) => String(r.id));
    },
    searchVector: (scope, query) => searchVectors(db, scope, query),
  };
}
