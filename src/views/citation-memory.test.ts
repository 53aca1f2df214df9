import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { researchTrace } from '../../test-support/research-trace.ts';
import { sendToModel } from '../../test-support/send-to-model.ts';
import { createContentStore } from '../content/create-content-store.ts';
import type { MemoryMessage } from '../core/message.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { arbConversation } from '../testing/conversation-arbitrary.ts';
import { checkContext } from '../testing/view-invariants.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createCitationMemory } from './citation-memory.ts';

const counter = createTokenCounter({ encoding: 'o200k_base' });

function setup(policy?: Parameters<typeof createCitationMemory>[0]['policy']) {
  const store = createMemoryStore();
  const memory = createConversationMemory({ store, counter, sessionId: 'research' });
  const content = createContentStore({ counter });
  const view = createCitationMemory({ conversation: memory, content, ...(policy ? { policy } : {}) });
  return { store, memory, content, view };
}

const resultText = (m: MemoryMessage | undefined, toolCallId: string): string => {
  if (!m || typeof m.content === 'string') return '';
  for (const p of m.content) {
    if (p.type === 'tool-result' && p.toolCallId === toolCallId) {
      const o = p.output;
      return o.type === 'text' || o.type === 'error-text'
        ? o.value
        : JSON.stringify('value' in o ? o.value : o);
    }
  }
  return '';
};

describe('createCitationMemory: first use in full, then a citation', () => {
  it('shows a large result in full in the step after the call, then a citation that gets it back', async () => {
    const { view, content } = setup();
    const { messages, facts } = researchTrace({ iterations: 2 });
    // the user task, the first step's calls and results: the model's next call sees them in full
    for (const m of messages.slice(0, 3)) await view.store(m);
    let out = await view.read();
    expect(resultText(out[2], 'f1')).toContain(facts[0]!.text);
    expect(view.lastStats()).toMatchObject({ cited: 0, fullFirstUse: 1 }); // the page; the search list is under 1,000 tokens
    // after the assistant's next message, the results are citations
    for (const m of messages.slice(3, -1)) await view.store(m);
    out = await view.read();
    const cited = resultText(out[2], 'f1');
    expect(cited).not.toContain(facts[0]!.text);
    expect(cited).toMatch(/^\[engram: web_fetch result stored as content item "tr_[0-9a-f]{24}"/);
    expect(cited).toContain('retrieve_from_memory');
    const id = /content item "([^"]+)"/.exec(cited)![1]!;
    expect((await content.retrieve(id)).content).toContain(facts[0]!.text);
    // the second step's results are still in full (first use), until the assistant's next message
    expect(resultText(out[5], 'f2')).toContain(facts[1]!.text);
    await view.store(messages.at(-1)!);
    expect(resultText((await view.read())[5], 'f2')).not.toContain(facts[1]!.text);
    expect(view.lastStats()!.tokens).toBeLessThan(view.lastStats()!.fullTokens / 3);
  });

  it('the same log gives the same view, from a fresh view and content store; enabled: false shows the originals', async () => {
    const { store, memory, view } = setup();
    for (const m of researchTrace({ iterations: 4 }).messages) await view.store(m);
    const first = await view.read();
    const again = createCitationMemory({
      conversation: createConversationMemory({ store, counter, sessionId: 'research' }),
      content: createContentStore({ counter }),
    });
    expect(await again.read()).toEqual(first);
    const off = createCitationMemory({
      conversation: memory,
      content: createContentStore({ counter }),
      enabled: false,
    });
    expect(await off.read()).toEqual(await memory.read());
  });

  it('per-tool rules: never, always, over N tokens, and keepTurns', async () => {
    const { view } = setup({
      default: { offload: 'never' },
      tools: { web_fetch: { offload: { overTokens: 100 }, keepTurns: 2 }, sql_query: { offload: 'always' } },
    });
    const { messages } = researchTrace({ iterations: 3 });
    for (const m of messages) await view.store(m);
    const out = await view.read();
    // web_search: never offloaded
    expect(resultText(out[2], 's1')).not.toContain('[engram:');
    // web_fetch with keepTurns 2: iteration 1 and 2 (2+ assistants later) cited; iteration 3 (1 assistant later) in full
    expect(resultText(out[2], 'f1')).toContain('[engram:');
    expect(resultText(out[5], 'f2')).toContain('[engram:');
    expect(resultText(out[8], 'f3')).not.toContain('[engram:');
    // sql_query: always offloaded, cited after one turn
    expect(resultText(out[8], 'q3')).toContain('[engram:');
  });

  it('a token budget drops the oldest whole units by their cited size', async () => {
    const store = createMemoryStore();
    const memory = createConversationMemory({ store, counter });
    const view = createCitationMemory({
      conversation: memory,
      content: createContentStore({ counter }),
      maxTokens: 8000,
    });
    for (const m of researchTrace({ iterations: 10 }).messages) await view.store(m);
    const out = await view.read();
    checkContext(await memory.entries(), out);
    expect(view.lastStats()!.tokens).toBeLessThanOrEqual(8000);
    expect(view.lastStats()!.droppedMessages).toBeGreaterThan(0);
  });

  it('property: every read is a valid context the AI SDK accepts, with every offloaded result retrievable', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbConversation({ inFlight: false }),
        fc.integer({ min: 0, max: 3 }),
        async (messages, keepTurns) => {
          const store = createMemoryStore();
          const memory = createConversationMemory({ store, counter });
          const content = createContentStore({ counter });
          const view = createCitationMemory({
            conversation: memory,
            content,
            policy: { default: { offload: 'always', keepTurns } },
          });
          for (const m of messages as ModelMessage[]) await view.store(m);
          const out = await view.read();
          const log = await memory.entries();
          checkContext(log, out);
          expect(out).toHaveLength(log.length);
          await sendToModel(out);
          for (const m of out) {
            const text = typeof m.content === 'string' ? '' : JSON.stringify(m.content);
            for (const [, id] of text.matchAll(/content item \\"([^"\\]+)\\"/g)) {
              expect((await content.info(id!)).id).toBe(id);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
