import { expect } from 'vitest';
import type { Scope } from '../../core/scope.ts';
import { analyzeText } from '../../longterm/analyze-text.ts';
import type { LongTermHit } from '../../longterm/long-term-query.ts';
import type { LongTermRankedHit } from '../../longterm/long-term-ranked.ts';
import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import type { LongTermCase } from './long-term-case.ts';
import { rec, rejects } from './long-term-case-helpers.ts';

/** What a ranked hit says of its record, read from the record of the same hit. */
const rankedFrom = (h: LongTermHit) => {
  const speaker = h.record.metadata.speaker;
  return {
    id: h.id,
    score: h.score,
    kind: h.record.kind,
    ...(h.record.session === undefined ? {} : { session: h.record.session }),
    ...(h.record.episode === undefined ? {} : { episode: h.record.episode }),
    createdAt: h.record.createdAt,
    hash: h.record.hash,
    ...(typeof speaker === 'string' ? { speaker } : {}),
    // The user's own words: a turn in the user role or a self fact.
    ...(h.record.metadata.role === 'user' || typeof h.record.metadata.selfFact === 'string'
      ? { fromUser: true }
      : {}),
    ...(h.record.validAt === undefined ? {} : { validAt: h.record.validAt }),
    ...(h.record.invalidAt === undefined ? {} : { invalidAt: h.record.invalidAt }),
  };
};
const withoutRef = ({ ref: _ref, ...rest }: LongTermRankedHit) => rest;

/** Ranked hits agree with full hits (same order, scores, fields) and `loadRanked` reads their records and terms. */
async function agrees(
  records: LongTermStoreV1,
  loadRanked: NonNullable<LongTermStoreV1['loadRanked']>,
  scope: Scope,
  full: LongTermHit[],
  ranked: LongTermRankedHit[],
) {
  expect(ranked.map(withoutRef)).toEqual(full.map(rankedFrom));
  expect(
    await loadRanked.call(
      records,
      scope,
      ranked.map((h) => h.ref),
    ),
  ).toEqual(full.map((h) => ({ record: h.record, terms: analyzeText(h.record.text) })));
}

/**
 * The conformance case of the optional ranking methods: a store with `rankText` / `rankVector` has
 * `loadRanked` too, ranks exactly as `searchText` / `searchVector` (ids, scores, kind, session, episode,
 * creation time, hash, a string speaker, whether the user said it (`fromUser`: `metadata.role` 'user' or a string
 * `metadata.selfFact`, with or without a speaker beside it), validity times; look-alike ids of two users in a wide scope kept apart), and
 * `loadRanked` reads the hits' records with their text's analysed terms, undefined for a record deleted since or a
 * ref outside the scope.
 */
export const longTermRankedCases: LongTermCase[] = [
  {
    name: 'ranked: rankText and rankVector rank as searchText and searchVector, and loadRanked reads their records',
    async run(t) {
      const { rankText, rankVector, loadRanked } = t.records;
      if (!rankText && !rankVector) {
        expect(loadRanked).toBeUndefined();
        return;
      }
      if (!loadRanked) throw new Error('a store with rankText or rankVector has loadRanked');
      const first = t.scope({ user: 'u1' });
      const second: Scope = { tenant: first.tenant, user: 'u2' };
      const wide: Scope = { tenant: first.tenant };
      // Metadata of each kind ranking reads: a speaker of either JSON type with a role, a role or a self fact
      // alone, and the word "role" as a value (not the user's words).
      for (const [scope, speaker, b, c] of [
        [first, 'Alice', { role: 'user' }, { selfFact: 'user.pet' }],
        [second, 7, { label: 'role' }, { role: 'assistant' }],
      ] as const)
        await t.records.addRecords(scope, [
          rec({
            id: 'a',
            text: 'the puppy sleeps',
            kind: 'turn',
            session: 's1',
            episode: 'e1',
            metadata: { speaker, role: typeof speaker === 'string' ? 'user' : 'assistant' },
          }),
          rec({ id: 'b', text: 'a puppy and a kitten', context: 'we adopted a puppy', metadata: b }),
          rec({ id: 'c', text: 'kitten only', metadata: c }),
        ]);
      const query = { terms: analyzeText('puppy kitten'), limit: 10 };
      if (rankText) {
        for (const scope of [first, wide])
          await agrees(
            t.records,
            loadRanked,
            scope,
            await t.records.searchText(scope, query),
            await rankText.call(t.records, scope, query),
          );
        const ranked = await rankText.call(t.records, first, query);
        await t.records.deleteRecord(first, ranked[0]!.id, new Date());
        const loaded = await loadRanked.call(
          t.records,
          first,
          ranked.map((h) => h.ref),
        );
        expect(loaded[0]).toBeUndefined();
        expect(await loadRanked.call(t.records, t.scope({ user: 'u1' }), [ranked[1]!.ref])).toEqual([
          undefined,
        ]);
      }
      if (rankVector && t.records.vectorSearch) {
        for (const scope of [first, second])
          await t.records.putEmbeddings(scope, [
            { id: 'a', model: 'm', vector: [1, 0] },
            { id: 'b', model: 'm', vector: [0.6, 0.8] },
            { id: 'c', model: 'm', vector: [0, 1] },
          ]);
        const vq = { vector: [1, 0.2], model: 'm', limit: 10 };
        await agrees(
          t.records,
          loadRanked,
          wide,
          await t.records.searchVector(wide, vq),
          await rankVector.call(t.records, wide, vq),
        );
      }
      await rejects(loadRanked.call(t.records, first, [{} as string]), 'INVALID_ARGUMENT');
    },
  },
];
