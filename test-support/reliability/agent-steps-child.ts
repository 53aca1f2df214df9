/**
 * Child script of the agent step crash test: runs agent runs of 2 to 5 steps forever on a SQLite file (AutoContext
 * over a content store, `recordAssembly`, static long-term memory on the same store), with a scripted
 * MockLanguageModelV4 (one to four tool calls with large results, then a text answer), printing `step <n>` after
 * each stored step. The parent SIGKILLs it at random moments.
 */
import { tool } from 'ai';
import { z } from 'zod';
import { agent } from '../../src/ai-sdk/agent/agent.ts';
import { createContentStore } from '../../src/content/create-content-store.ts';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from '../../src/longterm/create-long-term-memory.ts';
import { createConversationMemory } from '../../src/memory/conversation-memory.ts';
import { compactingView } from '../compacting-view.ts';
import { scriptedLanguageModel } from '../scripted-language-model.ts';
import { childConfig, emit } from './child-process.ts';

/** What the parent passes in argv[2]. */
export interface AgentStepsChildConfig {
  path: string;
  sessionId: string;
}

const config = childConfig<AgentStepsChildConfig>();
const store = createSqliteStore({ path: config.path, durability: 'power' });
const scope = { tenant: 't' };
const conversation = createConversationMemory({ store, scope, sessionId: config.sessionId });
const content = createContentStore({ store, scope });
const memory = compactingView(conversation, content);
const longTerm = createLongTermMemory({ store, scope, session: config.sessionId });
const fetchPage = tool({
  description: 'Fetches a page.',
  inputSchema: z.object({ url: z.string() }),
  execute: async ({ url }) =>
    `<html><!-- ${url} -->${'<p>Lisbon dishes and allergens.</p>'.repeat(300)}</html>`,
});
let steps = 0;
for (let run = 0; ; run++) {
  const call = (i: number) => ({
    toolCalls: [{ toolName: 'fetchPage', input: { url: `https://r${run}.example/${i}` } }],
  });
  // Runs of 2 to 5 steps (1 to 4 tool calls, then the answer), so kills also land on runs' last steps.
  const calls = 1 + ((process.pid + run) % 4);
  const { model } = scriptedLanguageModel([
    ...Array.from({ length: calls }, (_, i) => call(i)),
    { text: `Done with run ${run}.` },
  ]);
  const assistant = agent({
    name: 'assistant',
    description: 'crash test',
    model,
    tools: { fetchPage },
    memory,
    contentStore: content,
    longTermMemory: { memory: longTerm, mode: 'static' },
    recordAssembly: true,
  });
  const { stream, result } = assistant.run(`Read ${calls} pages, run ${run}.`);
  for await (const event of stream) if (event.type === 'agent-step-end') emit(`step ${++steps}`);
  await result;
}
