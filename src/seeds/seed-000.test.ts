/**
 * Seed 000 ("Memory", the @gumbee/agent docs) run against engram: its TypeScript examples pasted as they are,
 * with `@gumbee/agent` replaced by engram's public entry and `openai(…)` by the AI SDK's mock model. The parts
 * that need `agent()` / `run()` use engram's agent loop from `engram/ai-sdk`. Mapping: docs/seeds.md.
 */
import { generateText, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedLanguageModel } from '../../test-support/scripted-language-model.ts';
import { agent } from '../ai-sdk.ts';
import {
  SlidingWindowMemory as EngramSlidingWindowMemory,
  SummarizingMemory as EngramSummarizingMemory,
  type Memory,
  type ModelMessage,
  SimpleMemory,
  SlidingWindowMemory,
  SummarizingMemory,
  TokenWindowMemory,
} from '../index.ts';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};
/** The mock stands in for `openai("gpt-4o")`: each call answers with the next of `replies`. */
function mockModel(...replies: ({ text: string } | { call: string; input: object })[]) {
  let i = 0;
  return new MockLanguageModelV4({
    doGenerate: async () => {
      const reply = replies[Math.min(i++, replies.length - 1)]!;
      return 'text' in reply
        ? {
            content: [{ type: 'text', text: reply.text }],
            finishReason: { unified: 'stop', raw: undefined },
            usage,
            warnings: [],
          }
        : {
            content: [
              { type: 'text', text: 'Let me check...' },
              {
                type: 'tool-call',
                toolCallId: `call_${i}`,
                toolName: reply.call,
                input: JSON.stringify(reply.input),
              },
            ],
            finishReason: { unified: 'tool-calls', raw: undefined },
            usage,
            warnings: [],
          };
    },
  });
}

const previousMessages: ModelMessage[] = Array.from({ length: 30 }, (_, i) =>
  i % 2 === 0 ? { role: 'user', content: `question ${i}` } : { role: 'assistant', content: `answer ${i}` },
);

describe('seed 000: SimpleMemory', () => {
  it('empty memory (fresh conversation)', async () => {
    // Empty memory (fresh conversation)
    const memory = new SimpleMemory();
    expect(await memory.read()).toEqual([]);
    expect(memory.initialCount).toBe(0);
  });

  it('memory with prior conversation history: read() returns it exactly', async () => {
    // Memory with prior conversation history
    const memory = new SimpleMemory([
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: [{ type: 'text', text: 'Hi there!' }] },
    ]);
    expect(await memory.read()).toEqual([
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: [{ type: 'text', text: 'Hi there!' }] },
    ]);
  });

  it('appended() returns messages.slice(initialCount), and the response is found in it', async () => {
    const memory = new SimpleMemory([
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: [{ type: 'text', text: 'Hi!' }] },
    ]);
    // initialCount = 2
    expect(memory.initialCount).toBe(2);
    const run: ModelMessage[] = [
      { role: 'user', content: "What's the weather?" },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me check...' },
          { type: 'tool-call', toolCallId: 'w1', toolName: 'weather', input: { city: 'Tokyo' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'w1',
            toolName: 'weather',
            output: { type: 'text', value: '72°F' },
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: "It's 72°F in Tokyo." }] },
    ];
    for (const message of run) await memory.store(message);

    // appended() returns only the new messages:
    const newMessages = await memory.appended();
    expect(newMessages).toEqual(run);
    expect(newMessages).toEqual((await memory.read()).slice(memory.initialCount));

    // 6. Extracting the Response
    const response = await memory
      .appended()
      .then((msgs) => msgs.findLast((m) => m.role === 'assistant')?.content);
    expect(response).toEqual([{ type: 'text', text: "It's 72°F in Tokyo." }]);
  });
});

