import { type ModelMessage, pruneMessages } from 'ai';
import { describe, expect, it } from 'vitest';
import { memoryWith, result, say, system, user } from '../../test-support/view-helpers.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkPairs } from '../testing/view-invariants.ts';
import { SummarizingMemory, TokenWindowMemory } from './memory-classes.ts';
import { createSlidingWindowMemory } from './sliding-window-memory.ts';
import { createTokenWindowMemory } from './token-window-memory.ts';

const thought = 'step by step, weighing every option at length '.repeat(40);
/** An assistant message that reasons at length, then answers. */
const reason = (text: string): ModelMessage => ({
  role: 'assistant',
  content: [
    { type: 'reasoning', text: thought },
    { type: 'text', text },
  ],
});
/** An assistant message calling one tool. */
const callTool = (id: string, toolName: string): ModelMessage => ({
  role: 'assistant',
  content: [{ type: 'tool-call', toolCallId: id, toolName, input: { q: id } }],
});
/** A tool message with one result, named `toolName`. */
const resultOf = (id: string, toolName: string, value = `result of ${id}`): ModelMessage => ({
  role: 'tool',
  content: [{ type: 'tool-result', toolCallId: id, toolName, output: { type: 'text', value } }],
});
const roles = (messages: readonly ModelMessage[]) => messages.map((m) => m.role);

