import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLongTermMemory } from './create-long-term-memory.ts';
import { versionAt } from './known-at.ts';
import type { LongTermRecord } from './long-term-record.ts';

/** A memory on the system clock (the store stamps adds with it too), and the time after a 2 ms pause. */
function memoryWithClock() {
  const memory = createLongTermMemory({ scope: { tenant: 't', user: 'u' } });
  const at = async (_step?: number) => {
    await new Promise((resolve) => setTimeout(resolve, 2));
    const now = new Date();
    await new Promise((resolve) => setTimeout(resolve, 2));
    return now;
  };
  return { memory, at };
}

describe('knownAt: search as the memory knew it at a time', () => {
  it('returns the version in force then, leaves out what came later', async () => {
    const { memory, at } = memoryWithClock();
    const t0 = await at();
    const [home] = await memory.add('I live in Paris');
    const t1 = await at();
    await memory.update(home!.id, 'I live in Lyon');
    const texts = async (t: Date) => (await memory.search('live', { knownAt: t })).map((h) => h.record.text);
    expect(await texts(t0)).toEqual([]);
    expect(await texts(t1)).toEqual(['I live in Paris']);
    const t2 = await at();
    await memory.add('I live near a river');
    expect((await texts(t2)).sort()).toEqual(['I live in Lyon']);
    expect((await texts(await at())).sort()).toEqual(['I live in Lyon', 'I live near a river']);
    await expect(memory.search('live', { knownAt: new Date(Number.NaN) })).rejects.toMatchObject({
      code: 'INVALID_QUERY',
    });
  });

  it('property: for every past step, the texts found are those the memory held then (records still current)', async () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('add' as const),
        id: fc.integer({ min: 0, max: 4 }),
        word: fc.constantFrom('red', 'blue'),
      }),
      fc.record({
        kind: fc.constant('update' as const),
        id: fc.integer({ min: 0, max: 4 }),
        word: fc.constantFrom('red', 'blue'),
      }),
      fc.record({
        kind: fc.constant('delete' as const),
        id: fc.integer({ min: 0, max: 4 }),
        word: fc.constant(''),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 15 }), async (ops) => {
        const { memory, at } = memoryWithClock();
        const state = new Map<string, string>();
        const snapshots: { t: Date; state: Map<string, string> }[] = [];
        let n = 0;
        for (const o of ops) {
          n++;
          const id = `r${o.id}`;
          if (o.kind === 'add' && !state.has(id)) {
            await memory.add({ id, text: `shared ${o.word} ${n}` });
            state.set(id, `shared ${o.word} ${n}`);
          } else if (o.kind === 'update' && state.has(id)) {
            await memory.update(id, `shared ${o.word} ${n}`);
            state.set(id, `shared ${o.word} ${n}`);
          } else if (o.kind === 'delete' && state.has(id)) {
            await memory.delete(id);
            state.delete(id);
          }
          snapshots.push({ t: await at(), state: new Map(state) });
        }
        for (const { t, state: then } of snapshots) {
          const got = (await memory.search('shared', { knownAt: t, limit: 100 })).map((h) => [
            h.record.id,
            h.record.text,
          ]);
          const expected = [...then].filter(([id]) => state.has(id));
          expect(got.sort()).toEqual(expected.sort());
        }
      }),
      { numRuns: 40 },
    );
  });

  it('versionAt: the last version recorded by then, none after a DELETE', () => {
    const v = (version: number, minute: number, event: LongTermRecord['event'] = 'UPDATE') =>
      ({ id: 'r', version, event, recordedAt: new Date(minute * 60_000) }) as LongTermRecord;
    const history = [v(1, 1, 'ADD'), v(2, 5), v(3, 9, 'DELETE'), v(4, 12, 'ADD')];
    expect(versionAt(history, new Date(0))).toBeUndefined();
    expect(versionAt(history, new Date(5 * 60_000))?.version).toBe(2);
    expect(versionAt(history, new Date(10 * 60_000))).toBeUndefined();
    expect(versionAt(history, new Date(99 * 60_000))?.version).toBe(4);
    expect(() => versionAt(history, new Date(Number.NaN))).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });
});
