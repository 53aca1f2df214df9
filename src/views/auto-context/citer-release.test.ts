import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createCountingCounter } from '../../../test-support/counting-counter.ts';
import { createToolResultCiter } from '../../content/cite-tool-results.ts';
import { createContentStore } from '../../content/create-content-store.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';

/**
 * The citer an AutoContextMemory releases at its cut: what it forgets of the entries before a sequence number
 * comes back from the store, unchanged and without counting, when those entries are read again.
 */
const base = createTokenCounter({ encoding: 'o200k_base' });

function session(n: number): ModelMessage[] {
  const out: ModelMessage[] = [{ role: 'user', content: 'research' }];
  for (let i = 0; i < n; i++) {
    const toolCallId = `c${i}`;
    const value = i % 2 === 0 ? `small ${i}` : `large ${i}: ${'alpha beta tokyo report plan '.repeat(80)}`;
    out.push(
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId, toolName: 'web_fetch', input: {} }] },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId, toolName: 'web_fetch', output: { type: 'text', value } },
        ],
      },
      { role: 'assistant', content: `step ${i}` },
    );
  }
  return out;
}

describe('ToolResultCiter.release', () => {
  it('output is unchanged after release, and released entries seen again are decided from the store uncounted', async () => {
    const store = createMemoryStore();
    const memory = createConversationMemory({ store, sessionId: 'ses_release', counter: base });
    await memory.store(session(30));
    const counter = createCountingCounter(base);
    const content = createContentStore({ store, counter });
    const citer = createToolResultCiter({
      content,
      policy: { default: { offload: { overTokens: 100 } } },
      logKey: 'ses_release',
      storedCounts: true,
    });
    const entries = await memory.entries();
    const first = await citer.cite(entries);
    expect(first.stats.cited).toBeGreaterThan(0);
    const middle = entries[entries.length >> 1]!.seq;
    citer.release(middle);
    // The entries read again (new objects, as after the view reads the log back): the same output.
    const again = await citer.cite(structuredClone(entries));
    expect(again).toEqual(first);
    citer.release(Number.MAX_SAFE_INTEGER);
    const before = counter.counts;
    const cold = await citer.cite(structuredClone(entries));
    expect(cold).toEqual(first);
    expect(counter.counts).toBe(before);
    for (const e of entries)
      if (e.message.role === 'tool' && typeof e.message.content !== 'string')
        for (const p of e.message.content)
          if (p.type === 'tool-result') expect(citer.outputTokens(e, p)).toBeGreaterThan(0);
    await store.close();
  });
});
