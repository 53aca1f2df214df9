import { type ModelMessage, stepCountIs, ToolLoopAgent } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import {
  lookupTools,
  plainJson,
  type RecordedPrompt,
  scriptedLanguageModel,
  unansweredToolCalls,
} from '../../test-support/scripted-language-model.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { toModelMessages } from '../messages/to-model-message.ts';
import { toContextView } from '../views/context-view.ts';
import { createTokenWindowMemory } from '../views/token-window-memory.ts';
import { withMemory } from './with-memory.ts';

const tools = lookupTools();
const texts = (prompt: RecordedPrompt) =>
  prompt.map((m) =>
    typeof m.content === 'string'
      ? `${m.role}:${m.content}`
      : `${m.role}:${m.content.map((p) => ('text' in p ? p.text : p.type)).join('|')}`,
  );
const plain = plainJson;
const user = (content: string): ModelMessage => ({ role: 'user', content });

describe('withMemory', () => {
  it('over agent settings: a second call sees the first, each message is stored once', async () => {
    const memory = createConversationMemory();
    const { model, prompts } = scriptedLanguageModel([
      { toolCalls: [{ toolName: 'lookup', input: { word: 'engram' } }] },
      { text: 'Noted, Ada.' },
      { text: 'You are Ada.' },
    ]);
    const agent = withMemory({ model, tools, instructions: 'Be brief.' }, { memory });
    const first = await agent.generate({ prompt: 'I am Ada. Define engram.' });
    const second = await agent.generate({ prompt: 'Who am I?' });
    expect(second.text).toBe('You are Ada.');
    expect(texts(prompts[2]!)).toEqual([
      'system:Be brief.',
      'user:I am Ada. Define engram.',
      'assistant:tool-call',
      'tool:tool-result',
      'assistant:Noted, Ada.',
      'user:Who am I?',
    ]);
    expect(plain(toModelMessages(await memory.read()))).toEqual(
      plain([
        user('I am Ada. Define engram.'),
        ...first.responseMessages,
        user('Who am I?'),
        ...second.responseMessages,
      ]),
    );
  });

  it('applies a view at every step of the tool loop and composes the caller’s prepareStep', async () => {
    const memory = createConversationMemory();
    const view = createTokenWindowMemory({ conversation: memory, maxTokens: 150 });
    const { model, prompts } = scriptedLanguageModel([
      { toolCalls: [{ toolName: 'lookup', input: { word: 'a' } }] },
      { toolCalls: [{ toolName: 'lookup', input: { word: 'b' } }] },
      { text: 'done' },
    ]);
    const seen: number[] = [];
    const agent = withMemory(
      {
        model,
        tools,
        stopWhen: stepCountIs(5),
        prepareStep: ({ messages }) => {
          seen.push(messages.length);
          return {};
        },
      },
      { view },
    );
    const result = await agent.generate({ prompt: 'Define a and b.' });
    expect(seen).toEqual(prompts.map((p) => p.length)); // the caller's prepareStep saw the view's messages
    // The window cut inside the turn: its first step is left out, and the task still opens the prompt.
    expect(texts(prompts[2]!).filter((t) => !t.startsWith('system:'))).toEqual([
      'user:Define a and b.',
      'assistant:tool-call',
      'tool:tool-result',
    ]);
    for (const prompt of prompts) expect(unansweredToolCalls(prompt)).toEqual([]);
    expect(await memory.read()).toHaveLength(1 + result.responseMessages.length);
  });

  it('stores a stream when it ends, and the next stream sees it', async () => {
    const memory = createConversationMemory();
    const { model, prompts } = scriptedLanguageModel([
      { toolCalls: [{ toolName: 'lookup', input: { word: 'x' } }] },
      { text: 'first answer' },
      { text: 'second answer' },
    ]);
    const ends: number[] = [];
    const agent = withMemory({ model, tools }, { memory });
    const first = await agent.stream({
      prompt: 'one',
      onEnd: (e) => void ends.push(e.responseMessages.length),
    });
    expect(await first.text).toBe('first answer');
    await agent.settled();
    expect(ends).toEqual([3]);
    const second = await agent.stream({ prompt: 'two' });
    await second.consumeStream();
    await agent.settled();
    expect(texts(prompts[2]!)).toEqual([
      'user:one',
      'assistant:tool-call',
      'tool:tool-result',
      'assistant:first answer',
      'user:two',
    ]);
    expect(plain(toModelMessages(await memory.read()))).toEqual(
      plain([
        user('one'),
        ...(await first.responseMessages),
        user('two'),
        ...(await second.responseMessages),
      ]),
    );
  });

  it('over an existing ToolLoopAgent: the view goes in as messages and each call is stored once', async () => {
    const memory = createConversationMemory();
    const { model, prompts } = scriptedLanguageModel([{ text: 'Hi Ada.' }, { text: 'Ada.' }]);
    const agent = withMemory(new ToolLoopAgent({ model, instructions: 'Be kind.' }), { memory });
    await agent.generate({ prompt: 'I am Ada.' });
    const streamed = await agent.stream({ messages: [user('Who am I?')] });
    await streamed.consumeStream();
    await agent.settled();
    expect(texts(prompts[1]!)).toEqual([
      'system:Be kind.',
      'user:I am Ada.',
      'assistant:Hi Ada.',
      'user:Who am I?',
    ]);
    expect((await memory.read()).map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it('a failed call stores the input and nothing it did not produce; the next call works', async () => {
    const memory = createConversationMemory();
    let calls = 0;
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        if (++calls === 1) throw new Error('provider down');
        return {
          content: [{ type: 'text', text: 'back' }],
          finishReason: { unified: 'stop', raw: undefined },
          usage: {
            inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
            outputTokens: { total: 1, text: 1, reasoning: 0 },
          },
          warnings: [],
        };
      },
    });
    const agent = withMemory({ model, maxRetries: 0 }, { memory });
    await expect(agent.generate({ prompt: 'lost?' })).rejects.toThrow('provider down');
    await agent.generate({ prompt: 'again' });
    expect((await memory.read()).map((m) => m.content)).toEqual([
      'lost?',
      'again',
      [{ type: 'text', text: 'back' }],
    ]);
  });

  it('over an existing ToolLoopAgent: a failed or aborted call keeps its input; the next call sees it', async () => {
    const memory = createConversationMemory();
    let calls = 0;
    const stop = new AbortController();
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        calls++;
        throw new Error('provider down');
      },
      // The stream starts, then the user stops it before the model says anything.
      doStream: async () => {
        calls++;
        return {
          stream: new ReadableStream({
            start(controller) {
              controller.enqueue({ type: 'stream-start', warnings: [] });
              stop.abort();
            },
          }),
        };
      },
    });
    const wrapped = withMemory(new ToolLoopAgent({ model, maxRetries: 0 }), { memory });
    await expect(wrapped.generate({ prompt: 'failed, kept?' })).rejects.toThrow('provider down');
    const stream = await wrapped.stream({ prompt: 'stopped, kept?', abortSignal: stop.signal });
    for await (const _ of stream.fullStream);
    await wrapped.settled();
    expect(calls).toBe(2);
    // Before: both calls' messages were gone (stored only with a response that never came).
    expect((await memory.read()).map((m) => m.content)).toEqual(['failed, kept?', 'stopped, kept?']);
  });

  it('surfaces a store error of a stream through settled() and the next call', async () => {
    const memory = createConversationMemory();
    const { model } = scriptedLanguageModel([{ text: 'a' }, { text: 'b' }]);
    let fail = false;
    // A seed 000 memory of the test's own, adapted once.
    const view = toContextView({
      read: () => memory.read(),
      store: async (m: ModelMessage) => {
        // The reply's store fails (when the stream ends); the input was stored before the call started.
        if (fail && m.role === 'assistant')
          throw new MemoryError({ code: 'STORE_ERROR', component: 'test', message: 'disk full' });
        await memory.store(m);
      },
      appended: () => memory.appended(),
    });
    const agent = withMemory(new ToolLoopAgent({ model }), { view });
    fail = true;
    await (await agent.stream({ prompt: 'x' })).consumeStream();
    await expect(agent.settled()).rejects.toThrow('disk full');
    fail = false;
    await (await agent.stream({ prompt: 'y' })).consumeStream();
    await agent.settled();
    expect((await memory.read()).map((m) => m.content)).toEqual(['x', 'y', [{ type: 'text', text: 'b' }]]);
  });

  it('refuses bad arguments with typed errors', () => {
    const { model } = scriptedLanguageModel([]);
    const memory = createConversationMemory();
    const cases: [unknown, unknown][] = [
      [null, { memory }],
      [{ tools }, { memory }],
      [{ model }, {}],
      [{ model }, { memory, view: memory }],
      [{ model }, { view: { read: () => [] } }],
      [{ model }, { memory, instructions: 1 }],
    ];
    for (const [agent, options] of cases) {
      expect(() => withMemory(agent as never, options as never)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', component: 'ai-sdk' }),
      );
    }
  });
});