describe('views: prune option', () => {
  it('counts the pruned form against the budget, and leaves the log whole', async () => {
    const log = [
      system('be brief'),
      user('q1'),
      reason('a1'),
      user('q2'),
      reason('a2'),
      user('q3'),
      reason('a3'),
    ];
    const conversation = await memoryWith(log);
    const plain = createTokenWindowMemory({ conversation, maxTokens: 700 });
    expect((await plain.read()).length).toBeLessThan(log.length);
    const pruned = createTokenWindowMemory({
      conversation,
      maxTokens: 700,
      prune: { reasoning: 'before-last-message' },
    });
    const out = await pruned.read();
    expect(out).toHaveLength(log.length); // every turn fits once the old reasoning is left out
    expect(out.map((m) => JSON.stringify(m.content).includes('reasoning'))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    const stats = pruned.lastStats()!;
    expect(stats.tokens).toBe(out.reduce((n, m) => n + conversation.counter.count(m), 0));
    expect(stats.tokens).toBeLessThanOrEqual(700);
    // The assembly says what was left out, and by which rule; the log still holds every reasoning part.
    const assembly = pruned.lastAssembly()!;
    expect(assembly.tokens).toBe(stats.tokens);
    expect(assembly.dropped.filter((d) => d.rule === 'pruned')).toHaveLength(2);
    const stored = await conversation.entries();
    expect(stored.filter((e) => JSON.stringify(e.message.content).includes('reasoning'))).toHaveLength(3);
  });

  it("prunes old calls of the named tools with their results, in the AI SDK's words", async () => {
    const log = [
      user('look it up'),
      callTool('c1', 'fetch'),
      resultOf('c1', 'fetch', 'a long page'),
      callTool('c2', 'calc'),
      resultOf('c2', 'calc', '42'),
      say('found it'),
      user('and now?'),
      callTool('c3', 'fetch'),
      resultOf('c3', 'fetch', 'another page'),
    ];
    const conversation = await memoryWith(log);
    const prune = { toolCalls: [{ type: 'before-last-2-messages' as const, tools: ['fetch'] }] };
    const view = createTokenWindowMemory({ conversation, maxTokens: 10_000, prune });
    const out = await view.read();
    expect(roles(out)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user', 'assistant', 'tool']);
    expect(JSON.stringify(out)).not.toContain('a long page');
    expect(JSON.stringify(out)).toContain('another page');
    const whole = await createTokenWindowMemory({ conversation, maxTokens: 10_000 }).read();
    expect(out).toEqual(pruneMessages({ messages: whole, ...prune }));
    expect(view.lastAssembly()!.dropped.filter((d) => d.rule === 'pruned')).toMatchObject([
      { messages: 2, fromSeq: 2, toSeq: 3 },
    ]);
  });

  it("keeps messages left empty with emptyMessages: 'keep'", async () => {
    const conversation = await memoryWith([
      user('q'),
      callTool('c1', 'fetch'),
      resultOf('c1', 'fetch'),
      say('a'),
    ]);
    const view = createTokenWindowMemory({
      conversation,
      maxTokens: 10_000,
      prune: { toolCalls: 'all', emptyMessages: 'keep' },
    });
    const out = await view.read();
    expect(out.map((m) => m.content.length)).toEqual([1, 0, 0, 1]);
  });

  it('prunes a provider-executed call with the result beside it, as pruneMessages does', async () => {
    const searched: ModelMessage = {
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          toolCallId: 'ws1',
          toolName: 'web_search',
          input: { q: 'x' },
          providerExecuted: true,
        },
        {
          type: 'tool-result',
          toolCallId: 'ws1',
          toolName: 'web_search',
          output: { type: 'text', value: 'hits' },
        },
        { type: 'text', text: 'found' },
      ],
    };
    const conversation = await memoryWith([user('q'), searched, user('next')]);
    const prune = { toolCalls: 'before-last-message' as const };
    const whole = await createTokenWindowMemory({ conversation, maxTokens: 10_000 }).read();
    const out = await createTokenWindowMemory({ conversation, maxTokens: 10_000, prune }).read();
    expect(out).toEqual(pruneMessages({ messages: whole, ...prune }));
    expect(out[1]!.content).toEqual([{ type: 'text', text: 'found' }]);
  });

  it('never sends a result without its call, even where the tool names disagree', async () => {
    // A result recorded under another tool's name: the AI SDK's own pruneMessages keeps the result of a call it
    // prunes; the view removes both.
    const log = [user('q'), callTool('c1', 'fetch'), resultOf('c1', 'search'), say('a'), user('again')];
    const conversation = await memoryWith(log);
    const prune = { toolCalls: [{ type: 'all' as const, tools: ['fetch'] }] };
    const whole = await createTokenWindowMemory({ conversation, maxTokens: 10_000 }).read();
    expect(() => checkPairs(pruneMessages({ messages: whole, ...prune }))).toThrow(/without its call/);
    const out = await createTokenWindowMemory({ conversation, maxTokens: 10_000, prune }).read();
    expect(roles(out)).toEqual(['user', 'assistant', 'user']);
    checkPairs(out);
  });

  it('lets the sliding window hold more messages once pruning removed some', async () => {
    const log = [user('q1'), callTool('c1', 'fetch'), result('c1'), say('a1'), user('q2'), say('a2')];
    const conversation = await memoryWith(log);
    // Without pruning the call unit does not fit: q1 opens the prompt, the window leaves the call out.
    const plainView = createSlidingWindowMemory({ conversation, windowSize: 4 });
    expect(roles(await plainView.read())).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(plainView.lastAssembly()!.dropped.find((d) => d.rule === 'window')).toMatchObject({ messages: 2 });
    // Pruned, the call and its result cost no room: the whole log's units fit, nothing is left out by the window.
    const view = createSlidingWindowMemory({ conversation, windowSize: 4, prune: { toolCalls: 'all' } });
    expect(roles(await view.read())).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(view.lastAssembly()!.dropped.find((d) => d.rule === 'pruned')).toMatchObject({ messages: 2 });
    expect(view.lastAssembly()!.dropped.find((d) => d.rule === 'window')).toBeUndefined();
  });

  it("passes prune through seed 000's TokenWindowMemory and SummarizingMemory", async () => {
    const log = [user('q'), reason('a'), user('q2'), reason('a2')];
    const windowed = new TokenWindowMemory(log, 10_000, { prune: { reasoning: 'all' } });
    const summarizing = new SummarizingMemory(log, {
      summarizer: async () => 'gist',
      prune: { reasoning: 'all' },
    });
    for (const memory of [windowed, summarizing]) {
      const out = await memory.read();
      expect(out).toHaveLength(4);
      expect(JSON.stringify(out)).not.toContain('reasoning');
    }
  });

  it('sends the messages as stored when prune is not given, or prunes nothing', async () => {
    const conversation = await memoryWith([
      user('q'),
      reason('a'),
      callTool('c1', 'fetch'),
      resultOf('c1', 'fetch'),
    ]);
    const stored = (await conversation.entries()).map((e) => e.message);
    expect(await createTokenWindowMemory({ conversation, maxTokens: 10_000 }).read()).toEqual(stored);
    const none = { reasoning: 'none', toolCalls: 'none' } as const;
    expect(await createTokenWindowMemory({ conversation, maxTokens: 10_000, prune: none }).read()).toEqual(
      stored,
    );
  });

  it.each([
    [null, /\(options\)\.prune must not be null/],
    [{ reasoning: 'some' }, /prune\.reasoning must be 'all' or 'before-last-message' or 'none', got "some"/],
    [{ toolCalls: 'before-last-x-messages' }, /prune\.toolCalls must be 'all', 'before-last-message' or/],
    [{ toolCalls: 'before-last-1.5-messages' }, /prune\.toolCalls must be/],
    [{ toolCalls: [{ type: 'all', tools: 'fetch' }] }, /prune\.toolCalls\[0\]\.tools must be an array/],
    [{ toolCalls: [{ type: 'all', tools: [''] }] }, /prune\.toolCalls\[0\]\.tools\[0\] must be a tool name/],
    [{ toolCalls: [{ tools: ['fetch'] }] }, /prune\.toolCalls\[0\]\.type must be/],
    [{ toolCalls: ['all'] }, /prune\.toolCalls\[0\] must be an object/],
    [{ emptyMessages: false }, /prune\.emptyMessages must be 'keep' or 'remove'/],
    [
      { toolcalls: 'all' },
      /\(options\)\.prune\.toolcalls: not an option of .*\(its options: reasoning, toolCalls, emptyMessages\)/,
    ],
    [
      { toolCalls: [{ type: 'all', tool: ['x'] }] },
      /\(options\)\.prune\.toolCalls\[0\]\.tool: not an option of .*\(its options: type, tools\)/,
    ],
  ])('throws INVALID_ARGUMENT naming the field for prune: %j', async (prune, message) => {
    const conversation = await memoryWith([user('q')]);
    for (const make of [
      () => createTokenWindowMemory({ conversation, maxTokens: 100, prune: prune as never }),
      () => createSlidingWindowMemory({ conversation, windowSize: 4, prune: prune as never }),
    ]) {
      let error: unknown;
      try {
        make();
      } catch (e) {
        error = e;
      }
      expect(MemoryError.hasCode(error, 'INVALID_ARGUMENT')).toBe(true);
      expect((error as Error).message).toMatch(message);
    }
  });
});
