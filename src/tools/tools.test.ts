import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { researchTrace } from '../../test-support/research-trace.ts';
import { createContentStore } from '../content/create-content-store.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createAutoContextMemory } from '../views/auto-context/index.ts';
import { createContentTools, createContextReloadTool, createHistoryTools } from './index.ts';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
type Call = { toolName: string; input: unknown };

/** A scripted model: step i makes the tool calls of `steps[i]` (then answers text), recording every prompt. */
function scripted(steps: ((seen: string) => Call[])[]) {
  const prompts: string[] = [];
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => {
      const seen = JSON.stringify(options.prompt);
      prompts.push(seen);
      const step = steps[prompts.length - 1];
      if (!step)
        return {
          content: [{ type: 'text', text: 'done' }],
          finishReason: { unified: 'stop', raw: undefined },
          usage,
          warnings: [],
        };
      const calls = step(seen).map((c, i) => ({
        type: 'tool-call' as const,
        toolCallId: `c${prompts.length}_${i}`,
        toolName: c.toolName,
        input: JSON.stringify(c.input),
      }));
      return { content: calls, finishReason: { unified: 'tool-calls', raw: undefined }, usage, warnings: [] };
    },
  });
  return { model, prompts };
}

/** The tool results the model saw in its last prompt, by tool call id prefix order. */
function lastResults(prompt: string): unknown[] {
  const messages = JSON.parse(prompt) as {
    role: string;
    content: { type: string; output?: { type: string; value: unknown } }[];
  }[];
  const last = messages.filter((m) => m.role === 'tool').at(-1);
  return (last?.content ?? []).filter((p) => p.type === 'tool-result').map((p) => p.output);
}

describe('content tools in a multi-step agent run', () => {
  it('stores, lists, retrieves with every transform, and recovers from bad arguments', async () => {
    const content = createContentStore({ counter: createTokenCounter() });
    const page = Array.from(
      { length: 60 },
      (_, i) => `line ${i + 1}: ${i === 41 ? 'the vault code is QX-42' : 'filler text'}`,
    ).join('\n');
    let id = '';
    const { model, prompts } = scripted([
      () => [{ toolName: 'store_in_memory', input: { content: page, type: 'web_content', tags: ['vault'] } }],
      (seen) => {
        id = /"id":"(cnt_[^"]+)"/.exec(seen)![1]!;
        return [{ toolName: 'query_memory', input: { tags: ['vault'] } }];
      },
      () => [
        { toolName: 'retrieve_from_memory', input: { id, transform: { type: 'full' } } },
        {
          toolName: 'retrieve_from_memory',
          input: { id, transform: { type: 'excerpt', query: 'vault code', length: 40 } },
        },
        { toolName: 'retrieve_from_memory', input: { id, transform: { type: 'summary' } } },
        { toolName: 'retrieve_from_memory', input: { id, transform: { type: 'first_n', n: 2 } } },
        {
          toolName: 'retrieve_from_memory',
          input: { id, transform: { type: 'last_n', n: 5, unit: 'tokens' } },
        },
        {
          toolName: 'retrieve_from_memory',
          input: { id, transform: { type: 'filtered', pattern: 'vault' } },
        },
      ],
      () => [
        { toolName: 'retrieve_from_memory', input: { id: 'cnt_nope' } },
        { toolName: 'retrieve_from_memory', input: { id, transform: { type: 'first_n', n: -1 } } },
        { toolName: 'retrieve_from_memory', input: { id: 5 } },
        { toolName: 'query_memory', input: { limit: 500 } },
      ],
      () => [{ toolName: 'retrieve_from_memory', input: { id, transform: { type: 'first_n', n: 1 } } }],
    ]);
    const result = await generateText({
      model,
      tools: createContentTools({ content }),
      prompt: 'find the vault code',
      stopWhen: stepCountIs(8),
    });
    expect(result.text).toBe('done');
    expect(lastResults(prompts[1]!)[0]).toMatchObject({ type: 'json', value: { id, size: page.length } });
    expect(lastResults(prompts[2]!)[0]).toMatchObject({
      type: 'json',
      value: { items: [{ id, type: 'web_content', tags: ['vault'] }] },
    });
    const shaped = lastResults(prompts[3]!).map(
      (o) => (o as { value: { content: string; taken: string } }).value,
    );
    expect(shaped[0]!.content).toBe(page);
    expect(shaped[1]!.content).toContain('the vault code is QX-42');
    expect(shaped[2]!.taken).toMatch(/summary by the text compactor/);
    expect(shaped[3]!.content).toBe('line 1: filler text\nline 2: filler text');
    expect(page.endsWith(shaped[4]!.content)).toBe(true);
    expect(shaped[5]!.content).toBe('42: line 42: the vault code is QX-42');
    const errors = lastResults(prompts[4]!) as { type: string; value: unknown }[];
    expect(errors[0]).toMatchObject({
      type: 'json',
      value: { error: expect.stringMatching(/content item "cnt_nope" not found\. Call query_memory/) },
    });
    expect(errors[1]).toMatchObject({
      type: 'json',
      value: { error: expect.stringMatching(/transform\.n must be an integer from 1/) },
    });
    expect(errors[2]!.type).toBe('error-text'); // the AI SDK's own input validation, reported to the model
    expect(String(errors[2]!.value)).toMatch(/Invalid input/i);
    expect(errors[3]).toMatchObject({
      type: 'json',
      value: { error: expect.stringMatching(/limit must be an integer from 1 to 50/) },
    });
    expect((lastResults(prompts[5]!)[0] as { value: { content: string } }).value.content).toBe(
      'line 1: filler text',
    );
  });
});

describe('history and context_reload tools', () => {
  it('search the log, read a range, refuse a wide one, and reload a compaction step', async () => {
    const counter = createTokenCounter();
    const store = createMemoryStore();
    const memory = createConversationMemory({ store, counter });
    const content = createContentStore({ store, counter });
    const view = createAutoContextMemory({
      conversation: memory,
      content,
      maxTokens: 60_000,
      tokenRatio: 0.5,
      lastKeep: 6,
      citations: false,
    });
    const { messages, facts } = researchTrace({ iterations: 10 });
    for (const m of messages) await memory.store(m);
    await view.read();
    const [step] = await view.steps();
    const { model, prompts } = scripted([
      () => [
        { toolName: 'search_history', input: { query: 'access code for vault-3', limit: 3 } },
        { toolName: 'get_messages', input: { from: 1, to: 2 } },
        { toolName: 'get_messages', input: { from: 1, to: 500 } },
        { toolName: 'context_reload', input: { id: step!.id } },
        { toolName: 'context_reload', input: { id: 'ctx_unknown' } },
      ],
    ]);
    await generateText({
      model,
      tools: { ...createHistoryTools({ memory }), ...createContextReloadTool(view) },
      prompt: 'what was the vault-3 code?',
      stopWhen: stepCountIs(3),
    });
    const [search, range, wide, reload, unknown] = lastResults(prompts[1]!).map(
      (o) => (o as { value: Record<string, unknown> }).value,
    );
    expect(search!.messages).toContain(facts[2]!.text);
    expect(range).toMatchObject({
      count: 2,
      messages: expect.stringMatching(/^#1 user: Research how agent memory/),
    });
    expect(wide!.error).toMatch(/holds 500 sequence numbers; the limit is 50/);
    expect(reload).toMatchObject({ reloaded: step!.id });
    expect(unknown!.error).toMatch(/no ladder step "ctx_unknown"/);
    const out = await view.read();
    expect(out.some((m) => JSON.stringify(m.content).includes(facts[0]!.text))).toBe(true);
  });
});
