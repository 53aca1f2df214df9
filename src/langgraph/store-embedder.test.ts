import { describe, expect, it } from 'vitest';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import { expectMemoryError } from '../testing/fixtures.ts';
import { createEngramStore } from './engram-store.ts';

const sqlite = tempSqliteStores('lgs-embedder');

/** What a broken embedder answers for a text naming "dogs"; the others get a vector of the cat topic. */
const broken: [string, unknown][] = [
  ['NaN', [Number.NaN, 1]],
  ['Infinity', [Number.POSITIVE_INFINITY, 1]],
  ['beyond float32', [1e39, 1]],
  ['an empty vector', []],
  ['null', null],
  ['strings', ['1', '0']],
];

/**
 * A vector the embedder answers is checked before the item is written: an unusable one (not a non-empty array of
 * finite float32 numbers) is `STORE_ERROR` naming the embedder, and the put changes nothing. Before, the new value
 * was written first and the vector refused after it (`INVALID_ARGUMENT` from the store, blaming the caller's
 * `embeddings[0].vector`), so a put that failed had replaced the item; a `null` vector was taken silently, the
 * item left with no vector at all.
 */
describe('createEngramStore: an embedder answering an unusable vector', () => {
  for (const [name, open] of [
    ['memory', createMemoryStore],
    ['sqlite', sqlite],
  ] as const)
    for (const [what, vector] of broken)
      it(`${what}: STORE_ERROR naming the embedder, the item as it was (${name} store)`, async () => {
        const embed = async (texts: string[]) =>
          texts.map((t) => (t.includes('dogs') ? vector : [1, 0])) as number[][];
        const s = createEngramStore({ store: open(), scope: { tenant: 't' }, embed });
        await s.put(['ns'], 'pet', { text: 'about cats' });
        const error = await expectMemoryError(s.put(['ns'], 'pet', { text: 'about dogs' }), 'STORE_ERROR');
        expect(error.message).toMatch(/embedder/);
        expect((await s.get(['ns'], 'pet'))?.value).toEqual({ text: 'about cats' });
        const [hit] = await s.search(['ns'], { query: 'cats' });
        expect([hit?.value, hit?.score]).toEqual([{ text: 'about cats' }, 1]);
      });

  it('an embedder answering no list (undefined) is STORE_ERROR naming it, not a raw TypeError', async () => {
    const embed = async () => undefined as unknown as number[][];
    const s = createEngramStore({ store: createMemoryStore(), scope: { tenant: 't' }, embed });
    const error = await expectMemoryError(s.put(['ns'], 'pet', { text: 'about dogs' }), 'STORE_ERROR');
    expect(error.message).toMatch(/embedder/);
    expect(await s.get(['ns'], 'pet')).toBeNull();
    await expectMemoryError(s.search(['ns'], { query: 'dogs' }), 'STORE_ERROR');
  });

  it("a query vector that is unusable is the embedder's STORE_ERROR, not the caller's INVALID_QUERY", async () => {
    const embed = async (texts: string[]) => texts.map((t) => (t === 'dogs' ? [Number.NaN, 1] : [1, 0]));
    const s = createEngramStore({ store: createMemoryStore(), scope: { tenant: 't' }, embed });
    await s.put(['ns'], 'pet', { text: 'about cats' });
    const error = await expectMemoryError(s.search(['ns'], { query: 'dogs' }), 'STORE_ERROR');
    expect(error.message).toMatch(/embedder/);
  });
});
