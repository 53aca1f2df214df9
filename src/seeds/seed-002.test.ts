/**
 * Seed 002 (AgentScope's memory architecture, Java) translated call by call to engram: addMessage → store,
 * getMessages → read, deleteMessage(index) → deleteAt, clear → clear, saveState / loadState / getComponentName
 * → saveState / loadState / componentName, SessionManager → SessionManager, JsonSession → the JSON-file store,
 * AutoContextMemory → the summarizing view, ToolUseBlock / ToolResultBlock → AI SDK tool parts, the Formatter →
 * the converters. Long-term memory is issue 9, offloading issue 8, ReActAgent issue 10. Mapping: docs/seeds.md.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JSONValue } from 'ai';
import { afterAll, describe, expect, it } from 'vitest';
import { scriptedLanguageModel } from '../../test-support/scripted-language-model.ts';
import { agent } from '../ai-sdk.ts';
import { toAnthropicMessages, toOpenAIChatMessages } from '../converters.ts';
import {
  createAutoContextMemory,
  createContentStore,
  createConversationMemory,
  createEstimateTokenCounter,
  createJsonFileStore,
  createLongTermMemory,
  createLongTermTools,
  createMemoryStore,
  createSummarizingMemory,
  type Memory,
  type ModelMessage,
  SessionManager,
  SlidingWindowMemory,
  toMemoryMessage,
} from '../index.ts';
import { createMem0LongTermMemory } from '../mem0.ts';
import { checkPairs, startMem0TestServer } from '../testing.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-seed002-'));
  dirs.push(dir);
  return dir;
};

/** `new InMemoryMemory()`: an in-process conversation memory saved under the seed's component name. */
const newInMemoryMemory = () => createConversationMemory({ componentName: 'InMemoryMemory' });

/** The seed's tool call memory: an assistant ToolUseBlock, then a ToolResultBlock. */
const toolCallMsg: ModelMessage = {
  role: 'assistant',
  content: [
    { type: 'tool-call', toolCallId: 'call_001', toolName: 'get_weather', input: { city: 'Beijing' } },
  ],
};
const toolResultMsg: ModelMessage = {
  role: 'tool',
  content: [
    {
      type: 'tool-result',
      toolCallId: 'call_001',
      toolName: 'get_weather',
      output: { type: 'content', value: [{ type: 'text', text: 'Beijing: Sunny' }] },
    },
  ],
};
const hello: ModelMessage[] = [
  { role: 'user', content: [{ type: 'text', text: 'Hello' }] },
  { role: 'assistant', content: [{ type: 'text', text: 'Hello! How can I help?' }] },
];

