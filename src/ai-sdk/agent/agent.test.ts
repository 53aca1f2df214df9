import { isStepCount, type ModelMessage, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type RecordedPrompt,
  scriptedLanguageModel,
  unansweredToolCalls,
} from '../../../test-support/scripted-language-model.ts';
import { createLongTermMemory } from '../../longterm/create-long-term-memory.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import type { Memory } from '../../memory/memory.ts';
import { SimpleMemory } from '../../memory/simple-memory.ts';
import { createTokenWindowMemory } from '../../views/token-window-memory.ts';
import { createCoreMemory } from '../../working/core-memory.ts';
import { createWorkingMemory } from '../../working/working-memory.ts';
import { agent } from './agent.ts';
import type { AgentEvent } from './agent-types.ts';

const weather = tool({
  description: 'Weather in a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => `sunny in ${city}`,
});
const weatherCall = { toolCalls: [{ toolName: 'weather', input: { city: 'Paris' } }] };

const roles = (prompt: RecordedPrompt | undefined) => (prompt ?? []).map((m) => m.role);
const texts = (prompt: RecordedPrompt | undefined) => JSON.stringify(prompt ?? []);
async function collect(stream: AsyncIterable<AgentEvent>) {
  const out: AgentEvent[] = [];
  for await (const e of stream) out.push(e);
  return out;
}

/** A user's own Memory (seed 000's array class): stores one message per call, counts its calls. */
class ArrayMemory implements Memory {
  messages: ModelMessage[];
  initial: number;
  storeCalls = 0;
  reads = 0;
  appendedCalls = 0;
  constructor(messages: ModelMessage[] = []) {
    this.messages = [...messages];
    this.initial = messages.length;
  }
  async read() {
    this.reads++;
    return [...this.messages];
  }
  store(message: ModelMessage) {
    this.storeCalls++;
    this.messages.push(message);
  }
  async appended() {
    this.appendedCalls++;
    return this.messages.slice(this.initial);
  }
}

