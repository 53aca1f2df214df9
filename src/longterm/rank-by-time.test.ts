import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RankedCandidate } from './long-term-ranked.ts';
import type { LongTermRecord } from './long-term-record.ts';
import type { ScoredCandidate } from './pick-results.ts';
import { presentWeight, rankByTime } from './rank-by-time.ts';

const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000);
function candidate(id: string, score: number, validAt: Date, invalidAt?: Date): ScoredCandidate {
  const record = {
    id,
    version: 1,
    event: 'ADD',
    kind: 'turn',
    text: id,
    metadata: {},
    provenance: { origin: 'user', toolDerived: false, messageIds: [id], roles: ['user'] },
    hash: id,
    validAt,
    ...(invalidAt ? { invalidAt } : {}),
    createdAt: validAt,
    recordedAt: validAt,
  } as LongTermRecord;
  const hit: RankedCandidate = {
    id,
    score,
    ref: id,
    kind: 'turn',
    createdAt: validAt,
    hash: id,
    validAt,
    ...(invalidAt ? { invalidAt } : {}),
    record,
  };
  return { hit, score };
}
const order = (pool: ScoredCandidate[], query: string) =>
  rankByTime(pool, { query, limit: 10, now: day(100) }).map((p) => p.hit.id);

describe('presentWeight', () => {
  it.each([
    ['Where do I live now?', 0.3],
    ['What hobby am I into these days?', 0.3],
    ["What's my name?", 0.15],
    ['Where did I live before?', 0],
    ['When did Caroline go to the support group?', 0],
    ['What is the capital of France?', 0],
  ])('%s → %s', (q, w) => expect(presentWeight(q)).toBe(w));
});

describe('rankByTime', () => {
  it('puts a superseded record after a current one of similar relevance', async () => {
    expect(
      order([candidate('old', 1, day(1), day(9)), candidate('new', 0.8, day(9))], 'where is it'),
    ).toEqual(['new', 'old']);
  });

  it('for a question about the present, the newer of two equally relevant records comes first; not for the past', async () => {
    const pool = () => [candidate('older', 1, day(1)), candidate('newer', 0.95, day(50))];
    expect(order(pool(), 'What do I drive now?')).toEqual(['newer', 'older']);
    expect(order(pool(), 'What did I drive back then?')).toEqual(['older', 'newer']);
  });

  it('keeps every candidate, and changes nothing for records without dates or ends', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.double({ min: 0, max: 10, noNaN: true }), { maxLength: 60 }),
        async (scores) => {
          const pool = scores.map((s, i) => candidate(`r${i}`, s, day(5))).sort((a, b) => b.score - a.score);
          const out = rankByTime(pool, { query: 'anything now', limit: 5, now: day(100) });
          expect(out.map((p) => p.hit.id).sort()).toEqual(pool.map((p) => p.hit.id).sort());
          expect(out.map((p) => p.score)).toEqual(pool.map((p) => p.score));
        },
      ),
      { numRuns: 50 },
    );
  });
});
