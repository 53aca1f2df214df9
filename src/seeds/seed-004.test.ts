/**
 * Seed 004 (an agent memory as a content store, "the fourth channel"): AgentMemory, MemoryItem, transforms,
 * criteria, the Store / Retrieve / Query actions as AI SDK tools, first-use compaction, compaction plugins and
 * the LLM compactor, snapshot / restore. Memory in the agent's params is issue 10. Mapping: docs/seeds.md.
 */
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { scriptedLanguageModel } from '../../test-support/scripted-language-model.ts';
import { agent, createLanguageModelCompactor } from '../ai-sdk.ts';
import {
  type ContentCriteria,
  type ContentTransform,
  createCitationMemory,
  createContentStore,
  createContentTools,
  createConversationMemory,
  MemoryError,
  type ModelMessage,
  TokenWindowMemory,
} from '../index.ts';

const page = 'The quarterly report says revenue grew. '.repeat(1500); // ~60 KB, a fetched web page

describe('seed 004: what exists today', () => {
  it('an oversized action result is cut in the context, cited by id, and kept whole in the log', async () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Research the quarterly report' },
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'fetch_1',
            toolName: 'fetch',
            input: { url: 'https://example.com' },
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'fetch_1',
            toolName: 'fetch',
            output: { type: 'text', value: page },
          },
        ],
      },
    ];
    const memory = new TokenWindowMemory(messages, 2_000);
    const context = await memory.read();
    const output = (context.at(-1)!.content[0] as { output: { value: string } }).output.value;
    const cited = /full result in message (msg_\w+)\]$/.exec(output);
    expect(cited).not.toBeNull(); // "(Full result in memory: <memoryId>)"
    expect(output.length).toBeLessThan(page.length);
    expect(memory.view.lastStats()!.truncated).toBe(true);
    // "Retrieve from Memory": the full content by its id.
    const full = await memory.conversation.get(cited![1]!);
    expect(JSON.stringify(full!.content)).toContain(page);
  });
});

