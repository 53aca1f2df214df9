/**
 * Background consolidation (issue 11): a 200-turn conversation with 20 planted user facts, stored turn by turn in a
 * SQLite session; after every turn each view is read and its tokens counted. Without consolidation: the full
 * history, and a token window of the same recent budget. With it: `createObservationalMemory` (extractive observer
 * and reflector, no model), consolidated after each turn as its background work would. Reports tokens sent per turn
 * and how many planted facts the context still holds at turn 200.
 * `npm run bench -- --only consolidation`.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ModelMessage } from 'ai';
import { createConversationMemory } from '../../src/memory/conversation-memory.ts';
import { createSqliteStore } from '../../src/store/drivers/sqlite/sqlite-driver.ts';
import { createTokenCounter } from '../../src/tokens/create-token-counter.ts';
import { createObservationalMemory } from '../../src/views/observational/observational-memory.ts';
import { createTokenWindowMemory } from '../../src/views/token-window-memory.ts';
import { int, type Suite, sectionIntro, table } from '../report.ts';

const things = [
  'sister',
  'dog',
  'car',
  'boss',
  'dentist',
  'bank',
  'gym',
  'landlord',
  'school',
  'doctor',
  'neighbour',
  'cat',
  'bike',
  'coach',
  'plumber',
  'tailor',
  'florist',
  'barber',
  'pharmacy',
  'bakery',
];
const filler = (t: number, words: number) =>
  Array.from(
    { length: words },
    (_, i) =>
      ['project', 'deadline', 'review', 'budget', 'meeting', 'draft', 'client', 'report'][(t * 7 + i) % 8],
  ).join(' ');

/** Turn `t` of the conversation (a planted fact every 10 turns, from turn 5; a tool exchange every 7). */
function turnMessages(t: number): { messages: ModelMessage[]; fact?: string } {
  const messages: ModelMessage[] = [];
  let fact: string | undefined;
  if (t % 10 === 5) {
    const thing = things[(t - 5) / 10] as string;
    fact = `${thing.toUpperCase()}-${1000 + t}`;
    messages.push({ role: 'user', content: `Please remember: my ${thing}'s code is ${fact}.` });
  } else messages.push({ role: 'user', content: `Task ${t}: help me with the ${filler(t, 30)}.` });
  if (t % 7 === 3) {
    messages.push({
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: `c${t}`, toolName: 'search', input: { q: `task ${t}` } }],
    });
    messages.push({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: `c${t}`,
          toolName: 'search',
          output: { type: 'text', value: filler(t, 400) },
        },
      ],
    });
  }
  messages.push({ role: 'assistant', content: `Done with turn ${t}. ${filler(t + 1, 60)}.` });
  return { messages, ...(fact ? { fact } : {}) };
}

/** The suite. */
export const consolidation: Suite = async (options) => {
  const turns = options.quick ? 60 : 200;
  const recent = 4000;
  const dir = mkdtempSync(join(tmpdir(), 'engram-consolidation-'));
  const counter = createTokenCounter();
  const store = createSqliteStore({ path: join(dir, 'c.db') });
  try {
    const memory = createConversationMemory({ store, sessionId: 'long', counter });
    const views = {
      'full history (no consolidation)': { read: () => memory.read() },
      [`token window ${int(recent)} (no consolidation)`]: createTokenWindowMemory({
        memory,
        maxTokens: recent,
      }),
      [`observational memory: recent ${int(recent)}, observations ${int(1500)}, extractive`]:
        createObservationalMemory({
          memory,
          recentTokens: recent,
          observationTokens: 1500,
          background: false,
        }),
    };
    const facts: string[] = [];
    const sent = new Map<string, number[]>(Object.keys(views).map((k) => [k, []]));
    let last = new Map<string, string>();
    for (let t = 0; t < turns; t++) {
      const { messages, fact } = turnMessages(t);
      if (fact) facts.push(fact);
      await memory.store(messages);
      last = new Map();
      for (const [name, view] of Object.entries(views)) {
        if ('consolidate' in view) await view.consolidate();
        const out = await view.read();
        sent.get(name)?.push(out.reduce((s, m) => s + counter.count(m as ModelMessage), 0));
        last.set(name, JSON.stringify(out));
      }
      if ((t + 1) % 50 === 0) options.log(`turn ${t + 1}`);
    }
    const at = (list: number[], turn: number) => int(list[Math.min(turn, list.length) - 1] ?? 0);
    const rows = [...sent.entries()].map(([name, list]) => {
      const context = last.get(name) ?? '';
      const kept = facts.filter((f) => context.includes(f)).length;
      return [
        name,
        at(list, 50),
        at(list, 100),
        at(list, turns),
        int(list.reduce((a, b) => a + b, 0) / list.length),
        `${kept}/${facts.length}`,
      ];
    });
    const markdown = [
      '## Background consolidation on a long conversation',
      '',
      ...sectionIntro(options, `${turns} turns, ${facts.length} planted facts`),
      '',
      `A scripted ${turns}-turn conversation (a user request, a tool exchange with a ~400-token result every 7th turn, an answer), with a planted fact every 10th turn ("my sister's code is SISTER-1005"), stored turn by turn in a SQLite session (o200k_base counts). After every turn each view is read; tokens are the messages it sends. The observational view is consolidated after each turn, as its background work does. "Facts in context" counts the planted codes present anywhere in what is sent at the last turn (observations included).`,
      '',
      table(
        [
          'context',
          'tokens at turn 50',
          'at turn 100',
          `at turn ${turns}`,
          'mean per turn',
          'facts in context at the end',
        ],
        rows,
      ),
    ].join('\n');
    return { id: 'consolidation', markdown };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
};
