/**
 * Seed 003 (MARSYS memory, Python) translated call by call to engram: Message → MemoryMessage, add_message →
 * append, get_messages → read, get_recent → recent, message_index → get(id), to_llm_format → toOpenAIChatMessages
 * (and formatForModel for agent_call / agent_response), MemoryManager retention policies → createSessions with
 * `retention` and `endOf`, manage_token_limit → TokenWindowMemory, summarize_memory → SummarizingMemory, EpisodicMemory →
 * openEpisodicMemory, HierarchicalMemory → createHierarchicalMemory, RAGMemory → createRagMemory,
 * CoordinatedMemorySystem → a shared long-term memory beside per-agent logs. Shared memory pools are issue 10. Mapping:
 * docs/seeds.md.
 */
import { describe, expect, it } from 'vitest';
import { scriptedLanguageModel } from '../../test-support/scripted-language-model.ts';
import { agent } from '../ai-sdk.ts';
import {
  formatForModel,
  fromOpenAIChatMessages,
  type OpenAIChatMessage,
  toOpenAIChatMessages,
} from '../converters.ts';
import {
  createConversationMemory,
  createLongTermMemory,
  createMemoryStore,
  createSessions,
  createSlidingWindowMemory,
  type MemoryMessage,
  SummarizingMemory,
  TokenWindowMemory,
  toMemoryMessage,
} from '../index.ts';
import {
  createHierarchicalMemory,
  createRagMemory,
  createSharedMemoryPool,
  openEpisodicMemory,
} from '../patterns.ts';

/** The seed's "Message Addition" example, in the OpenAI format its to_llm_format produces. */
const flow: OpenAIChatMessage[] = [
  { role: 'user', content: 'Analyze the quarterly sales data' },
  { role: 'assistant', content: "I'll analyze the quarterly sales data for you." },
  {
    role: 'assistant',
    content: '',
    tool_calls: [
      {
        id: 'call_123',
        type: 'function',
        function: { name: 'analyze_sales', arguments: '{"quarter": "Q4"}' },
      },
    ],
  },
  { role: 'tool', content: '{"total_sales": 1500000, "growth": "15%"}', tool_call_id: 'call_123' },
];

describe('seed 003: Message and ConversationMemory', () => {
  it('add_message (immutable once added), get_messages, get_recent, clear', async () => {
    const memory = createConversationMemory();
    const stored = await memory.append(fromOpenAIChatMessages(flow));
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant', 'tool']);
    for (const m of stored) {
      expect(m.id).toMatch(/^msg_/); // message_id
      expect(m.createdAt).toBeInstanceOf(Date); // timestamp
      expect(Object.isFrozen(m)).toBe(true);
    }
    expect(await memory.read()).toEqual(stored);
    expect(await memory.recent(2)).toEqual(stored.slice(-2));
    expect(await memory.recent(0)).toEqual([]); // get_recent(n) with n <= 0
    await memory.clear();
    expect(await memory.read()).toEqual([]);
  });

  it('message_index: a message by its id', async () => {
    const memory = createConversationMemory();
    await memory.append(toMemoryMessage({ role: 'user', content: 'Hello' }, { id: 'msg_hello' }));
    expect((await memory.get('msg_hello'))?.content).toBe('Hello');
    expect(await memory.get('missing')).toBeUndefined();
  });

  it('to_llm_format: the stored messages back in the LLM (OpenAI) format, tool call and result associated', async () => {
    const memory = createConversationMemory();
    await memory.append(fromOpenAIChatMessages(flow));
    const llm = toOpenAIChatMessages(await memory.read());
    expect(llm[0]).toEqual(flow[0]);
    const call = llm[2] as Extract<OpenAIChatMessage, { role: 'assistant' }>;
    expect(call.tool_calls).toHaveLength(1);
    expect(call.tool_calls![0]).toMatchObject({
      id: 'call_123',
      type: 'function',
      function: { name: 'analyze_sales' },
    });
    expect(JSON.parse(call.tool_calls![0]!.function.arguments)).toEqual({ quarter: 'Q4' });
    expect(llm[3]).toEqual(flow[3]);
  });

  it('name, metadata and images: the Message fields engram keeps', async () => {
    const memory = createConversationMemory();
    const [request] = await memory.append(
      toMemoryMessage(
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is on this chart?' },
            { type: 'image', image: new URL('https://example.com/chart.png') },
          ],
        },
        { name: 'analyst', metadata: { priority: 'high' } },
      ),
    );
    expect(request).toMatchObject({ name: 'analyst', metadata: { priority: 'high' } });
    // Best practice 1: preserve message ids — reference them in metadata and find the reply later.
    await memory.append(
      toMemoryMessage({ role: 'assistant', content: 'Response' }, { metadata: { in_reply_to: request!.id } }),
    );
    expect((await memory.find({ metadata: { in_reply_to: request!.id } })).map((m) => m.content)).toEqual([
      'Response',
    ]);
  });

  it('a tool result without its association is refused (best practice 3)', async () => {
    const memory = createConversationMemory();
    const bad = { role: 'tool', content: '{"total_sales": 1}' } as unknown as MemoryMessage;
    await expect(memory.store(bad)).rejects.toMatchObject({ code: 'INVALID_MESSAGE' });
    expect(await memory.read()).toEqual([]);
  });
});