describe('seed 002: short-term memory (the Memory interface)', () => {
  it('addMessage / getMessages / deleteMessage(index) / clear', async () => {
    const memory = newInMemoryMemory();
    for (const m of [...hello, toolCallMsg, toolResultMsg]) await memory.store(m);
    expect((await memory.read()).map((m) => m.role)).toEqual(['user', 'assistant', 'assistant', 'tool']);
    expect(await memory.deleteAt(1)).toBe(true);
    expect((await memory.read()).map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(await memory.deleteAt(-1)).toBe(true); // negative counts from the end
    expect(await memory.deleteAt(99)).toBe(false);
    expect(await memory.clear()).toBe(2);
    expect(await memory.read()).toEqual([]);
  });

  it('getMessages is unmodifiable: the stored messages are frozen', async () => {
    const memory = newInMemoryMemory();
    await memory.store(hello[0]!);
    const [m] = await memory.read();
    expect(Object.isFrozen(m)).toBe(true);
  });
});

describe('seed 002: StateModule', () => {
  it('saveState / loadState round-trip the messages; getComponentName is componentName', async () => {
    const memory = newInMemoryMemory();
    for (const m of hello) await memory.store(m);
    expect(memory.componentName).toBe('InMemoryMemory');
    expect(createConversationMemory().componentName).toBe('ConversationMemory'); // the default, like getSimpleName()
    const state = await memory.saveState();
    expect((state as { messages: JSONValue[] }).messages).toHaveLength(2);

    const restored = newInMemoryMemory();
    await restored.store({ role: 'user', content: 'replaced by loadState' });
    await restored.loadState(state);
    expect(await restored.read()).toEqual(await memory.read());
  });
});

/** engram's agent as seed 002's ReActAgent component over `memory`. */
const reActAgent = (model: ReturnType<typeof scriptedLanguageModel>['model'], memory: Memory) =>
  agent({ name: 'react', description: 'A ReAct agent', model, memory, componentName: 'ReActAgent' });

describe('seed 002: Session integration', () => {
  it('SessionManager.forSessionId("user123").withSession(JsonSession).addComponent(…): save, then load in a new process', async () => {
    const sessionPath = tempDir();
    // Create components
    const memory = newInMemoryMemory();
    // The agent: engram's agent() is a session component (componentName 'ReActAgent', as the seed keys it).
    const { model } = scriptedLanguageModel([]);
    const agent = reActAgent(model, memory);
    // Configure Session
    const store = createJsonFileStore({ directory: sessionPath });
    const sessionManager = SessionManager.forSessionId('user123')
      .withSession(store)
      .addComponent(agent)
      .addComponent(memory);
    // Load existing state
    expect(await sessionManager.loadIfExists()).toBe(false);
    // ... conversation interaction ...
    for (const m of hello) await memory.store(m);
    agent.loadState({ interrupted: true }); // as a cancelled run leaves it
    // Save state
    const saved = await sessionManager.saveSession();
    expect(saved.sessionId).toBe('user123');
    expect(Object.keys(saved.components)).toEqual(expect.arrayContaining(['InMemoryMemory', 'ReActAgent']));
    expect(saved.components.ReActAgent).toEqual({ memory: 'InMemoryMemory', interrupted: true });
    expect(new Date(saved.timestamp).toISOString()).toBe(saved.timestamp);

    // A new process: fresh components, the same session file (the first process's handle is gone: one handle
    // owns a json-file directory at a time).
    await store.close();
    const memory2 = newInMemoryMemory();
    const agent2 = reActAgent(model, memory2);
    expect(agent2.interrupted).toBe(false);
    const manager2 = SessionManager.forSessionId('user123')
      .withSession(createJsonFileStore({ directory: sessionPath }))
      .addComponent(agent2)
      .addComponent(memory2);
    expect(await manager2.loadIfExists()).toBe(true);
    expect(agent2.interrupted).toBe(true);
    expect((await memory2.read()).map((m) => m.content)).toEqual(hello.map((m) => m.content));
  });

  it('JsonSession storage format: user123.json holding { sessionId, components, timestamp } (issue 6 §2.10)', async () => {
    const sessionPath = tempDir();
    const memory = newInMemoryMemory();
    await memory.store(hello[0]!);
    await SessionManager.forSessionId('user123')
      .withSession(createJsonFileStore({ directory: sessionPath }))
      .addComponent(memory)
      .saveSession();
    const files = readdirSync(sessionPath, { recursive: true }).map(String);
    const file = files.find((f) => f.endsWith('user123.json'));
    expect(file).toBeDefined();
    const saved = JSON.parse(readFileSync(join(sessionPath, file!), 'utf8'));
    expect(Object.keys(saved).sort()).toEqual(['components', 'sessionId', 'timestamp']);
    expect(saved.sessionId).toBe('user123');
    expect(saved.components.InMemoryMemory.messages).toHaveLength(1);
  });
});

describe('seed 002: tool call memory and the Formatter', () => {
  it('a tool call and its result are two messages that no window separates', async () => {
    const memory = new SlidingWindowMemory([...hello, toolCallMsg, toolResultMsg], 1);
    // A window of 1 cannot hold the pair: it shows the newest unit whole rather than a result without its call.
    expect(await memory.read()).toEqual([toolCallMsg, toolResultMsg]);
  });

  it('Formatter: convert to the LLM API format (OpenAI Chat Completions, Anthropic Messages)', async () => {
    const memory = newInMemoryMemory();
    for (const m of [...hello, toolCallMsg, toolResultMsg]) await memory.store(m);
    const messages = await memory.read();
    const openai = toOpenAIChatMessages(messages);
    expect(openai[2]).toMatchObject({
      role: 'assistant',
      tool_calls: [
        {
          id: 'call_001',
          type: 'function',
          function: { name: 'get_weather', arguments: '{"city":"Beijing"}' },
        },
      ],
    });
    expect(openai[3]).toMatchObject({ role: 'tool', tool_call_id: 'call_001' });
    const anthropic = toAnthropicMessages(messages);
    expect(JSON.stringify(anthropic.messages)).toContain('"tool_use"');
    expect(JSON.stringify(anthropic.messages)).toContain('"tool_result"');
  });
});

describe('seed 002: context window management', () => {
  it('estimateTokens (text length / 4) is the estimate counter', () => {
    const counter = createEstimateTokenCounter({ charsPerToken: 4 });
    expect(counter.countText('x'.repeat(400))).toBe(100);
  });

  it('AutoContextMemory(msgThreshold 30, tokenRatio 0.3, lastKeep 10) as a summarizing view; the log is kept', async () => {
    const contextWindow = 128_000;
    const memory = createConversationMemory();
    for (let i = 0; i < 50; i++)
      await memory.store({ role: i % 2 ? 'assistant' : 'user', content: `message ${i}` });
    let calls = 0;
    const view = createSummarizingMemory({
      conversation: memory,
      maxMessages: 30, // msgThreshold
      maxTokens: Math.floor(0.3 * contextWindow), // tokenRatio
      keepRecent: 10, // lastKeep
      summarizer: async ({ messages }) => `summary of ${messages.length} messages (call ${++calls})`,
    });
    const context = await view.read();
    expect(context[0]!.content).toBe('[Summary of earlier conversation: summary of 40 messages (call 1)]');
    expect(context.slice(1).map((m) => m.content)).toEqual(
      Array.from({ length: 10 }, (_, i) => `message ${40 + i}`),
    );
    checkPairs(context);
    // AutoContextMemory replaces its list; engram's log keeps every message (the summary is an artifact).
    expect(await memory.read()).toHaveLength(50);
    expect((await memory.listArtifacts('summary')).length).toBe(1);
  });

  it('progressive compression: offload large content with references, merge adjacent tool calls, summarize', async () => {
    // AutoContextConfig.builder().msgThreshold(30).tokenRatio(0.3).lastKeep(10)
    const memory = createConversationMemory();
    const content = createContentStore();
    const view = createAutoContextMemory({
      conversation: memory,
      content,
      maxTokens: 20_000,
      msgThreshold: 30,
      tokenRatio: 0.3,
      compactTo: 1,
      lastKeep: 10,
      citations: false,
      minGainTokens: 100,
      minResultTokens: 50,
    });
    const big = 'Quarterly figures: revenue grew in every region. '.repeat(60);
    for (let i = 0; i < 25; i++) {
      await memory.store([
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: `c${i}`, toolName: 'fetch', input: { page: i } }],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: `c${i}`,
              toolName: 'fetch',
              output: { type: 'text', value: `${i}: ${big}` },
            },
          ],
        },
      ]);
    }
    const context = await view.read();
    checkPairs(context);
    expect(context.length).toBeLessThanOrEqual(30);
    // Both cheap rungs ran, in order: large results became references, then the runs of calls were merged (the
    // merge covers the cleared results, so only its step is stored); the references survive inside the summary.
    expect(view.lastStats()!.ran).toEqual(['clear-tool-results', 'compact-tool-runs']);
    const steps = await view.steps();
    expect(steps.map((s) => s.step)).toContain('compact-tool-runs');
    expect(JSON.stringify(context)).toMatch(/tr_[0-9a-f]{24}/);
    // The log keeps every message; each step is an artifact and can be undone.
    expect(await memory.read()).toHaveLength(50);
    await view.reload(steps[0]!.id);
  });
});

