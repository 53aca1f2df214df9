/**
 * The OpenAI Agents SDK's own run loop (`run(agent, input, { session })` from `@openai/agents-core`) with its
 * conversation kept by engram: `createEngramSession` on the embedded SQLite store. Three turns, one with a tool
 * call; between turns the store is closed and opened again, as a new process would, and the agent still knows
 * what was said. Then the same log seen as engram messages, and two concurrent runs on one session. The model
 * is a scripted `Model` (the SDK's interface) that answers from the history it is sent, so it runs with no key
 * and no network; use any Agents SDK model instead (`@openai/agents`' default needs OPENAI_API_KEY).
 *
 *   npm run example -- openai-agents-session
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Agent,
  type AgentInputItem,
  type AgentOutputItem,
  type Model,
  run,
  setTracingDisabled,
  tool,
  Usage,
} from '@openai/agents-core';
import { createEngramSession } from 'engram/openai-agents';
import { createSqliteStore } from 'engram/sqlite';
import { z } from 'zod';

setTracingDisabled(true);

/** A scripted model: it calls the weather tool when asked about the weather, else answers from the history. */
function scriptedModel(): Model {
  const say = (text: string): AgentOutputItem[] => [
    { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text }] },
  ];
  const decide = (input: AgentInputItem[]): AgentOutputItem[] => {
    const last = input.at(-1) as { type?: string; output?: { text?: string } };
    if (last.type === 'function_call_result') return say(`It is ${last.output?.text}.`);
    const said = input.flatMap((i) =>
      'role' in i && i.role === 'user' && typeof i.content === 'string' ? [i.content] : [],
    );
    const question = said.at(-1) ?? '';
    const city = /weather in (\w+)/i.exec(question)?.[1];
    if (city)
      return [
        {
          type: 'function_call',
          callId: `call_${said.length}`,
          name: 'weather',
          arguments: JSON.stringify({ city }),
          status: 'completed',
        },
      ];
    const name = said.map((s) => /I am (\w+)/.exec(s)?.[1]).find(Boolean);
    if (/my name/i.test(question)) return say(name ? `Your name is ${name}.` : 'I do not know your name.');
    return say(name ? `Nice to meet you, ${name}.` : 'Hello!');
  };
  return {
    getResponse: async (request) => ({
      usage: new Usage(),
      output: decide(
        typeof request.input === 'string' ? [{ role: 'user', content: request.input }] : request.input,
      ),
    }),
    // biome-ignore lint/correctness/useYield: this example does not stream
    async *getStreamedResponse() {
      throw new Error('not streamed in this example');
    },
  };
}

const weather = tool({
  name: 'weather',
  description: 'The weather in a city.',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `sunny and 21°C in ${city}`,
});
const agent = new Agent({
  name: 'Assistant',
  instructions: 'Be brief. Use the weather tool for weather questions.',
  model: scriptedModel(),
  tools: [weather],
});

const dir = process.env.ENGRAM_DEMO_DIR ?? mkdtempSync(join(tmpdir(), 'engram-agents-'));
const path = join(dir, 'agents.db');
rmSync(path, { force: true });
const scope = { tenant: 'demo', user: 'ada' };

for (const input of ['Hi, I am Ada.', 'What is the weather in Lisbon?', 'What is my name?']) {
  const store = createSqliteStore({ path }); // opened per turn, as a new process would
  const session = createEngramSession({ store, scope, sessionId: 'chat-1' });
  const result = await run(agent, input, { session });
  console.log(`user: ${input}\nassistant: ${result.finalOutput}`);
  await store.close();
}

const store = createSqliteStore({ path });
const session = createEngramSession({ store, scope, sessionId: 'chat-1' });
const items = await session.getItems();
console.log(`\n${items.length} items in the session, each one message of engram's log:`);
for (const m of await session.memory.read()) {
  const parts = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
  const text = parts
    .map((p) => ('text' in p ? p.text : 'toolName' in p ? `[${p.type} ${p.toolName}]` : `[${p.type}]`))
    .join(' ');
  console.log(`  ${m.role.padEnd(9)} ${text}`);
}

console.log('\nTwo runs at once on one session (two store handles, as two processes):');
const other = createSqliteStore({ path });
await Promise.all([
  run(agent, 'What is the weather in Oslo?', {
    session: createEngramSession({ store, scope, sessionId: 'chat-2' }),
  }),
  run(agent, 'What is the weather in Rome?', {
    session: createEngramSession({ store: other, scope, sessionId: 'chat-2' }),
  }),
]);
const both = await createEngramSession({ store, scope, sessionId: 'chat-2' }).getItems();
console.log(`  ${both.length} items: ${both.map((i) => i.type ?? 'message').join(', ')}`);
await other.close();
await store.close();
if (!process.env.ENGRAM_DEMO_DIR) rmSync(dir, { recursive: true, force: true });
