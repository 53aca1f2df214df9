import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLongTermMemory } from './create-long-term-memory.ts';
import { type LongTermOrigin, longTermOrigins } from './long-term-record.ts';

/** One record per origin, and one of a tool, each naming a kiwi. */
async function memoryKeepingOut() {
  const memory = createLongTermMemory({
    scope: { tenant: 't', user: 'u' },
    keepOut: { agentRecorded: 'recall', toolDerived: 'recall' },
  });
  await memory.add([
    { text: 'kiwi the user said', provenance: { origin: 'user' } },
    { text: 'kiwi the app added' },
    { text: 'kiwi the agent recorded', provenance: { origin: 'agent' } },
    { text: 'kiwi a tool returned', provenance: { origin: 'tool', tool: 'web' } },
  ]);
  return memory;
}

/**
 * A search's own filter and what `keepOut` leaves out of recall both hold. The recall filter replaced the call's
 * conditions of the same name: `origins: ['user']` found the app's record too, and `origins: ['agent']` or
 * `toolDerived: true` (what is kept out) found the records of other origins instead of nothing.
 */
describe('keepOut recall with a filter of the same conditions', () => {
  it('origins and toolDerived of the call narrow what is left, never widen it', async () => {
    const memory = await memoryKeepingOut();
    const texts = async (filter: object) =>
      (await memory.search('kiwi', { filter })).map((h) => h.record.text).sort();
    expect(await texts({})).toEqual(['kiwi the app added', 'kiwi the user said']);
    expect(await texts({ origins: ['user'] })).toEqual(['kiwi the user said']);
    expect(await texts({ origins: ['agent'] })).toEqual([]);
    expect(await texts({ toolDerived: true })).toEqual([]);
    expect(await texts({ toolDerived: false, origins: ['app', 'agent'] })).toEqual(['kiwi the app added']);
    expect(await memory.retrieve('kiwi', { filter: { origins: ['agent'] } })).toBe('');
  });

  it('a bad origins or toolDerived is still refused (INVALID_QUERY / INVALID_ARGUMENT)', async () => {
    const memory = await memoryKeepingOut();
    for (const filter of [{ origins: ['user', 42] }, { origins: 'user' }, { toolDerived: 'yes' }])
      await expect(memory.search('kiwi', { filter } as never)).rejects.toMatchObject({
        name: 'MemoryError',
      });
  });

  it('property: the results are those of the call filter alone, less what keepOut keeps out', async () => {
    const memory = await memoryKeepingOut();
    const open = createLongTermMemory({ scope: { tenant: 't', user: 'u' } });
    await open.add([
      { text: 'kiwi the user said', provenance: { origin: 'user' } },
      { text: 'kiwi the app added' },
      { text: 'kiwi the agent recorded', provenance: { origin: 'agent' } },
      { text: 'kiwi a tool returned', provenance: { origin: 'tool', tool: 'web' } },
    ]);
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.subarray([...longTermOrigins] as LongTermOrigin[]), { nil: undefined }),
        fc.option(fc.boolean(), { nil: undefined }),
        async (origins, toolDerived) => {
          const filter = {
            ...(origins === undefined ? {} : { origins }),
            ...(toolDerived === undefined ? {} : { toolDerived }),
          };
          const kept = (await memory.search('kiwi', { filter })).map((h) => h.record.text).sort();
          const all = (await open.search('kiwi', { filter }))
            .filter((h) => h.record.provenance.origin !== 'agent' && !h.record.provenance.toolDerived)
            .map((h) => h.record.text)
            .sort();
          expect(kept).toEqual(all);
        },
      ),
      { numRuns: 100 },
    );
  });
});
