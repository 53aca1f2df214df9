/**
 * LangGraph.js on engram: a StateGraph compiled with engram's checkpointer (thread state) and store (long-term
 * memory across threads), on the embedded SQLite store. The graph runs, the "process" restarts (a new store
 * handle, saver and store on the same file), the thread resumes from its checkpoint, and a new thread finds what
 * the first one stored. Then engram itself reads the thread: its messages are an engram conversation, stored
 * once each however many checkpoints hold them. The model is scripted (`ScriptedChatModel`, a LangChain chat
 * model that answers from the messages it is sent), so it runs with no key and no network; use any LangChain
 * chat model in its place.
 *
 *   npm run example -- langgraph
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HumanMessage } from '@langchain/core/messages';
import {
  END,
  type LangGraphRunnableConfig,
  MessagesAnnotation,
  START,
  StateGraph,
} from '@langchain/langgraph';
import { createEngramCheckpointSaver, createEngramStore, threadSessionId } from 'engram/langgraph';
import { createSqliteStore } from 'engram/sqlite';
import { ScriptedChatModel } from '../test-support/langgraph/scripted-chat-model.ts';

/** A scripted model that answers from what it is sent: greets a name, recalls it, or repeats what it was told. */
const model = new ScriptedChatModel((messages) => {
  const said = messages.map((m) => String(m.content));
  const last = said.at(-1) ?? '';
  const name = said.map((t) => /my name is (\w+)/i.exec(t)?.[1]).findLast(Boolean);
  const known = said.find((t) => t.startsWith('Known about the user:'));
  if (/my name is/i.test(last)) return `Nice to meet you, ${name}.`;
  if (/what is my name/i.test(last)) return name ? `Your name is ${name}.` : 'You have not told me.';
  if (/remember about me/i.test(last))
    return known ? `From earlier chats: ${known.slice(22)}` : 'Nothing yet.';
  const city = /live in (\w+)/i.exec(last)?.[1];
  return city ? `${city} is lovely.` : 'I see.';
});
const graphBuilder = new StateGraph(MessagesAnnotation)
  // Keeps facts the user states in the long-term store, shared by every thread of this user.
  .addNode('remember', async (state, config: LangGraphRunnableConfig) => {
    const text = String(state.messages.at(-1)?.content ?? '');
    const profile = (await config.store!.get(['users', 'ada'], 'profile'))?.value ?? {};
    const name = /my name is (\w+)/i.exec(text)?.[1];
    const city = /live in (\w+)/i.exec(text)?.[1];
    if (name || city)
      await config.store!.put(['users', 'ada'], 'profile', {
        ...profile,
        ...(name ? { name } : {}),
        ...(city ? { city } : {}),
      });
    return {};
  })
  .addNode('agent', async (state, config: LangGraphRunnableConfig) => {
    const profile = await config.store!.get(['users', 'ada'], 'profile');
    const note = profile ? [new HumanMessage(`Known about the user: ${JSON.stringify(profile.value)}`)] : [];
    return { messages: [await model.invoke([...note, ...state.messages])] };
  })
  .addEdge(START, 'remember')
  .addEdge('remember', 'agent')
  .addEdge('agent', END);

const dir = process.env.ENGRAM_DEMO_DIR ?? mkdtempSync(join(tmpdir(), 'engram-langgraph-'));
const path = join(dir, 'langgraph.db');
rmSync(path, { force: true });
const scope = { tenant: 'demo', user: 'ada' };

/** One "process": a store handle on the file, the checkpointer and store on it, the compiled graph. */
function boot() {
  const store = createSqliteStore({ path });
  const checkpointer = createEngramCheckpointSaver({ store, scope });
  const graph = graphBuilder.compile({ checkpointer, store: createEngramStore({ store, scope }) });
  return { store, checkpointer, graph };
}

async function say(graph: ReturnType<typeof boot>['graph'], thread: string, text: string) {
  const out = await graph.invoke(
    { messages: [new HumanMessage(text)] },
    { configurable: { thread_id: thread } },
  );
  console.log(`  user: ${text}\n  assistant: ${out.messages.at(-1)?.content}`);
}

console.log('process 1, thread chat-1');
let p = boot();
await say(p.graph, 'chat-1', 'Hi, my name is Ada.');
await say(p.graph, 'chat-1', 'I live in Lisbon.');
await p.store.close();

console.log('process 2 (restarted), thread chat-1 resumes from its checkpoint');
p = boot();
await say(p.graph, 'chat-1', 'What is my name?');
console.log('process 2, a new thread chat-2: the long-term store carries over');
await say(p.graph, 'chat-2', 'What do you remember about me?');

// engram reads the thread as a conversation: one log entry per message, however many checkpoints hold it.
const sessionId = threadSessionId('chat-1');
let checkpoints = 0;
for await (const _ of p.checkpointer.list({ configurable: { thread_id: 'chat-1' } })) checkpoints++;
const log = await p.store.readRange(scope, sessionId);
console.log(
  `\nengram: thread chat-1 is session "${sessionId}": ${checkpoints} checkpoints, ${log.length} log entries`,
);
for (const entry of log) console.log(`  ${entry.seq}. ${entry.message.role}: ${entry.message.content}`);
const hits = await p.store.searchMessages(scope, { text: 'Lisbon' });
console.log(`search "Lisbon": ${hits.map((h) => `${h.sessionId} #${h.entry.seq}`).join(', ')}`);
await p.store.close();
if (!process.env.ENGRAM_DEMO_DIR) rmSync(dir, { recursive: true, force: true });