describe('seed 003: agent_call / agent_response and the output processor', () => {
  it('agent_call → user with a [Request from X] prefix, agent_response → the caller sees it as input', async () => {
    const memory = createConversationMemory();
    await memory.append([
      toMemoryMessage(
        { role: 'user', content: 'Analyze Q4' },
        { agent: { from: 'planner', to: 'analyst', kind: 'call' } },
      ),
      toMemoryMessage(
        { role: 'assistant', content: 'Q4 grew 15%.' },
        { agent: { from: 'analyst', to: 'planner', kind: 'response' } },
      ),
    ]);
    const forAnalyst = formatForModel(await memory.read(), { self: 'analyst' });
    expect(forAnalyst.map((m) => [m.role, m.content])).toEqual([
      ['user', '[Request from planner]: Analyze Q4'],
      ['assistant', 'Q4 grew 15%.'],
    ]);
    const forPlanner = formatForModel(await memory.read(), { self: 'planner' });
    expect(forPlanner[1]).toMatchObject({ role: 'user', content: '[Response from analyst]: Q4 grew 15%.' });
    expect((await memory.find({ agent: 'analyst' })).length).toBe(1);
  });
});

describe('seed 003: MemoryManager and retention policies', () => {
  it('single_run is cleared after the run, session lasts the workflow, persistent is kept', async () => {
    const sessions = createSessions({ store: createMemoryStore() });
    // quick_agent = Agent(memory_retention="single_run") and friends
    const quick = await sessions.create({ id: 'quick', retention: 'single_run' });
    const workflow = await sessions.create({ id: 'workflow', retention: 'session' });
    const assistant = await sessions.create({ id: 'assistant', retention: 'persistent' });
    for (const m of [quick, workflow, assistant]) await m.store({ role: 'user', content: 'hi' });

    expect(await sessions.endOf('run')).toEqual(['quick']); // apply_retention_policy after a run
    expect(await quick.read()).toEqual([]);
    expect(await workflow.read()).toHaveLength(1);

    expect((await sessions.endOf('workflow')).sort()).toEqual(['quick', 'workflow']);
    expect((await sessions.list()).map((s) => s.id)).toEqual(['assistant']);
    expect(await (await sessions.open('assistant')).read()).toHaveLength(1);
  });

  it('get_memory(agent_name): one memory per agent, isolated by scope', async () => {
    const store = createMemoryStore();
    const memoryOf = (agent: string) =>
      createConversationMemory({ store, scope: { tenant: 'app', agent }, sessionId: agent });
    await memoryOf('researcher').store({ role: 'user', content: 'find sources' });
    await memoryOf('writer').store({ role: 'user', content: 'draft the report' });
    expect((await memoryOf('researcher').read()).map((m) => m.content)).toEqual(['find sources']);
    expect((await memoryOf('writer').read()).map((m) => m.content)).toEqual(['draft the report']);
  });

  it('max_messages, auto_summarize and summarize_threshold / summarize_memory(chunk_size)', async () => {
    const history = Array.from({ length: 120 }, (_, i) => ({ role: 'user' as const, content: `note ${i}` }));
    let summaries = 0;
    const memory = new SummarizingMemory(history, {
      maxMessages: 100, // summarize_threshold
      keepRecent: 20, // chunk_size: recent messages kept intact
      summarizer: async (messages) => `${messages.length} notes (${++summaries})`,
    });
    const context = await memory.read();
    expect(context[0]).toEqual({ role: 'user', content: '[Summary of earlier conversation: 100 notes (1)]' });
    expect(context.slice(1)).toEqual(history.slice(-20));
    // summarize_memory clears the memory and re-adds the recent messages; engram keeps the log whole.
    expect(await memory.conversation.read()).toHaveLength(120);
  });

  it('manage_token_limit(max_tokens, preserve_system=True): system messages plus the newest that fit', async () => {
    const messages = [
      { role: 'system' as const, content: 'You are an analyst.' },
      ...Array.from({ length: 200 }, (_, i) => ({
        role: 'user' as const,
        content: `observation number ${i}`,
      })),
    ];
    const memory = new TokenWindowMemory(messages, 400);
    const context = await memory.read();
    expect(context[0]).toEqual(messages[0]);
    expect(context.slice(1)).toEqual(messages.slice(-(context.length - 1)));
    expect(memory.view.lastStats()!.tokens).toBeLessThanOrEqual(400);
  });
});