describe('seed 000: how memory integrates with the agent loop (steps 1–6 by hand, AI SDK v7)', () => {
  it('stores the prompt, reads each step, stores the new messages, reports appended()', async () => {
    const memory = new SimpleMemory([
      { role: 'system', content: 'stale system prompt, filtered out' },
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: [{ type: 'text', text: 'Hi!' }] },
    ]);
    const model = mockModel({ call: 'weather', input: { city: 'Tokyo' } }, { text: "It's 72°F in Tokyo." });
    const tools = {
      weather: tool({ inputSchema: z.object({ city: z.string() }), execute: async () => '72°F' }),
    };
    const systemPrompt = 'You are a helpful assistant.';
    const stepEnds: ModelMessage[][] = [];

    // 1. User Message Storage
    memory.store({ role: 'user', content: "What's the weather in Tokyo?" });
    for (let step = 0; step < 5; step++) {
      // 2. Reading for LLM Context (AI SDK v7 takes the system prompt as `instructions`, not as a message)
      let messages = await memory.read();
      messages = messages.filter((m) => m.role !== 'system');
      const result = await generateText({ model, instructions: systemPrompt, messages, tools });
      // 3. Storing New Messages
      for (const message of result.response.messages) {
        await memory.store(message);
      }
      // 4. Step Events
      stepEnds.push(await memory.appended());
      if (result.finishReason !== 'tool-calls') break;
    }
    // 5. Final State
    const final = await memory.read();
    expect(final.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(model.doGenerateCalls[1]!.prompt.filter((m) => m.role === 'system')).toEqual([
      { role: 'system', content: systemPrompt },
    ]);
    expect(stepEnds.map((a) => a.length)).toEqual([3, 4]);
    // 6. Extracting the Response
    const response = await memory
      .appended()
      .then((msgs) => msgs.findLast((m) => m.role === 'assistant')?.content);
    expect(response).toEqual([{ type: 'text', text: "It's 72°F in Tokyo." }]);
  });

  it('default memory: a fresh SimpleMemory() per run when agent() gets none', async () => {
    const { model, prompts } = scriptedLanguageModel([{ text: 'one' }, { text: 'two' }]);
    const myAgent = agent({ name: 'assistant', description: 'An assistant', model });
    await myAgent.run('first question').result;
    await myAgent.run('second question').result;
    expect(JSON.stringify(prompts[1])).not.toContain('first question');
  });

  it('agent-level default: agent({ memory: new SimpleMemory(conversationHistory) })', async () => {
    const { model, prompts } = scriptedLanguageModel([{ text: 'ok' }]);
    const conversationHistory: ModelMessage[] = [{ role: 'user', content: 'My name is Ada.' }];
    const myAgent = agent({
      name: 'assistant',
      description: 'An assistant',
      model,
      memory: new SimpleMemory(conversationHistory),
    });
    await myAgent.run('What is my name?').result;
    expect(JSON.stringify(prompts[0])).toContain('My name is Ada.');
  });

  it('per-run override and priority: options.memory, then config.memory, then new SimpleMemory()', async () => {
    const { model, prompts } = scriptedLanguageModel([{ text: 'a' }, { text: 'b' }]);
    const previousMessages: ModelMessage[] = [{ role: 'user', content: 'from the run option' }];
    const myAgent = agent({
      name: 'assistant',
      description: 'An assistant',
      model,
      memory: new SimpleMemory([{ role: 'user', content: 'from the config' }]),
    });
    const context = {};
    const { stream } = myAgent.run('Continue our conversation', context, {
      memory: new SimpleMemory(previousMessages),
    });
    for await (const _ of stream);
    expect(JSON.stringify(prompts[0])).toContain('from the run option');
    expect(JSON.stringify(prompts[0])).not.toContain('from the config');
    await myAgent.run('again').result;
    expect(JSON.stringify(prompts[1])).toContain('from the config');
  });
});

describe("seed 000: the strategies' usage, verbatim, with engram's classes of the same names", () => {
  it('SummarizingMemory: usage as in the seed; the summary is not recomputed on reads', async () => {
    const model = mockModel({ text: 'The user asked 15 questions.' });
    // Usage
    const memory = new SummarizingMemory(previousMessages, {
      maxMessages: 20,
      summarizer: async (messages) => {
        // Use an LLM to summarize the conversation
        const { text } = await generateText({
          model: model,
          prompt: `Summarize this conversation concisely:\n${JSON.stringify(messages)}`,
        });
        return text;
      },
    });
    const context = await memory.read();
    expect(context[0]).toEqual({
      role: 'user',
      content: '[Summary of earlier conversation: The user asked 15 questions.]',
    });
    expect(context.slice(1)).toEqual(previousMessages.slice(1 - context.length));
    await memory.read();
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(await memory.appended()).toEqual([]);
  });

  it('SlidingWindowMemory: new SlidingWindowMemory(messages, windowSize = 30)', async () => {
    const memory = new SlidingWindowMemory(previousMessages);
    expect(await memory.read()).toEqual(previousMessages.slice(-30));
    const small = new SlidingWindowMemory(previousMessages, 4);
    await small.store({ role: 'user', content: 'next' });
    expect(await small.read()).toEqual([...previousMessages.slice(-3), { role: 'user', content: 'next' }]);
    expect(await small.appended()).toEqual([{ role: 'user', content: 'next' }]);
  });

  it('const myAgent = agent({ …, memory: memory }) with a strategy as its memory', async () => {
    const { model, prompts } = scriptedLanguageModel([{ text: 'ok' }]);
    const memory = new SlidingWindowMemory(previousMessages, 4);
    const myAgent = agent({ name: 'assistant', description: 'An assistant', model, memory });
    await myAgent.run('next').result;
    // The window (3 old messages + the prompt) is what the model saw.
    expect(prompts[0]!.filter((m) => m.role !== 'system')).toHaveLength(4);
  });
});

