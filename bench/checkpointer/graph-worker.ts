/**
 * One LangGraph graph measurement in a fresh process: `node bench/checkpointer/graph-worker.ts '<task json>'`.
 * Writes its result as JSON to `task.out`. Started by the checkpointer suite, never by hand.
 *
 * A real `StateGraph` (`@langchain/langgraph`, engram's dev dependency) with one `messages` field — `MessagesValue`
 * (the plain reducer channel: every checkpoint holds the whole list) or `MessagesDeltaValue` (LangGraph's
 * `DeltaChannel`: per-step writes plus a snapshot every 100 updates, rebuilt on read by replaying ancestors) — and
 * one node, compiled with a checkpointer; the conversation is appended one message per `invoke`, as an app persists
 * a thread. `invoke` is timed (LangGraph's own work included, the same for every checkpointer), then `getState` of
 * the thread, whose messages must be the conversation, id by id.
 */

import { writeFileSync } from 'node:fs';
import type { BaseMessage } from '@langchain/core/messages';
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import { END, MessagesDeltaValue, MessagesValue, START, StateGraph, StateSchema } from '@langchain/langgraph';
import { toLangChain } from '../peer-messages.ts';
import { readFixture } from '../storage/fixture.ts';
import { fileBytes, readSettings } from '../storage/raw-sqlite.ts';
import { openSqliteSaver } from './sqlite-saver.ts';
import type { GraphResult, GraphTask } from './tasks.ts';

interface Saver {
  saver: BaseCheckpointSaver;
  settings(): string;
  close(): Promise<void>;
}

async function openSaver(task: GraphTask): Promise<Saver> {
  if (task.saver === 'sqlite-saver') {
    const opened = await openSqliteSaver<BaseCheckpointSaver>(task.db);
    return { saver: opened.saver, settings: opened.settings, close: async () => opened.close() };
  }
  const { createEngramCheckpointSaver } = await import('../../src/langgraph.ts');
  const { createSqliteStore } = await import('../../src/sqlite.ts');
  const store = createSqliteStore({ path: task.db, durability: 'process' });
  const saver = createEngramCheckpointSaver({ store, scope: { tenant: 'bench' } });
  return {
    saver: saver as unknown as BaseCheckpointSaver,
    settings: () => readSettings(store.database),
    close: () => store.close(),
  };
}

async function main(task: GraphTask): Promise<GraphResult> {
  const { messages } = readFixture(task.fixture, 0, task.count);
  const lc = messages.map((m, i) => toLangChain(m, `m${i}`));
  const opened = await openSaver(task);
  const State = new StateSchema({ messages: task.channel === 'delta' ? MessagesDeltaValue : MessagesValue });
  const graph = new StateGraph(State)
    .addNode('agent', () => ({}))
    .addEdge(START, 'agent')
    .addEdge('agent', END)
    .compile({ checkpointer: opened.saver });
  const config = { configurable: { thread_id: 'bench' } };
  await graph.getState({ configurable: { thread_id: 'warm-up' } }); // opens the database before the clock
  let ms = 0;
  let lastMs = 0;
  for (const batch of lc) {
    const t0 = performance.now();
    await graph.invoke({ messages: batch }, config);
    lastMs = performance.now() - t0;
    ms += lastMs;
  }
  const t0 = performance.now();
  const state = await graph.getState(config);
  const getStateMs = performance.now() - t0;
  const got = (state.values as { messages: BaseMessage[] }).messages.map((m) => m.id);
  const want = lc.flat().map((m) => m.id);
  if (got.length !== want.length || got.some((id, i) => id !== want[i]))
    throw new Error(
      `graph state differs from the conversation: ${got.length} messages instead of ${want.length}`,
    );
  const settings = opened.settings();
  await opened.close();
  return {
    count: task.count,
    lcMessages: want.length,
    ms,
    lastMs,
    getStateMs,
    bytes: fileBytes(task.db),
    settings,
  };
}

const task = JSON.parse(process.argv[2] ?? '') as GraphTask;
writeFileSync(task.out, JSON.stringify(await main(task)));
