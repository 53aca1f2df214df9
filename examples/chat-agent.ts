/**
 * A chat agent with persistent memory, on the embedded SQLite store (`.engram-demo/chat.db`): each process
 * start is a new session (a ConversationMemory) seen through AutoContextMemory, so a large tool result is shown
 * in full once and then as a citation into the content store on the same database; long-term memory (static
 * recall, plus the agent's own record/retrieve tools) carries what the user said across sessions. Run it twice:
 * the first run tells the agent a few facts and has it read a ~20 KB web page; the second run is a new session
 * that asks about them, and the model finds them in its prompt through long-term memory (and finds the page
 * again in the content store). Each step prints what the model was sent, by source, in tokens, against the
 * naive history (every message ever stored, in full).
 *
 * With no API key the model is a scripted MockLanguageModelV4 that answers from what it was sent; with
 * OPENAI_API_KEY or ANTHROPIC_API_KEY set and @ai-sdk/openai or @ai-sdk/anthropic installed, a real model.
 *
 *   npm run example -- chat-agent [--reset]
 */

import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tool } from 'ai';
import {
  createAutoContextMemory,
  createContentStore,
  createLongTermMemory,
  createSessions,
  createTokenCounter,
} from 'engram';
import { agent } from 'engram/ai-sdk';
import { createSqliteStore } from 'engram/sqlite';
import { z } from 'zod';
import {
  exampleModel,
  recordPrompts,
  type ScriptedReply,
  type SentPrompt,
  tableHeader,
  tableRow,
  textOf,
  tokensBySource,
} from './shared/example-model.ts';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const dir = process.env.ENGRAM_DEMO_DIR ?? join(root, '.engram-demo'); // ENGRAM_DEMO_DIR: elsewhere (tests)
const path = join(dir, 'chat.db');

if (process.argv.includes('--reset')) {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  console.log(`--reset: deleted ${path}`);
}
mkdirSync(dir, { recursive: true });

// ---- the web page the agent reads: ~20 KB of HTML, the same every time ----

const DISHES = [
  'Bacalhau à Brás',
  'Caldo verde',
  'Satay de frango',
  'Pastel de nata',
  'Bifana',
  'Arroz de marisco',
  'Frango piri-piri com amendoim',
  'Sardinhas assadas',
  'Polvo à lagareiro',
  'Cozido à portuguesa',
  'Salada de amendoim',
  'Amêijoas à Bulhão Pato',
  'Alheira de Mirandela',
  'Bolo de amendoim',
  'Francesinha',
  'Pudim flan',
  'Caril de camarão com amendoim',
  'Açorda alentejana',
  'Leitão da Bairrada',
  'Queijadas de Sintra',
  'Molho de amendoim',
  'Arroz doce',
  'Carne de porco à alentejana',
  'Bolinhos de bacalhau',
];
const hasPeanuts = (name: string) => /amendoim|satay/i.test(name);

/** A fake web page: one line per dish with its description and allergens, ~20 KB. */
function foodGuide(url: string): string {
  const filler =
    'Locals order it at lunch in the tascas of Alfama and Mouraria; portions are generous, prices modest, and the recipe changes a little from one family to the next, which every cook will tell you about at length. ';
  const lines = DISHES.map(
    (name, i) =>
      `<li id="dish-${i + 1}"><b>${name}</b> — ${filler.repeat(4)}Allergens: ${hasPeanuts(name) ? 'contains peanuts' : 'peanut-free'}.</li>`,
  );
  return [
    `<html><head><title>The Lisbon food guide</title></head><body><!-- ${url} -->`,
    '<h1>The Lisbon food guide: 24 dishes to try</h1>',
    '<ul>',
    ...lines,
    '</ul></body></html>',
  ].join('\n');
}

const web_fetch = tool({
  description: 'Fetches a web page and returns its HTML.',
  inputSchema: z.object({ url: z.string().describe('The address of the page') }),
  execute: async ({ url }) => foodGuide(url),
});

// ---- the scripted model: decides from what it was sent, never from a hidden script position ----