describe('seed 003: memory patterns', () => {
  it('EpisodicMemory, as far as sessions go: an episode per session, recall_episode by search across them', async () => {
    const store = createMemoryStore();
    const sessions = createSessions({ store });
    const first = await sessions.create({ id: 'episode-1', metadata: { topic: 'sales' } }); // start_new_episode(metadata)
    await first.store({ role: 'user', content: 'The Q4 revenue was 1.5M' });
    const second = await sessions.create({ id: 'episode-2', metadata: { topic: 'hiring' } });
    await second.store({ role: 'user', content: 'We hired two engineers' });
    const hits = await store.searchMessages({ tenant: 'default' }, { text: 'revenue' });
    expect(hits.map((h) => h.sessionId)).toEqual(['episode-1']);
  });

  it('EpisodicMemory: start_new_episode(metadata), recall_episode(query), summarize_episodes()', async () => {
    const episodic = await openEpisodicMemory({ series: 'analyst' });
    await episodic.store({ role: 'user', content: 'The Q4 revenue was 1.5M' });
    await episodic.startNewEpisode({ topic: 'sales' });
    await episodic.store({ role: 'user', content: 'We hired two engineers' });
    await episodic.startNewEpisode({ topic: 'hiring' });
    const found = await episodic.recallEpisode('revenue');
    expect(found?.info.metadata).toEqual({ topic: 'sales' });
    expect((await found!.memory.read())[0]?.content).toBe('The Q4 revenue was 1.5M');
    expect(await episodic.summarizeEpisodes()).toEqual([
      'Episode 1: 1 messages\nStarted: The Q4 revenue was 1.5M\nEnded: The Q4 revenue was 1.5M',
      'Episode 2: 1 messages\nStarted: We hired two engineers\nEnded: We hired two engineers',
    ]);
  });

  it('SharedMemoryPool: share_insight, get_shared_context, broadcast_message', async () => {
    const pool = createSharedMemoryPool({ pool: 'team' });
    await pool.shareInsight('analyst', 'Q4 revenue grew 12%');
    await pool.broadcast({ role: 'user', content: 'Standup moved to 10:00' }, 'lead');
    expect((await pool.sharedContext()).map((m) => m.content)).toEqual(['Q4 revenue grew 12%']);
    const context = await pool.agentContext('writer');
    expect(context.map((m) => m.content)).toEqual(['Q4 revenue grew 12%', 'Standup moved to 10:00']);
    // Shared insights reach another agent's model attributed, never as its own words or instructions.
    expect(formatForModel(context, { self: 'writer' })[0]?.content).toBe(
      '[Message from analyst]: Q4 revenue grew 12%',
    );
  });

  it('HierarchicalMemory: add_message_with_importance, core / working / episodic, get_context_for_llm', async () => {
    const memory = createConversationMemory();
    const levels = createHierarchicalMemory({ memory, importanceThreshold: 0.7 });
    await levels.addMessageWithImportance({ role: 'user', content: 'Budget cap is 10k' }, 0.9);
    for (let i = 0; i < 50; i++)
      await levels.addMessageWithImportance({ role: 'user', content: `note ${i}` }, 0.2);
    const { core, working, episodic } = await levels.levels();
    expect(core.map((m) => m.content)).toEqual(['Budget cap is 10k']);
    expect([episodic.length, working.length]).toEqual([25, 26]);
    const context = await levels.getContextForLlm();
    expect(context[0]?.content).toBe('Budget cap is 10k');
    expect(context.slice(1)).toEqual(working);
  });

  it('CoordinatedMemorySystem: register_fact(agent, fact), get_agent_context(agent)', async () => {
    const store = createMemoryStore();
    const shared = createLongTermMemory({ store, scope: { tenant: 'team' } });
    const agentMemory = (agent: string) =>
      createConversationMemory({ store, scope: { tenant: 'team', agent }, sessionId: 'run-1' });
    // register_fact: a shared record, attributed to the agent that found it
    await shared.add({
      kind: 'fact',
      text: 'The API rate limit is 100/min',
      metadata: { discovered_by: 'researcher' },
    });
    await agentMemory('writer').append({ role: 'user', content: 'Draft the integration guide' });
    // get_agent_context: shared facts as quoted data, then the agent's own memory
    const facts = await shared.retrieve('API rate limit');
    const context = [{ role: 'user', content: facts }, ...(await agentMemory('writer').read())];
    expect(context[0]?.content).toContain('The API rate limit is 100/min');
    expect(context[1]?.content).toBe('Draft the integration guide');
    const [hit] = await shared.search('rate limit');
    expect(hit?.record.metadata.discovered_by).toBe('researcher');
  });

  it('RAGMemory: add_with_embedding(message), retrieve_relevant(query, k)', async () => {
    const topics = ['revenue', 'hiring', 'weather'];
    const rag = createRagMemory({
      memory: createConversationMemory(),
      embedding: {
        id: 'topic-model',
        maxChars: 1000,
        batchSize: 8,
        embed: async (texts) =>
          texts.map((t) =>
            topics.map((w) =>
              t.toLowerCase().includes(w) || (w === 'revenue' && /sales|1\.5M/.test(t)) ? 1 : 0.01,
            ),
          ),
      },
    });
    await rag.addWithEmbedding({ role: 'user', content: 'Q4 sales reached 1.5M' });
    await rag.addWithEmbedding({ role: 'user', content: 'We are hiring two engineers' });
    const [best] = await rag.retrieveRelevant('revenue', 1);
    expect(best?.content).toBe('Q4 sales reached 1.5M');
  });
  it('ManagedMemoryAgent: memory compressed before each model call (a view as the agent memory)', async () => {
    const { model, prompts } = scriptedLanguageModel([{ text: 'ok' }]);
    const memory = createConversationMemory();
    for (let i = 0; i < 150; i++) await memory.store({ role: 'user', content: `old message ${i}` });
    // max_memory_size=100 → the agent reads through a sliding window of 100 messages
    const managed = agent({
      name: 'managed',
      description: 'An agent with managed memory',
      model,
      memory: createSlidingWindowMemory({ conversation: memory, windowSize: 100 }),
    });
    await managed.run('next question').result;
    expect(prompts[0]!.filter((m) => m.role !== 'system')).toHaveLength(100);
    expect(await memory.read()).toHaveLength(152); // the log keeps everything
  });
});
