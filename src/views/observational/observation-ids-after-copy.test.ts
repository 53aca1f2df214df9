import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createSessions } from '../../session/sessions.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { createEstimateTokenCounter } from '../../tokens/estimate-token-counter.ts';
import { createObservationalMemory } from './observational-memory.ts';

const counter = createEstimateTokenCounter();

describe.each([
  ['memory', (): MemoryStoreV1 => createMemoryStore()],
  ['sqlite', (): MemoryStoreV1 => createSqliteStore({ path: ':memory:' })],
])('observations of a copy whose source had deleted messages (%s)', (_, open) => {
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
    await source.putArtifact({
      id: 'observation:1',
      kind: 'observation',
      fromSeq: 1,
      toSeq: 30,
      data: { text: 'A' },
    });
    await source.putArtifact({
      id: 'observation:31',
      kind: 'observation',
      fromSeq: 31,
      toSeq: 60,
      data: { text: 'B' },
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
