import { join } from 'node:path';
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import {
  Command,
  END,
  interrupt,
  type LangGraphRunnableConfig,
  MessagesAnnotation,
  START,
  StateGraph,
} from '@langchain/langgraph';
import { describe, expect, it } from 'vitest';
import { ScriptedChatModel } from '../../test-support/langgraph/scripted-chat-model.ts';
import { createTestSchema } from '../../test-support/postgres/test-database.ts';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import { tempDir } from '../../test-support/reliability/store-drivers.ts';
import type { MemoryMessage } from '../core/message.ts';
import { createPostgresStore } from '../drivers/postgres/postgres-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import type { HasLongTermRecords } from '../longterm/long-term-store-v1.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createEngramCheckpointSaver, createEngramStore, threadSessionId } from './index.ts';

/**
 * A real LangGraph agent on engram: a scripted chat model that calls a tool, a tool node, a node that keeps
 * the user's name in the long-term store and one that asks for approval (`interrupt`). The process "restarts"
 * between turns: a new store handle, a new saver and a new store on the same database, resuming from the
 * thread's checkpoint.
 */
function buildGraph(replies: AIMessage[]) {
  const queue = [...replies];
  const model = new ScriptedChatModel(() => queue.shift() ?? '(no more replies)');
  return new StateGraph(MessagesAnnotation)
    .addNode('remember', async (state, config: LangGraphRunnableConfig) => {
      const last = state.messages.at(-1);
      const name =
        typeof last?.content === 'string' ? /my name is (\w+)/i.exec(last.content)?.[1] : undefined;
      if (name) await config.store!.put(['users', 'u1'], 'profile', { name });
      return {};
    })
    .addNode('agent', async (state, config: LangGraphRunnableConfig) => {
      const profile = await config.store!.get(['users', 'u1'], 'profile');
      const reply = await model.invoke(state.messages);
      if (profile && typeof reply.content === 'string' && reply.content.includes('{name}'))
        reply.content = reply.content.replace('{name}', String(profile.value.name));
      return { messages: [reply] };
    })
    .addNode('tools', async (state) => {
      const call = (state.messages.at(-1) as AIMessage).tool_calls![0]!;
      const approved = interrupt({ question: `run ${call.name}?` });
      const content = approved === 'yes' ? 'It is 21°C and sunny.' : 'The user declined.';
      return { messages: [new ToolMessage({ content, tool_call_id: call.id!, name: call.name })] };
    })
    .addEdge(START, 'remember')
    .addEdge('remember', 'agent')
    .addConditionalEdges('agent', (state) =>
      (state.messages.at(-1) as AIMessage).tool_calls?.length ? 'tools' : END,
    )
    .addEdge('tools', 'agent');
}

const replies = [
  new AIMessage({ id: 'r1', content: 'Nice to meet you, {name}.' }),
  new AIMessage({
    id: 'r2',
    content: '',
    tool_calls: [{ id: 'call-1', name: 'weather', args: { city: 'Lyon' }, type: 'tool_call' }],
  }),
  new AIMessage({ id: 'r3', content: 'Lyon: 21°C and sunny, {name}.' }),
  new AIMessage({ id: 'r4', content: 'You asked about the weather in Lyon, {name}.' }),
];

const drivers: {
  name: string;
  skip: boolean;
  setup(): Promise<{ open(): MemoryStoreV1 & HasLongTermRecords; done(): Promise<void> }>;
}[] = [
  {
    name: 'sqlite',
    skip: false,
    async setup() {
      const dir = await tempDir('langgraph', true);
      return {
        open: () => createSqliteStore({ path: join(dir.path, 'app.db'), durability: 'process' }),
        done: dir.remove,
      };
    },
  },
  {
    name: 'postgres',
    skip: !testPostgresUrl(),
    async setup() {
      const db = await createTestSchema('engram_langgraph');
      return {
        open: () => createPostgresStore({ connectionString: db.url, schema: db.name, maxConnections: 2 }),
        done: () => db.drop(),
      };
    },
  },
];