/** The user's latest own message: not the recalled block, not a summary the view wrote. */
const lastUserIndex = (prompt: SentPrompt) =>
  prompt.findLastIndex(
    (m) => m.role === 'user' && !/^(<long_term_memory>|\[engram: |\[Summary of)/.test(textOf(m)),
  );

/** Facts a user stated about themselves, found in a text. */
function factsIn(text: string): string[] {
  const facts: string[] = [];
  const name = /\bI'?m ([A-Z][a-z]+)\b/.exec(text)?.[1];
  const city = /\blive in ([A-Z][a-z]+)/.exec(text)?.[1];
  const allergy = /\ballergic to ([a-z]+)/.exec(text)?.[1];
  if (name) facts.push(`your name is ${name}`);
  if (city) facts.push(`you live in ${city}`);
  if (allergy) facts.push(`you are allergic to ${allergy}`);
  return facts;
}

const dishesIn = (text: string, safe: boolean) =>
  [...text.matchAll(/<b>([^<]+)<\/b>[^\n]*?Allergens: (contains peanuts|peanut-free)/g)]
    .filter((m) => (m[2] === 'peanut-free') === safe)
    .map((m) => m[1]!);

function decide(prompt: SentPrompt): ScriptedReply {
  const at = lastUserIndex(prompt);
  const asked = textOf(prompt[at]);
  const before = prompt.slice(0, at).map(textOf).join('\n');
  const results = prompt.slice(at + 1).filter((m) => m.role === 'tool');
  const url = /https?:\/\/\S+[^\s.,!?]/.exec(asked)?.[0];
  if (url) {
    if (results.length === 0) return { toolCalls: [{ toolName: 'web_fetch', input: { url } }] };
    const page = textOf(results.at(-1));
    const safe = dishesIn(page, true);
    const unsafe = dishesIn(page, false);
    return {
      text: `I read the guide: ${safe.length + unsafe.length} dishes. Avoid ${unsafe.length} with peanuts (${unsafe.join(', ')}). Safe for you: ${safe.slice(0, 5).join(', ')} and ${safe.length - 5} more.`,
    };
  }
  if (/\b(remember|remind)\b/i.test(asked)) {
    const facts = factsIn(before);
    return {
      text: facts.length
        ? `Yes: ${facts.join(', ')}.`
        : 'No, I do not know anything about you yet (nothing about you is in my context).',
    };
  }
  if (/\bguide\b/i.test(asked)) {
    // Find the page in the content store, then read only the lines that matter.
    if (results.length === 0) return { toolCalls: [{ toolName: 'query_memory', input: { text: 'Lisbon' } }] };
    if (results.length === 1) {
      const id = /"id":\s*"([^"]+)"/.exec(textOf(results[0]))?.[1];
      if (!id) return { text: 'I cannot find that guide in my memory.' };
      return {
        toolCalls: [
          {
            toolName: 'retrieve_from_memory',
            input: { id, transform: { type: 'filtered', pattern: 'peanut-free' } },
          },
        ],
      };
    }
    const safe = [...textOf(results.at(-1)).matchAll(/<b>([^<]+)<\/b>/g)].map((m) => m[1]!);
    return {
      text: `From the guide I stored last time, ${safe.length} dishes are peanut-free: ${safe.join(', ')}.`,
    };
  }
  const facts = factsIn(asked);
  if (facts.length) return { text: `Nice to meet you! I will remember that ${facts.join(', ')}.` };
  return { text: 'Noted. Enjoy your meal!' };
}

// ---- the agent on SQLite ----

const counter = createTokenCounter({ encoding: 'o200k_base' });
const store = createSqliteStore({ path });
const scope = { tenant: 'demo', user: 'ada' };
const sessions = createSessions({ store, scope, counter });
const earlier = await sessions.list();
const run = earlier.length + 1;
const sessionId = `chat-${run}`;
const conversation = await sessions.create({ id: sessionId });
const content = createContentStore({ store, scope, counter, space: 'chat' });
const memory = createAutoContextMemory({
  conversation,
  content,
  maxTokens: 16_000,
  msgThreshold: 6,
  lastKeep: 4,
  minGainTokens: 0,
});
const longTerm = createLongTermMemory({ store, scope, session: sessionId });
const instructions =
  'You are a helpful assistant with memory across conversations. Use what you remember about the user. Read web pages with web_fetch; large results are stored outside the context and can be read again with retrieve_from_memory.';

