import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createScriptedConversation } from '../../testing/scripted-conversation.ts';
import { createEstimateTokenCounter } from '../../tokens/estimate-token-counter.ts';
import { createObservationalMemory } from './observational-memory.ts';

describe('ObservationalMemory catching up a long stored session', () => {
  it('observes 20,000 stored messages in contiguous ranges, reading each entry about once and listing the observations once', async () => {
    // The former code read the whole rest of the log for every range: ~2.4 M rows here (2.8 s; 30 s on SQLite); now ~n.
    const n = 20_000;
    const store = createMemoryStore();
    const counter = createEstimateTokenCounter();
    const script = createScriptedConversation({ seed: 7, messages: n, toolResultBytes: 0.05 });
    const writer = createConversationMemory({ store, counter, sessionId: 'long' });
    for (let i = 0; i < n; i += 2000) await writer.store(script.slice(i, i + 2000));
    let rows = 0;
    const readRange = store.readRange.bind(store);
    store.readRange = async (...args) => {
      const entries = await readRange(...args);
      rows += entries.length;
      return entries;
    };
    // Consolidation keeps its own copy of the observations: before, it listed them all three times a range (with
    // their data twice), 400,000+ artifacts over this catch-up; now once at its start.
    let listings = 0;
    let listed = 0;
    const listArtifacts = store.listArtifacts.bind(store);
    store.listArtifacts = async (...args) => {
      const artifacts = await listArtifacts(...args);
      listings++;
      listed += artifacts.length;
      return artifacts;
    };
    const view = createObservationalMemory({
      conversation: createConversationMemory({ store, counter, sessionId: 'long' }),
      background: false,
    });
    const ranges = await view.consolidate();
    expect(rows).toBeLessThanOrEqual(n + 2048);
    expect(listings).toBeGreaterThan(0);
    expect(listings).toBeLessThanOrEqual(3);
    expect(listed).toBe(0);
    const observations = await view.observations();
    expect(observations).toHaveLength(ranges);
    expect(ranges).toBeGreaterThan(200);
    expect(observations[0]?.fromSeq).toBe(1);
    for (let i = 1; i < observations.length; i++)
      expect(observations[i]?.fromSeq).toBe((observations[i - 1]?.toSeq ?? 0) + 1);
    const sent = await view.read();
    const done = view.lastStats()?.observedTo ?? 0;
    expect(done).toBe(observations.at(-1)?.toSeq);
    expect(view.lastStats()?.pendingTokens).toBe(0);
    // Every message after the observed range is sent verbatim, after the observations block.
    expect(sent.slice(1).map((m) => m.id)).toEqual(
      (await writer.entries({ fromSeq: done + 1 })).map((e) => e.message.id),
    );
    expect(String(sent[0]?.content)).toContain('<observations>');
  }, 120_000);
});