/** One line per engram log entry: role, then text, tool calls and tool results. */
function logLine(message: MemoryMessage): string {
  const parts =
    typeof message.content === 'string'
      ? [message.content]
      : message.content.map((p) =>
          p.type === 'text'
            ? p.text
            : p.type === 'tool-call'
              ? `[${p.toolName} ${JSON.stringify(p.input)}]`
              : p.type === 'tool-result' && p.output.type === 'text'
                ? `[${p.toolName} → ${p.output.value}]`
                : `[${p.type}]`,
        );
  return `${message.role}: ${parts.join(' ')}`;
}

const text = (messages: BaseMessage[]) => messages.map((m) => `${m.getType()}: ${m.content}`);

describe('a LangGraph StateGraph with the engram checkpointer and store', () => {
  for (const driver of drivers)
    it.skipIf(driver.skip)(
      `${driver.name}: several turns, a tool call behind an interrupt, restarts between turns, history and time travel`,
      async () => {
        const db = await driver.setup();
        const scope = { tenant: 'acme', user: 'u1' };
        const thread = { configurable: { thread_id: 'chat-1' } };
        /** A "process": a store handle, the saver and store on it, the graph compiled with them. */
        const boot = (from: number) => {
          const store = db.open();
          const graph = buildGraph(replies.slice(from)).compile({
            checkpointer: createEngramCheckpointSaver({ store, scope }),
            store: createEngramStore({ store, scope }),
          });
          return { store, graph };
        };
        try {
          let p = boot(0);
          await p.graph.invoke(
            { messages: [new HumanMessage({ id: 'h1', content: 'Hi, my name is Ada.' })] },
            thread,
          );
          await p.store.close();

          p = boot(1);
          await p.graph.invoke(
            { messages: [new HumanMessage({ id: 'h2', content: 'Weather in Lyon?' })] },
            thread,
          );
          const paused = await p.graph.getState(thread);
          expect(paused.tasks[0]?.interrupts[0]?.value).toEqual({ question: 'run weather?' });
          await p.store.close();

          p = boot(2);
          expect((await p.graph.getState(thread)).next).toEqual(['tools']);
          const resumed = await p.graph.invoke(new Command({ resume: 'yes' }), thread);
          expect(text(resumed.messages)).toEqual([
            'human: Hi, my name is Ada.',
            'ai: Nice to meet you, Ada.',
            'human: Weather in Lyon?',
            'ai: ',
            'tool: It is 21°C and sunny.',
            'ai: Lyon: 21°C and sunny, Ada.',
          ]);
          await p.store.close();

          p = boot(3);
          const last = await p.graph.invoke(
            { messages: [new HumanMessage({ id: 'h3', content: 'What did I ask?' })] },
            thread,
          );
          expect(text(last.messages).slice(-2)).toEqual([
            'human: What did I ask?',
            'ai: You asked about the weather in Lyon, Ada.',
          ]);
          // Each message is stored once in the thread's engram log, however many checkpoints hold it.
          // The log reads as the conversation (AI SDK messages: tool calls and results as parts).
          const log = await p.store.readRange(scope, threadSessionId('chat-1'));
          expect(log.map((e) => logLine(e.message))).toEqual([
            'user: Hi, my name is Ada.',
            'assistant: Nice to meet you, Ada.',
            'user: Weather in Lyon?',
            'assistant: [weather {"city":"Lyon"}]',
            'tool: [weather → It is 21°C and sunny.]',
            'assistant: Lyon: 21°C and sunny, Ada.',
            'user: What did I ask?',
            'assistant: You asked about the weather in Lyon, Ada.',
          ]);

          // History, newest first, and time travel: replaying from the checkpoint before the second question.
          const history = [];
          for await (const snapshot of p.graph.getStateHistory(thread)) history.push(snapshot);
          expect(history.length).toBeGreaterThan(8);
          const beforeSecond = history.find(
            (s) =>
              s.values.messages?.length === 2 &&
              s.next.includes('__start__') === false &&
              s.next.length === 0,
          )!;
          const forked = await p.graph.invoke(
            { messages: [new HumanMessage({ id: 'h4', content: 'my name is Grace' })] },
            beforeSecond.config,
          );
          expect(text(forked.messages).slice(0, 3)).toEqual([
            'human: Hi, my name is Ada.',
            'ai: Nice to meet you, Ada.',
            'human: my name is Grace',
          ]);
          expect((await p.graph.getState(thread)).values.messages).toHaveLength(forked.messages.length);
          await p.store.close();
        } finally {
          await db.done();
        }
      },
    );
});