/** Every message ever stored, in full, in every session, plus the instructions: what a naive agent sends. */
async function naiveHistory(): Promise<number> {
  let tokens = counter.count({ role: 'system', content: instructions });
  for (const s of await sessions.list()) tokens += await (await sessions.open(s.id)).tokens();
  return tokens;
}

let step = 0;
let recalled = '';
const { model: base, label, scripted } = await exampleModel(decide);
const model = recordPrompts(base, async (prompt) => {
  step++;
  const block = prompt.find((m) => m.role === 'user' && textOf(m).startsWith('<long_term_memory>'));
  if (block && step === 1) recalled = textOf(block);
  console.log(tableRow(String(step), tokensBySource(counter, prompt), await naiveHistory()));
});

const assistant = agent({
  name: 'assistant',
  description: 'A chat assistant with persistent memory',
  model,
  instructions,
  tools: { web_fetch },
  memory,
  contentStore: content,
  longTermMemory: { memory: longTerm, mode: 'both' },
  recordAssembly: true, // each step's composition, for `engram context` and `engram inspect`
});

const turns =
  run === 1
    ? [
        "Hi! I'm Ada. I live in Lisbon and I'm allergic to peanuts.",
        'Please read https://food.example/lisbon-guide and tell me which dishes there are safe for me.',
        'Thanks, I will try the first one on Friday.',
      ]
    : [
        'Hello again. Do you remember my name, where I live and what I am allergic to?',
        'Which dishes in the food guide you read last time were safe for me?',
        'Thanks! Remind me, what is my name again?',
      ];

console.log(
  `engram chat agent — run ${run} (${run === 1 ? 'a fresh database' : `${earlier.length} earlier session(s) on disk`}), session ${sessionId}, ${path}`,
);
console.log(`model: ${label}`);
console.log(
  'Each step: tokens of the instructions and messages the model was sent, by source (o200k), against the naive history (all messages ever stored, in full); tool definitions, the same in both, are left out (`engram context` counts them).',
);
for (const prompt of turns) {
  console.log(`\nuser: ${prompt}`);
  console.log(tableHeader());
  step = 0;
  const { stream, result } = assistant.run(prompt);
  for await (const event of stream) {
    if (event.type === 'tool-call')
      console.log(`         → ${event.toolName}(${JSON.stringify(event.input)})`);
    if (event.type === 'tool-result') {
      const out = typeof event.output === 'string' ? event.output : JSON.stringify(event.output);
      console.log(`         ← ${event.toolName}: ${out.length.toLocaleString('en-US')} characters`);
    }
  }
  console.log(`assistant: ${(await result).text}`);
  if (run > 1 && recalled) {
    console.log('  long-term memory recalled into the first step (quoted data, a user-role block):');
    for (const line of recalled
      .split('\n')
      .filter((l) => l.startsWith('- '))
      .slice(0, 3))
      console.log(`    ${line.length > 110 ? `${line.slice(0, 107)}...` : line}`);
    recalled = '';
  }
}
await longTerm.flush();

const items = (await content.query()).items.length;
console.log(
  `\nSession ${sessionId}: ${(await conversation.read()).length} messages stored; content store: ${items} item(s); naive history now ${(await naiveHistory()).toLocaleString('en-US')} tokens.`,
);
console.log(
  run === 1
    ? 'Run it again (a new process, a new session): the second run remembers the first. `--reset` starts over.'
    : `Run ${run} remembered run 1 through long-term memory and the content store, both in ${path}.`,
);
if (!scripted) console.log('(a real model: its answers vary from run to run)');
/** A path relative to the working directory when it is below it, else as it is. */
const shown = (p: string) => (relative(process.cwd(), p).startsWith('..') ? p : relative(process.cwd(), p));
console.log(
  `What each step sent, by source: npm run engram -- context ${sessionId} --db ${shown(path)} --tenant ${scope.tenant} --user ${scope.user}`,
);
await store.close();