describe('agent() (seed 000 on the AI SDK v7)', () => {
  it('resolves memory as run option, then agent config, then a fresh SimpleMemory per run', async () => {
    const { model, prompts } = scriptedLanguageModel([
      { text: 'a' },
      { text: 'b' },
      { text: 'c' },
      { text: 'd' },
    ]);
    const configMemory = new SimpleMemory([{ role: 'user', content: 'config history' }]);
    const runMemory = new SimpleMemory([{ role: 'user', content: 'run history' }]);
    const withConfig = agent({ name: 'a', description: 'd', model, memory: configMemory });
    await withConfig.run('first', undefined, { memory: runMemory }).result;
    expect(texts(prompts[0])).toContain('run history');
    expect(texts(prompts[0])).not.toContain('config history');
    await withConfig.run('second').result;
    expect(texts(prompts[1])).toContain('config history');
    const bare = agent({ name: 'b', description: 'd', model });
    await bare.run('one').result;
    await bare.run('two').result;
    expect(texts(prompts[3])).not.toContain('one'); // a fresh SimpleMemory each run
  });

  it('stores the user prompt first, filters system messages from memory and sends its own instructions', async () => {
    const { model, prompts } = scriptedLanguageModel([{ text: 'hi' }]);
    const memory = new SimpleMemory([
      { role: 'system', content: 'OLD SYSTEM PROMPT' },
      { role: 'user', content: 'earlier' },
    ]);
    const a = agent({ name: 'a', description: 'd', model, instructions: 'You are terse.' });
    const { result } = a.run('Hello there', undefined, { memory });
    await result;
    expect((await memory.appended())[0]).toEqual({ role: 'user', content: 'Hello there' });
    expect(roles(prompts[0])).toEqual(['system', 'user', 'user']);
    expect(texts(prompts[0])).toContain('You are terse.');
    expect(texts(prompts[0])).not.toContain('OLD SYSTEM PROMPT');
  });

  it('reads memory at every step, stores each step in one call for engram memories and per message for a plain Memory', async () => {
    const { model } = scriptedLanguageModel([weatherCall, { text: 'It is sunny.' }]);
    const a = agent({ name: 'a', description: 'd', model, tools: { weather } });
    const plain = new ArrayMemory();
    await a.run('Weather?', undefined, { memory: plain }).result;
    // prompt (1) + step 0: assistant + tool (2) + step 1: assistant (1), one store call each (seed 000's loop)
    expect(plain.storeCalls).toBe(4);
    expect(plain.reads).toBe(3); // two steps, then the execution record
    expect(plain.appendedCalls).toBe(3); // each step's end, then the result: the prompt's id came from store()

    const { model: model2 } = scriptedLanguageModel([weatherCall, { text: 'It is sunny.' }]);
    const conversation = createConversationMemory();
    let storeCalls = 0;
    let appendedCalls = 0;
    const counted = new Proxy(conversation, {
      get(target, key, receiver) {
        if (key === 'store')
          return (m: unknown) => {
            storeCalls++;
            return target.store(m as ModelMessage);
          };
        if (key === 'appended')
          return () => {
            appendedCalls++;
            return target.appended();
          };
        return Reflect.get(target, key, receiver);
      },
    });
    await agent({ name: 'b', description: 'd', model: model2, tools: { weather } }).run(
      'Weather?',
      undefined,
      {
        memory: counted,
      },
    ).result;
    expect(storeCalls).toBe(3); // prompt, step 0 (assistant + tool together), step 1
    expect(appendedCalls).toBe(3); // each step's end, then the result: no read of appended() for the prompt's id
  });

  it('emits the events of each step in order, with appended() in each step end, and answers with the last assistant message', async () => {
    const { model } = scriptedLanguageModel([weatherCall, { text: 'It is sunny.' }]);
    const memory = new SimpleMemory();
    const { stream, result } = agent({ name: 'w', description: 'd', model, tools: { weather } }).run(
      'Weather?',
      undefined,
      { memory },
    );
    const events = await collect(stream);
    expect(events.map((e) => e.type)).toEqual([
      'agent-start',
      'tool-call',
      'tool-result',
      'agent-step-end',
      'text-delta',
      'agent-step-end',
      'agent-end',
    ]);
    const ends = events.filter((e) => e.type === 'agent-step-end');
    expect(ends.map((e) => [e.step, e.finishReason, e.appended.map((m) => m.role)])).toEqual([
      [0, 'tool-calls', ['user', 'assistant', 'tool']],
      [1, 'stop', ['user', 'assistant', 'tool', 'assistant']],
    ]);
    const r = await result;
    expect(r.text).toBe('It is sunny.');
    expect(r.response).toEqual([{ type: 'text', text: 'It is sunny.' }]);
    expect(r.steps).toBe(2);
    expect(r.messages).toEqual(await memory.read()); // the execution record
    expect(events.at(-1)).toMatchObject({ type: 'agent-end', agent: 'w', finishReason: 'stop' });
  });

  it('a tool that throws becomes a tool error the model sees in the next step', async () => {
    const failing = tool({
      description: 'fails',
      inputSchema: z.object({}),
      execute: async (): Promise<string> => {
        throw new Error('database is down');
      },
    });
    const { model, prompts } = scriptedLanguageModel([
      { toolCalls: [{ toolName: 'lookup', input: {} }] },
      { text: 'Sorry.' },
    ]);
    const { stream, result } = agent({ name: 'a', description: 'd', model, tools: { lookup: failing } }).run(
      'Go',
    );
    const events = await collect(stream);
    expect(events.find((e) => e.type === 'tool-error')).toMatchObject({ error: 'database is down' });
    expect(texts(prompts[1])).toContain('database is down');
    expect(unansweredToolCalls(prompts[1]!)).toEqual([]);
    expect((await result).text).toBe('Sorry.');
  });

  it('a call no tool answers (no execute) is handed back, not stored: memory never holds a call without its result', async () => {
    const ask = tool({ description: 'Ask the user', inputSchema: z.object({ question: z.string() }) });
    const { model } = scriptedLanguageModel([
      { toolCalls: [{ toolName: 'ask', input: { question: 'Which city?' } }] },
    ]);
    const memory = createConversationMemory();
    const r = await agent({ name: 'a', description: 'd', model, tools: { ask } }).run(
      'Book a hotel',
      undefined,
      {
        memory,
      },
    ).result;
    expect(r.finishReason).toBe('tool-calls');
    expect(r.pendingToolCalls).toEqual([
      { toolCallId: 'call_1_0', toolName: 'ask', input: { question: 'Which city?' } },
    ]);
    expect((await memory.read()).map((m) => m.role)).toEqual(['user']);
    expect(r.pendingStep.map((m) => m.role)).toEqual(['assistant']);
  });

  it('stops when stopWhen says so', async () => {
    const { model } = scriptedLanguageModel([weatherCall, weatherCall, { text: 'x' }]);
    const r = await agent({
      name: 'a',
      description: 'd',
      model,
      tools: { weather },
      stopWhen: isStepCount(1),
    }).run('Go').result;
    expect(r.steps).toBe(1);
    expect(r.finishReason).toBe('tool-calls');
  });

  it('cancellation mid-step stores nothing of the step: no tool call without its result', async () => {
    const controller = new AbortController();
    const slow = tool({
      description: 'slow',
      inputSchema: z.object({}),
      execute: async (_input, { abortSignal }) => {
        controller.abort();
        await new Promise((resolve) => setTimeout(resolve, 20));
        abortSignal?.throwIfAborted();
        return 'late';
      },
    });
    const { model } = scriptedLanguageModel([
      weatherCall,
      { toolCalls: [{ toolName: 'slow', input: {} }] },
      { text: 'x' },
    ]);
    const memory = createConversationMemory();
    const { stream, result } = agent({ name: 'a', description: 'd', model, tools: { weather, slow } }).run(
      'Go',
      undefined,
      { memory, abortSignal: controller.signal },
    );
    const r = await result;
    expect(r.finishReason).toBe('aborted');
    const stored = await memory.read();
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']); // step 0 only
    expect(unansweredToolCalls(stored as unknown as RecordedPrompt)).toEqual([]);
    expect((await collect(stream)).at(-1)).toMatchObject({ type: 'agent-end', finishReason: 'aborted' });
  });

  it('static long-term memory: recalled into a user-role block before the prompt, recorded after the run', async () => {
    const longTerm = createLongTermMemory({ scope: { tenant: 't', user: 'alice' } });
    const { model, prompts } = scriptedLanguageModel([
      { text: 'Noted, you live in Lisbon.' },
      { text: 'Lisbon!' },
    ]);
    const a = agent({
      name: 'a',
      description: 'd',
      model,
      instructions: 'Be helpful.',
      longTermMemory: { memory: longTerm },
    });
    await a.run('I live in Lisbon.').result; // a fresh SimpleMemory: nothing of this run is in the next one's history
    await a.run('Where do I live?').result;
    const second = prompts[1]!;
    expect(roles(second)).toEqual(['system', 'user', 'user']);
    expect(JSON.stringify(second[0])).not.toContain('Lisbon');
    expect(JSON.stringify(second[1])).toContain('<long_term_memory>');
    expect(JSON.stringify(second[1])).toContain('I live in Lisbon.');
    expect(JSON.stringify(second[2])).toContain('Where do I live?');
  });

  it('static recall leaves out records of messages the model already sees, and records each run once', async () => {
    const longTerm = createLongTermMemory({ scope: { tenant: 't', user: 'bob' } });
    const { model, prompts } = scriptedLanguageModel([{ text: 'Noted.' }, { text: 'Lisbon.' }]);
    const memory = createConversationMemory();
    const a = agent({ name: 'a', description: 'd', model, memory, longTermMemory: { memory: longTerm } });
    await a.run('I live in Lisbon.').result;
    await a.run('Where do I live?').result;
    expect(JSON.stringify(prompts[1])).not.toContain('long_term_memory'); // the Lisbon turn is in the context
    const turns = await longTerm.records.listRecords(longTerm.scope, { filter: { kinds: ['turn'] } });
    expect(turns.records.map((r) => r.text)).toEqual([
      'user: I live in Lisbon.',
      'assistant: Noted.',
      'user: Where do I live?',
      'assistant: Lisbon.',
    ]);
  });

  it('agent-controlled long-term memory: record_to_memory and retrieve_from_memory tools', async () => {
    const longTerm = createLongTermMemory({ scope: { tenant: 't' } });
    const { model, prompts } = scriptedLanguageModel([
      {
        toolCalls: [
          { toolName: 'record_to_memory', input: { thinking: 'pref', content: ['User likes jazz.'] } },
        ],
      },
      { toolCalls: [{ toolName: 'retrieve_from_memory', input: { keywords: ['jazz'] } }] },
      { text: 'ok' },
    ]);
    await agent({
      name: 'a',
      description: 'd',
      model,
      longTermMemory: { memory: longTerm, mode: 'agent' },
    }).run('hi').result;
    expect((await longTerm.search('jazz'))[0]?.record.text).toBe('User likes jazz.');
    expect(texts(prompts[2])).toContain('User likes jazz.');
    expect(texts(prompts[0])).not.toContain('long_term_memory'); // no static recall in agent mode
  });

  it('working memory and core blocks are in every step, read afresh after the agent edits them', async () => {
    const scope = { tenant: 't', user: 'ada' };
    const workingMemory = createWorkingMemory({ scope, template: '# User\n- Name: ?' });
    const coreMemory = createCoreMemory({ scope, blocks: [{ label: 'human', value: 'Unknown user' }] });
    const { model, prompts } = scriptedLanguageModel([
      { toolCalls: [{ toolName: 'update_working_memory', input: { memory: '# User\n- Name: Ada' } }] },
      { toolCalls: [{ toolName: 'memory_rethink', input: { label: 'human', value: 'Ada, from Lisbon' } }] },
      { text: 'ok' },
    ]);
    const { stream } = agent({
      name: 'a',
      description: 'd',
      model,
      instructions: 'Be kind.',
      workingMemory,
      coreMemory,
    }).run('I am Ada');
    const ends = (await collect(stream)).filter((e) => e.type === 'agent-step-end');
    // Each step reports what it sent, by source.
    expect(ends[0]?.context.instructions).toBeGreaterThan(0);
    expect(ends[0]?.context.pinned).toBeGreaterThan(ends[0]?.context.instructions ?? 0);
    expect(ends[0]?.context.recall).toBe(0);
    expect(ends[2]!.context.messages).toBeGreaterThan(ends[0]!.context.messages);
    const system = (i: number) => JSON.stringify(prompts[i]![0]);
    expect(system(0)).toContain('Be kind.');
    expect(system(0)).toContain('- Name: ?');
    expect(system(1)).toContain('- Name: Ada');
    expect(system(2)).toContain('Ada, from Lisbon');
    const { model: m2, prompts: p2 } = scriptedLanguageModel([{ text: 'ok' }]);
    await agent({ name: 'b', description: 'd', model: m2, coreMemory, memoryPlacement: 'user' }).run('hi')
      .result;
    expect(p2[0]![0]?.role).toBe('user');
    expect(JSON.stringify(p2[0]![0])).toContain('<memory_blocks>');
  });

  it("memoryRetention 'single_run' clears the memory when the run ends; 'persistent' keeps it", async () => {
    const { model } = scriptedLanguageModel([{ text: 'a' }, { text: 'b' }]);
    const once = createConversationMemory();
    const r = await agent({ name: 'a', description: 'd', model, memoryRetention: 'single_run' }).run(
      'x',
      undefined,
      {
        memory: once,
      },
    ).result;
    expect(r.messages.map((m) => m.role)).toEqual(['user', 'assistant']); // the record is taken before clearing
    expect(await once.read()).toEqual([]);
    const kept = createConversationMemory();
    await agent({ name: 'b', description: 'd', model, memoryRetention: 'persistent' }).run('y', undefined, {
      memory: kept,
    }).result;
    expect((await kept.read()).length).toBe(2);
  });

  it("memoryRetention 'single_run' clears a view's conversation, and refuses a Memory of your own with a typed error", async () => {
    const { model } = scriptedLanguageModel([{ text: 'a' }, { text: 'b' }]);
    const conversation = createConversationMemory();
    const view = createTokenWindowMemory({ conversation, maxTokens: 1_000 });
    const single = agent({ name: 'a', description: 'd', model, memoryRetention: 'single_run' });
    await single.run('x', undefined, { memory: view }).result;
    expect(await conversation.read()).toEqual([]);
    await expect(single.run('y', undefined, { memory: new ArrayMemory() }).result).rejects.toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/single_run/) }),
    );
  });

  it('rejects a bad config with typed errors', () => {
    const { model } = scriptedLanguageModel([]);
    expect(() => agent({ name: 'has space', description: 'd', model })).toThrow(/name/);
    expect(() => agent({ name: 'a', description: 'd', model, memoryRetention: 'forever' as never })).toThrow(
      /memoryRetention/,
    );
  });
});