describe("seed 000: custom memory strategies implement engram's Memory as written", () => {
  // The seed's two classes, verbatim (only the import line differs: `from "engram"` there, the entry here).
  // They shadow engram's classes of the same names inside this block.
  class SummarizingMemory implements Memory {
    private messages: ModelMessage[] = [];
    private initialCount = 0;
    private maxMessages: number;
    private summarizer: (messages: ModelMessage[]) => Promise<string>;

    constructor(
      messages: ModelMessage[] = [],
      options: {
        maxMessages?: number;
        summarizer: (messages: ModelMessage[]) => Promise<string>;
      },
    ) {
      this.messages = [...messages];
      this.initialCount = this.messages.length;
      this.maxMessages = options.maxMessages ?? 20;
      this.summarizer = options.summarizer;
    }

    async read(): Promise<ModelMessage[]> {
      if (this.messages.length <= this.maxMessages) {
        return [...this.messages];
      }

      // Summarize older messages, keep recent ones
      const cutoff = this.messages.length - this.maxMessages;
      const oldMessages = this.messages.slice(0, cutoff);
      const recentMessages = this.messages.slice(cutoff);

      const summary = await this.summarizer(oldMessages);

      return [{ role: 'user', content: `[Previous conversation summary: ${summary}]` }, ...recentMessages];
    }

    async store(message: ModelMessage): Promise<void> {
      this.messages.push(message);
    }

    async appended(): Promise<ModelMessage[]> {
      return this.messages.slice(this.initialCount);
    }
  }

  class SlidingWindowMemory implements Memory {
    private messages: ModelMessage[] = [];
    private initialCount = 0;
    private windowSize: number;

    constructor(messages: ModelMessage[] = [], windowSize = 30) {
      this.messages = [...messages];
      this.initialCount = this.messages.length;
      this.windowSize = windowSize;
    }

    async read(): Promise<ModelMessage[]> {
      // Always return only the most recent N messages
      return this.messages.slice(-this.windowSize);
    }

    async store(message: ModelMessage): Promise<void> {
      this.messages.push(message);
    }

    async appended(): Promise<ModelMessage[]> {
      return this.messages.slice(this.initialCount);
    }
  }

  /** A synchronous store(), which the seed's `void | Promise<void>` allows. */
  class ArrayMemory implements Memory {
    private readonly messages: ModelMessage[] = [];
    async read(): Promise<ModelMessage[]> {
      return [...this.messages];
    }
    store(message: ModelMessage): void {
      this.messages.push(message);
    }
    async appended(): Promise<ModelMessage[]> {
      return [...this.messages];
    }
  }

  it('the seed classes, a synchronous class and every engram class type-check as Memory', () => {
    const summarizer = async (messages: ModelMessage[]) => `${messages.length} messages`;
    const memories: Memory[] = [
      new SummarizingMemory([], { summarizer }),
      new SlidingWindowMemory(),
      new ArrayMemory(),
      new SimpleMemory(),
      new EngramSlidingWindowMemory(),
      new TokenWindowMemory([], 1000),
      new EngramSummarizingMemory([], { summarizer }),
    ];
    expect(memories).toHaveLength(7);
  });

  it('the seed usage example runs against the seed class and against engram’s, with the same shape of context', async () => {
    const model = mockModel({ text: 'The user asked 10 questions.' });
    // Usage (the seed's, with the mock model for openai("gpt-4o-mini"))
    const memory = new SummarizingMemory(previousMessages, {
      maxMessages: 20,
      summarizer: async (messages) => {
        // Use an LLM to summarize the conversation
        const { text } = await generateText({
          model: model,
          prompt: `Summarize this conversation concisely:\n${JSON.stringify(messages)}`,
        });
        return text;
      },
    });
    const engram = new EngramSummarizingMemory(previousMessages, {
      maxMessages: 20,
      summarizer: async (messages) => {
        const { text } = await generateText({
          model: model,
          prompt: `Summarize this conversation concisely:\n${JSON.stringify(messages)}`,
        });
        return text;
      },
    });
    const seedOut = await memory.read();
    const engramOut = await engram.read();
    expect(seedOut[0]).toEqual({
      role: 'user',
      content: '[Previous conversation summary: The user asked 10 questions.]',
    });
    expect(engramOut[0]).toEqual({
      role: 'user',
      content: '[Summary of earlier conversation: The user asked 10 questions.]',
    });
    // Both end with the newest messages verbatim; engram's keeps the context within maxMessages, summary included.
    expect(seedOut.slice(1)).toEqual(previousMessages.slice(-20));
    expect(engramOut.slice(1)).toEqual(previousMessages.slice(-(engramOut.length - 1)));
    expect(engramOut.length).toBeLessThanOrEqual(20);

    // The seed's class calls the model on every read; engram's only when the covered range grows.
    const before = model.doGenerateCalls.length;
    for (let i = 0; i < 3; i++) {
      await memory.read();
      await engram.read();
    }
    expect(model.doGenerateCalls.length - before).toBe(3);
  });

  it('the sliding window: the seed class and engram’s agree on a plain chat, and both return what was stored', async () => {
    const seed = new SlidingWindowMemory(previousMessages, 10);
    const engram = new EngramSlidingWindowMemory(previousMessages, 10);
    await seed.store({ role: 'user', content: 'next' });
    await engram.store({ role: 'user', content: 'next' });
    expect(await engram.read()).toEqual(await seed.read());
    expect(await engram.appended()).toEqual(await seed.appended());
  });
});