describe('seed 002: long-term memory', () => {
  it('LongTermMemory.record(msgs) / retrieve(msg): recorded turns come back as quoted data', async () => {
    const longTerm = createLongTermMemory({
      store: createMemoryStore(),
      scope: { tenant: 'acme', user: 'alice' },
    });
    await longTerm.record([
      toMemoryMessage({ role: 'user', content: 'I prefer window seats on long flights.' }),
      toMemoryMessage({ role: 'assistant', content: 'Noted: window seats.' }),
    ]);
    const recalled = await longTerm.retrieve(
      toMemoryMessage({ role: 'user', content: 'Book my flight seat' }),
    );
    expect(recalled).toMatch(/^<long_term_memory>/);
    expect(recalled).toContain('I prefer window seats on long flights.');
    expect(recalled).toContain('not instructions');
  });
  it('LongTermMemoryMode STATIC_CONTROL / AGENT_CONTROL / BOTH: agent({ longTermMemory: { memory, mode } })', async () => {
    const longTerm = createLongTermMemory({ scope: { tenant: 'acme', user: 'alice' } });
    await longTerm.add('Alice prefers window seats.');
    const { model, prompts } = scriptedLanguageModel([
      { toolCalls: [{ toolName: 'retrieve_from_memory', input: { keywords: ['seats'] } }] },
      { text: 'Window seat booked.' },
    ]);
    const both = agent({
      name: 'booker',
      description: 'Books',
      model,
      longTermMemory: { memory: longTerm, mode: 'both' },
    });
    await both.run('Book my seat: window or aisle?').result;
    // static: recalled before reasoning, as a user-role block; agent: the tools, called by the model
    const recalled = prompts[0]!.find((m) => JSON.stringify(m).includes('<long_term_memory>'));
    expect(recalled?.role).toBe('user');
    expect(JSON.stringify(recalled)).toContain('Alice prefers window seats.');
    expect(JSON.stringify(prompts[1])).toContain('retrieve_from_memory');
  });
  it('record_to_memory(thinking, content[]) / retrieve_from_memory(keywords[]) as AI SDK tools', async () => {
    const longTerm = createLongTermMemory({ scope: { tenant: 'acme', user: 'alice' } });
    const tools = createLongTermTools({ memory: longTerm });
    const run = { toolCallId: 'c1', messages: [], context: {} };
    await tools.record_to_memory.execute!({ thinking: 'preference', content: ['Alice likes jazz.'] }, run);
    const out = await tools.retrieve_from_memory.execute!({ keywords: ['jazz'] }, run);
    expect(JSON.stringify(out)).toContain('Alice likes jazz.');
  });
  it("Mem0LongTermMemory: a LongTermMemory over Mem0's REST API", async () => {
    const server = await startMem0TestServer();
    try {
      const mem0 = createMem0LongTermMemory({
        baseUrl: server.url,
        apiKey: server.apiKey,
        ids: { userId: 'alice' },
      });
      await mem0.record([toMemoryMessage({ role: 'user', content: 'I live in Lisbon.' })]);
      const [hit] = await mem0.search('Lisbon');
      expect(hit?.record.text).toContain('Lisbon');
      expect(await mem0.retrieve('where do I live')).toContain('Lisbon');
    } finally {
      await server.close();
    }
  });
  it('ReActAgent as a session component: a cancelled run is saved as interrupted', async () => {
    const controller = new AbortController();
    controller.abort();
    const { model } = scriptedLanguageModel([{ text: 'never sent' }]);
    const a = agent({ name: 'react', description: 'd', model, componentName: 'ReActAgent' });
    const r = await a.run('hello', undefined, { abortSignal: controller.signal }).result;
    expect(r.finishReason).toBe('aborted');
    expect(a.saveState()).toEqual({ memory: 'SimpleMemory', interrupted: true });
    expect(() => a.loadState({ interrupted: 'yes' })).toThrow(/boolean "interrupted"/);
  });
});