describe('seed 004: the content store', () => {
  const research = (n: number): ModelMessage[] => [
    {
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          toolCallId: `fetch_${n}`,
          toolName: 'fetch',
          input: { url: `https://example.com/${n}` },
        },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: `fetch_${n}`,
          toolName: 'fetch',
          output: {
            type: 'text',
            value: `<html><head><title>Report ${n}</title></head><body><p>${page}</p></body></html>`,
          },
        },
      ],
    },
    { role: 'assistant', content: [{ type: 'text', text: `Read report ${n}.` }] },
  ];

  it('AgentMemory.store(item) → id, retrieve(id, transform), query(criteria), clear()', async () => {
    const memory = createContentStore();
    const id = await memory.store({
      type: 'web_content',
      source: 'web_fetch',
      content: page,
      tags: ['action', 'web_fetch'],
    });
    expect((await memory.retrieve(id)).content).toBe(page);
    expect((await memory.query({ type: 'web_content', tags: ['web_fetch'] })).items.map((i) => i.id)).toEqual(
      [id],
    );
    expect(await memory.clear()).toBe(1);
    await expect(memory.retrieve(id)).rejects.toSatisfy((e) => MemoryError.hasCode(e, 'ITEM_NOT_FOUND'));
  });

  it('MemoryTransform: full, excerpt, summary, first_n, last_n, filtered', async () => {
    const memory = createContentStore();
    const id = await memory.store({
      type: 'action_result',
      source: 'grep',
      content: 'alpha\nbeta ERROR\ngamma\ndelta ERROR',
    });
    const take = async (transform: ContentTransform | { type: string; params: Record<string, unknown> }) =>
      (await memory.retrieve(id, transform)).content;
    expect(await take({ type: 'full' })).toBe('alpha\nbeta ERROR\ngamma\ndelta ERROR');
    expect(await take({ type: 'excerpt', params: { query: 'gamma', length: 5 } })).toContain('gamma');
    expect(String(await take({ type: 'summary' }))).toContain('4 lines');
    expect(await take({ type: 'first_n', params: { n: 1 } })).toBe('alpha');
    expect(await take({ type: 'last_n', params: { n: 1 } })).toBe('delta ERROR');
    expect(await take({ type: 'filtered', params: { pattern: 'error' } })).toBe(
      '2: beta ERROR\n4: delta ERROR',
    );
  });

  it('MemoryCriteria: type, source, tags, timeRange, limit', async () => {
    const memory = createContentStore();
    for (let i = 0; i < 5; i++) {
      await memory.store({
        id: `r${i}`,
        type: i % 2 ? 'database_result' : 'web_content',
        source: i < 3 ? 'a' : 'b',
        tags: [`t${i % 2}`],
        content: `row ${i}`,
        timestamp: new Date(Date.UTC(2026, 0, i + 1)),
      });
    }
    const ids = async (c: ContentCriteria) =>
      (await memory.query({ order: 'oldest', ...c })).items.map((i) => i.id);
    expect(await ids({ type: 'database_result' })).toEqual(['r1', 'r3']);
    expect(await ids({ source: 'b' })).toEqual(['r3', 'r4']);
    expect(await ids({ tags: ['t0'] })).toEqual(['r0', 'r2', 'r4']);
    expect(
      await ids({
        timeRange: { start: new Date(Date.UTC(2026, 0, 2)), end: new Date(Date.UTC(2026, 0, 3)) },
      }),
    ).toEqual(['r1', 'r2']);
    expect(await ids({ limit: 2 })).toEqual(['r0', 'r1']);
  });

  it('Store / Retrieve / Query in Memory as AI SDK tools', async () => {
    const content = createContentStore();
    const tools = createContentTools({ content });
    const options = { toolCallId: 't', messages: [], context: {} };
    const stored = (await tools.store_in_memory.execute!(
      { content: page, type: 'web_content' },
      options,
    )) as { id: string };
    const listed = (await tools.query_memory.execute!({ type: 'web_content' }, options)) as {
      items: { id: string }[];
    };
    expect(listed.items.map((i) => i.id)).toEqual([stored.id]);
    const got = (await tools.retrieve_from_memory.execute!(
      { id: stored.id, transform: { type: 'first_n', n: 40, unit: 'chars' } },
      options,
    )) as { content: string };
    expect(got.content).toBe(page.slice(0, 40));
  });

  it('first-use optimization: full result once, compacted citation afterwards', async () => {
    const content = createContentStore();
    const conversation = createConversationMemory();
    const view = createCitationMemory({ conversation, content });
    await view.store(research(1).slice(0, 2));
    expect(JSON.stringify(await view.read())).toContain(page); // the step right after the call: in full
    await view.store(research(1)[2]!);
    const later = JSON.stringify(await view.read());
    expect(later).not.toContain(page);
    expect(later).toMatch(/fetch result stored as content item \\"tr_[0-9a-f]{24}\\"/);
  });

  it('compaction: deterministic plugins (e.g. web page) and LLM-based, goal-aware', async () => {
    const content = createContentStore();
    const html = `<html><head><title>Report 1</title></head><body><p>${page}</p></body></html>`;
    const id = await content.store({ type: 'web_content', source: 'web_fetch', content: html });
    expect(await content.describe(id)).toMatchObject({ compactor: 'html', title: 'Report 1' });
    const model = new MockLanguageModelV4({
      doGenerate: async () => ({
        content: [
          { type: 'text', text: JSON.stringify({ summary: 'Revenue grew.', keyFacts: ['revenue grew'] }) },
        ],
        finishReason: { unified: 'stop', raw: undefined },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 1, text: 1, reasoning: 0 },
        },
        warnings: [],
      }),
    });
    const withModel = createContentStore({ summarizer: createLanguageModelCompactor({ model }) });
    const id2 = await withModel.store({ type: 'web_content', source: 'web_fetch', content: page });
    expect(await withModel.describe(id2, { goal: 'how did revenue change?' })).toEqual({
      text: 'Revenue grew.\nKey facts:\n- revenue grew',
      compactor: 'llm',
    });
  });

  it('snapshot() / restore(snapshot)', async () => {
    const parent = createContentStore({ space: 'parent' });
    await parent.store({ id: 'p1', type: 'custom', source: 's', content: 'kept' });
    const child = createContentStore({ space: 'child' });
    await child.restore(await parent.snapshot());
    expect((await child.retrieve('p1')).content).toBe('kept');
  });
});

describe('seed 004: agent integration', () => {
  it('memory as a fourth channel of the agent parameters: agent({ contentStore }) gives it the store and its tools', async () => {
    const content = createContentStore();
    const { model, prompts } = scriptedLanguageModel([
      {
        toolCalls: [{ toolName: 'store_in_memory', input: { content: 'a long page', type: 'web_content' } }],
      },
      { text: 'stored' },
    ]);
    await agent({ name: 'researcher', description: 'Researches', model, contentStore: content }).run(
      'Keep this',
    ).result;
    expect((await content.query()).items).toHaveLength(1);
    expect(JSON.stringify(prompts[1])).toContain('cnt_');
  });
  it('UseCompactionLLM / CompactionPromptID: the agent’s content store compacts with a model', async () => {
    const compactor = createLanguageModelCompactor({
      model: new MockLanguageModelV4({
        doGenerate: async () => ({
          content: [
            { type: 'text', text: JSON.stringify({ summary: 'A pricing page.', keyFacts: ['Pro: $20'] }) },
          ],
          finishReason: { unified: 'stop', raw: undefined },
          usage: {
            inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
            outputTokens: { total: 1, text: 1, reasoning: 0 },
          },
          warnings: [],
        }),
      }),
    });
    const content = createContentStore({ summarizer: compactor });
    const { model } = scriptedLanguageModel([
      {
        toolCalls: [
          { toolName: 'store_in_memory', input: { content: '<html>Pro: $20</html>', type: 'web_content' } },
        ],
      },
      { text: 'ok' },
    ]);
    await agent({ name: 'researcher', description: 'Researches', model, contentStore: content }).run(
      'Keep it',
    ).result;
    const [item] = (await content.query()).items;
    expect((await content.retrieve(item!.id, { type: 'summary' })).content).toContain('A pricing page.');
  });
});
