/**
 * An agent with working memory, core memory blocks and background consolidation, on SQLite (issue 11). Over 40
 * turns the user mentions facts about themselves; the (scripted) model files them in its working memory and its
 * `human` block with the tools, and the conversation's older turns become dated observations. Each turn prints what
 * the model was sent by source. Runs with a scripted model (no key), or a real one when OPENAI_API_KEY /
 * ANTHROPIC_API_KEY is set.
 *
 *   npm run example -- memory-agent
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createConversationMemory,
  createCoreMemory,
  createObservationalMemory,
  createTokenCounter,
  createWorkingMemory,
} from 'engram';
import { agent } from 'engram/ai-sdk';
import { createSqliteStore } from 'engram/sqlite';
import { realModel, type SentPrompt, scriptedModel } from './shared/example-model.ts';

const facts: Record<number, { say: string; section: string; line: string }> = {
  2: { say: 'By the way, I live in Lisbon.', section: '# User', line: '- Name: Ada\n- City: Lisbon' },
  9: { say: 'I prefer window seats when I fly.', section: '# Preferences', line: '- Window seats' },
  17: {
    say: 'My daughter Maria starts school in September.',
    section: '# Family',
    line: '- Daughter: Maria (school in September)',
  },
};

/** The scripted model: files a fact the latest user message states, else answers from what it was sent. */
function decide(prompt: SentPrompt) {
  const last = prompt.at(-1);
  if (last?.role === 'tool') return { text: 'Noted — I will keep that in mind.' };
  const said = JSON.stringify(prompt.filter((m) => m.role === 'user').at(-1) ?? '');
  const fact = Object.values(facts).find((f) => said.includes(f.say));
  if (fact)
    return {
      toolCalls: [
        { toolName: 'update_working_memory', input: { memory: `${fact.section}\n${fact.line}` } },
        {
          toolName: 'memory_append',
          input: { label: 'human', content: fact.line.split('\n').at(-1)?.replace(/^- /, '') },
        },
      ],
    };
  const system = JSON.stringify(prompt.find((m) => m.role === 'system') ?? '');
  const city = /City: (\w+)/.exec(system)?.[1];
  return { text: city ? `Sure. (You live in ${city}, as my working memory says.)` : 'Sure, happy to help.' };
}

const dir = mkdtempSync(join(tmpdir(), 'engram-memory-agent-'));
const store = createSqliteStore({ path: join(dir, 'agent.db') });
try {
  const scope = { tenant: 'demo', user: 'ada' };
  const counter = createTokenCounter();
  const memory = createConversationMemory({ store, scope, sessionId: 'long-chat', counter });
  const view = createObservationalMemory({
    conversation: memory,
    recentTokens: 600,
    observationTokens: 400,
    background: false,
  });
  const workingMemory = createWorkingMemory({
    store,
    scope,
    template: '# User\n- Name: Ada\n\n# Preferences\n',
  });
  const coreMemory = createCoreMemory({
    store,
    scope,
    blocks: [
      { label: 'persona', value: 'I am a concise personal assistant.', readOnly: true },
      { label: 'human', value: 'Name: Ada', limit: 500, description: 'What I know about the user' },
    ],
  });
  const model = (await realModel())?.model ?? scriptedModel(decide);
  const assistant = agent({
    name: 'assistant',
    description: 'A personal assistant with memory',
    model,
    instructions: 'You are a helpful assistant. Keep your working memory and the human block up to date.',
    memory: view,
    workingMemory,
    coreMemory,
  });
  console.log('turn  sent  (observations, working memory + blocks, recent messages)  naive');
  for (let turn = 0; turn < 40; turn++) {
    const prompt =
      facts[turn]?.say ??
      `Question ${turn}: can you help me plan this week's tasks, meetings and travel, and draft a short note for each?`;
    await assistant.run(prompt).result;
    await view.consolidate(); // what the background does between turns
    const context = await view.read();
    const stats = view.lastStats();
    const pinned = Math.ceil(
      ((await workingMemory.render()).length + (await coreMemory.render()).length) / 4,
    );
    const naive = (await memory.read()).reduce((s, m) => s + counter.count(m), 0);
    const recent = context
      .slice(stats && stats.observationTokens > 0 ? 1 : 0)
      .reduce((s, m) => s + counter.count(m), 0);
    if (turn % 4 === 3 || facts[turn])
      console.log(
        `${String(turn + 1).padStart(4)}  ${String((stats?.observationTokens ?? 0) + pinned + recent).padStart(4)}  (${stats?.observationTokens ?? 0}, ${pinned}, ${recent})  ${naive}`,
      );
  }
  console.log(`\nworking memory:\n${(await workingMemory.get()).text}`);
  console.log(
    `\nhuman block (version ${(await coreMemory.get('human')).version}):\n${(await coreMemory.get('human')).value}`,
  );
  console.log(
    `\nobservations: ${(await view.observations()).length} ranges; reflections: ${(await memory.listArtifacts('reflection')).length}`,
  );
} finally {
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
