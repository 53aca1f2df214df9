import type { LongTermDriverV1 } from './long-term-driver.ts';
import type { LongTermRecord } from './long-term-record.ts';
import { currentVersion, liveEntries, type MemoryLongTermState } from './memory-long-term-state.ts';
import { cosineSimilarity, matchesFilter, ownerOf } from './record-filter.ts';
import { copyRecord, versionMatches } from './record-versions.ts';

/** The vector methods of the in-process long-term driver. */
export type MemoryLongTermVectors = Required<
  Pick<LongTermDriverV1, 'putEmbeddings' | 'missingEmbeddings' | 'searchVector'>
>;

/**
 * The in-process driver's vectors (arguments already checked by the engine): one embedding per record and
 * model, dropped with the record's delete; a search compares every embedding of the model in the scope.
 */
export function memoryLongTermVectors(state: MemoryLongTermState): MemoryLongTermVectors {
  return {
    putEmbeddings: (scope, embeddings) =>
      state.write(async () => {
        const entries = await state.open(scope);
        const owner = ownerOf(scope);
        const lines = embeddings
          .filter((e) => versionMatches(currentVersion(entries.get(state.keyOf(owner, e.id))), e))
          .map((e) => ({ op: 'embed' as const, owner, id: e.id, model: e.model, vector: [...e.vector] }));
        await state.commit(scope.tenant, entries, lines);
        return lines.length;
      }),
    async missingEmbeddings(scope, model, limit) {
      const entries = await state.open(scope);
      const owner = ownerOf(scope);
      // The scope's own records: its users' or agents' are ones `putEmbeddings` here would skip.
      return liveEntries(entries, scope)
        .filter((e) => e.owner.user === owner.user && e.owner.agent === owner.agent && !e.vectors.has(model))
        .slice(0, limit)
        .map((e) => (currentVersion(e) as LongTermRecord).id);
    },
    async searchVector(scope, query) {
      const entries = await state.open(scope);
      const filter = query.filter ?? {};
      return liveEntries(entries, scope)
        .flatMap((e) => {
          const v = e.vectors.get(query.model);
          const record = currentVersion(e) as LongTermRecord;
          if (!v || v.length !== query.vector.length || !matchesFilter(record, filter)) return [];
          return [{ id: record.id, score: cosineSimilarity(query.vector, v), record }];
        })
        .sort((a, b) => b.score - a.score)
        .slice(0, query.limit)
        .map(({ id, score, record }) => ({ id, score, record: copyRecord(record) }));
    },
  };
}
