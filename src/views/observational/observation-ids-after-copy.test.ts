import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { inProcessStores } from '../../../test-support/in-process-stores.ts';
import { createSessions } from '../../session/sessions.ts';
import { createEstimateTokenCounter } from '../../tokens/estimate-token-counter.ts';
import { createObservationalMemory } from './observational-memory.ts';

const counter = createEstimateTokenCounter();

describe.each(inProcessStores)('observations of a copy whose source had deleted messages (%s)', (_, open) => {
  it("the copy's next observation never overwrites a copied one (their ids embed the source's seqs)", async () => {
    const store = open();
    const sessions = createSessions({ store, counter });
    const source = await sessions.create({ id: 'src' });
    await source.store(
      Array.from(
        { length: 100 },
        (_, i) =>
          ({
            id: `m${i + 1}`,
            role: 'user',
            content: `message ${i + 1} ${'words '.repeat(20)}`,
          }) as ModelMessage,
      ),
    );
    // What an observer wrote over the source: two ranges, ids of their first seqs.
    for (const [from, text] of [
      [1, 'A'],
      [31, 'B'],
    ] as const)
      await source.putArtifact({
        id: `observation:${from}`,
        kind: 'observation',
        fromSeq: from,
        toSeq: from + 29,
        data: { text },
      });
    for (let i = 1; i <= 30; i++) await source.delete(`m${i}`);
    // In the copy, B covers seqs 1..30: its next range starts at 31, the seq in B's id.
    const copy = await sessions.copy('src', { id: 'copy' });
    const view = createObservationalMemory({
      conversation: copy,
      observer: { observe: async (entries) => `C ${entries[0]!.seq}-${entries.at(-1)!.seq}` },
      recentTokens: 200,
      observationTokens: 100_000,
      background: false,
    });
    expect(await view.consolidate()).toBeGreaterThan(0);
    const texts = (await view.observations()).map((o) => (o.data as { text: string }).text);
    expect(texts).toContain('B');
    expect(texts.filter((t) => t.startsWith('C')).length).toBeGreaterThan(0);
    const ids = (await view.observations()).map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    await store.close();
  });
});
