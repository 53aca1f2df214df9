import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createContentStore } from '../content/create-content-store.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { type ConversationMemory, createConversationMemory } from '../memory/conversation-memory.ts';
import type { Memory } from '../memory/memory.ts';
import { SimpleMemory } from '../memory/simple-memory.ts';
import { stripExtras } from '../messages/to-model-message.ts';
import { arbConversation } from '../testing/conversation-arbitrary.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { createAutoContextMemory } from './auto-context/auto-context-memory.ts';
import { createCitationMemory } from './citation-memory.ts';
import { type ContextView, checkContextView, toContextView } from './context-view.ts';
import { SlidingWindowMemory, SummarizingMemory, TokenWindowMemory } from './memory-classes.ts';
import { createObservationalMemory } from './observational/observational-memory.ts';
import { createSlidingWindowMemory } from './sliding-window-memory.ts';
import { createSummarizingMemory } from './summarizing-memory.ts';
import { createTokenWindowMemory } from './token-window-memory.ts';

const counter = createEstimateTokenCounter();
const summarizer = async () => 'summary';

/** Every engram view, over a fresh conversation each. */
function everyView(): [string, ContextView<ModelMessage>, ConversationMemory][] {
  const on = () => createConversationMemory({ counter });
  const views: [string, (c: ConversationMemory) => ContextView<ModelMessage>][] = [
    ['conversation', (c) => c],
    ['token window', (conversation) => createTokenWindowMemory({ conversation, maxTokens: 10_000 })],
    ['sliding window', (conversation) => createSlidingWindowMemory({ conversation, windowSize: 10 })],
    ['summarizing', (conversation) => createSummarizingMemory({ conversation, keepRecent: 2, summarizer })],
    [
      'citation',
      (conversation) => createCitationMemory({ conversation, content: createContentStore({ counter }) }),
    ],
    [
      'auto-context',
      (conversation) =>
        createAutoContextMemory({
          conversation,
          content: createContentStore({ counter }),
          maxTokens: 10_000,
        }),
    ],
    ['observational', (conversation) => createObservationalMemory({ conversation, background: false })],
  ];
  const out: [string, ContextView<ModelMessage>, ConversationMemory][] = views.map(([name, make]) => {
    const conversation = on();
    return [name, make(conversation), conversation];
  });
  for (const [name, make] of [
    ['SimpleMemory', () => new SimpleMemory([], { counter })],
    ['SlidingWindowMemory', () => new SlidingWindowMemory([], 10, { counter })],
    ['TokenWindowMemory', () => new TokenWindowMemory([], 10_000, { counter })],
    ['SummarizingMemory', () => new SummarizingMemory([], { summarizer, counter })],
  ] as const) {
    const memory = make();
    out.push([name, memory, memory.conversation]);
  }
  return out;
}

/** A seed 000 memory of the user's own: an array, one message per `store`. */
class ArrayMemory implements Memory {
  readonly messages: ModelMessage[] = [];
  storeCalls = 0;
  async read() {
    return [...this.messages];
  }
  store(message: ModelMessage) {
    this.storeCalls++;
    this.messages.push(message);
  }
  async appended() {
    return [...this.messages];
  }
}

describe('ContextView: the one view contract', () => {
  it('every engram view, the conversation and seed 000’s classes are ContextViews over their conversation', async () => {
    for (const [name, view, conversation] of everyView()) {
      expect(view.specificationVersion, name).toBe('v1');
      expect(view.conversation, name).toBe(conversation);
      expect(toContextView(view), name).toBe(view);
      expect(checkContextView(view, name, 'test'), name).toBe(view);
      expect(view.lastAssembly(), `${name}: nothing read yet`).toBeUndefined();
    }
    expectTypeOf<ConversationMemory>().toExtend<ContextView>();
    expectTypeOf<SimpleMemory>().toExtend<ContextView<ModelMessage>>();
    expectTypeOf<SummarizingMemory>().toExtend<ContextView<ModelMessage>>();
  });

  it('store returns the messages as stored in the conversation, with their ids, in order', async () => {
    for (const [name, view, conversation] of everyView()) {
      const [prompt] = await view.store({ role: 'user', content: 'Hello' });
      const step = await view.store([
        { role: 'assistant', content: 'Hi' },
        { role: 'user', content: 'Bye' },
      ]);
      const log = await conversation.read();
      expect([prompt, ...step], name).toEqual(log);
      expect(new Set(log.map((m) => m.id)).size, name).toBe(3);
    }
  });

  it('a seed 000 class reads plain messages, and its lastAssembly and instructions are its view’s', async () => {
    const memory = new SummarizingMemory([], {
      maxMessages: 2,
      keepRecent: 1,
      summarizer,
      summaryRole: 'instructions',
      counter,
    });
    await memory.store([
      { role: 'user', content: 'one' },
      { role: 'assistant', content: 'two' },
      { role: 'user', content: 'three' },
    ]);
    expect(await memory.read()).toEqual([{ role: 'user', content: 'three' }]);
    expect(memory.lastAssembly()).toEqual(memory.view.lastAssembly());
    expect(memory.lastAssembly()?.view).toBe('summarizing');
    expect(await memory.instructions()).toBe('Summary of earlier conversation:\nsummary');
  });

  it('toContextView wraps a Memory of your own once: one store per message, ids assigned, no conversation', async () => {
    const own = new ArrayMemory();
    const view = toContextView(own);
    expect(view.conversation).toBeUndefined();
    const stored = await view.store([
      { role: 'user', content: 'a' },
      { role: 'assistant', content: 'b' },
    ]);
    expect(own.storeCalls).toBe(2);
    expect(stored.map(stripExtras)).toEqual(own.messages);
    expect(stored.every((m) => typeof m.id === 'string' && m.createdAt instanceof Date)).toBe(true);
    expect(await view.read()).toEqual(own.messages);
    expect(await view.appended()).toEqual(own.messages);
    expect(view.lastAssembly()).toBeUndefined();
  });

  it('the wrapper stores what a direct store would, in the same order (property)', async () => {
    await fc.assert(
      fc.asyncProperty(arbConversation(), fc.nat(6), async (messages, batch) => {
        const direct = new ArrayMemory();
        for (const m of messages) direct.store(m);
        const own = new ArrayMemory();
        const view = toContextView(own);
        const returned = [];
        for (let i = 0; i < messages.length; i += batch + 1)
          returned.push(...(await view.store(messages.slice(i, i + batch + 1))));
        expect(own.messages).toEqual(direct.messages);
        expect(returned.map(stripExtras)).toEqual(messages.map(stripExtras));
      }),
      { numRuns: 50 },
    );
  });

  it('refuses what is not a memory, and an integration refuses a Memory that is not a view, with typed errors', () => {
    for (const bad of [undefined, null, 3, {}, { read: () => [] }])
      expect(() => toContextView(bad as never)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', component: 'views' }),
      );
    expect(() => checkContextView(new ArrayMemory(), 'options.view', 'ai-sdk')).toThrow(MemoryError);
    expect(() => checkContextView(new ArrayMemory(), 'options.view', 'ai-sdk')).toThrow(/toContextView/);
  });
});
