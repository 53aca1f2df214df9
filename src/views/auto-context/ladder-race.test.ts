import { describe, expect, it } from 'vitest';
import { researchTrace } from '../../../test-support/research-trace.ts';
import { createContentStore } from '../../content/create-content-store.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import { createAutoContextMemory } from './index.ts';

const counter = createTokenCounter({ encoding: 'o200k_base' });

describe('AutoContextMemory: two processes compact the same log at once', () => {
  it('both steps are kept, and every view names the one whose replacement it shows', async () => {
    const store = createMemoryStore();
    const content = createContentStore({ store, counter });
    const newView = () =>
      createAutoContextMemory({
        conversation: createConversationMemory({ store, counter, sessionId: 'run' }),
        content,
        maxTokens: 60_000,
        tokenRatio: 0.5,
        lastKeep: 6,
        citations: false,
      });
    const [a, b] = [newView(), newView()];
    for (const m of researchTrace({ iterations: 10 }).messages) await a.store(m);
    // Each read plans from the steps stored before either wrote its own: the same outputs, replaced twice.
    const [fromA, fromB] = await Promise.all([a.read(), b.read()]);
    expect(fromB).toEqual(fromA);
    const steps = await a.steps();
    expect(steps.map((s) => s.step)).toEqual(['clear-tool-results', 'clear-tool-results']);
    expect(steps[1]!.outputs).toEqual(steps[0]!.outputs);
    // The first step (in the order steps apply) made the replacement; the second changes nothing.
    const later = newView();
    for (const view of [a, b, later]) {
      expect(await view.read()).toEqual(fromA);
      const why = view.lastAssembly()!.items.flatMap((i) => (i.why.includes('replaced by') ? [i.why] : []));
      expect(why.length).toBeGreaterThan(0);
      for (const w of why) expect(w).toContain(steps[0]!.id);
    }
  });
});
