/**
 * Background consolidation (issue 11): the demo's scripted conversation, 200 turns with 20 planted user facts, stored turn by turn in a
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
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../../src/memory/conversation-memory.ts';
import { createScriptedConversation, splitTurns } from '../../src/testing/scripted-conversation.ts';
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
/**
 * The demo's long conversation (`createScriptedConversation`, seed 42, tool results at a quarter size, as
 * `npm run demo:views` replays it), cut into turns; every 10th turn from turn 5 opens with a planted fact.
 */
function conversationTurns(turns: number): { messages: ModelMessage[]; fact?: string }[] {
  const all = splitTurns(
    createScriptedConversation({ seed: 42, messages: turns * 12, toolResultBytes: 0.25 }),
  );
  return all.slice(0, turns).map((messages, t) => {
    if (t % 10 !== 5) return { messages };
    const thing = things[(t - 5) / 10] as string;
    const fact = `${thing.toUpperCase()}-${1000 + t}`;
    const [first, ...rest] = messages as [ModelMessage, ...ModelMessage[]];
    const text = typeof first.content === 'string' ? first.content : '';
    return {
      messages: [
        { role: 'user', content: `Please remember: my ${thing}'s code is ${fact}. ${text}` },
        ...rest,
      ],
      fact,
    };
  });
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
        conversation: memory,
        maxTokens: recent,
      }),
      [`observational memory: recent ${int(recent)}, observations ${int(3000)}, extractive`]:
        createObservationalMemory({
          conversation: memory,
          recentTokens: recent,
          observationTokens: 3000,
          background: false,
        }),
    };
    const facts: string[] = [];
    const sent = new Map<string, number[]>(Object.keys(views).map((k) => [k, []]));
    let last = new Map<string, string>();
    const script = conversationTurns(turns);
    if (script.length < turns) throw new Error(`the scripted conversation has only ${script.length} turns`);
    for (let t = 0; t < turns; t++) {
      const { messages, fact } = script[t] as { messages: ModelMessage[]; fact?: string };
      if (fact) facts.push(fact);
      await memory.store(messages);
      last = new Map();
      for (const [name, view] of Object.entries(views)) {
        if ('consolidate' in view) await view.consolidate();
        if (!('store' in view)) {
          // The full history: its stored counts (the same o200k_base counts), read in full at the last turn only.
          sent.get(name)?.push((await memory.stats()).tokens);
          if (t === turns - 1) last.set(name, JSON.stringify(await view.read()));
          continue;
        }
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
      `The demo's long conversation (\`createScriptedConversation\`, seed 42, tool results at a quarter size: research and coding turns with web searches, pages, files and SQL), its first ${turns} turns, with a planted fact opening every 10th user message from turn 5 ("Please remember: my sister's code is SISTER-1005."), stored turn by turn in a SQLite session (o200k_base counts). After every turn each view is read; tokens are the messages it sends. The observational view is consolidated after each turn, as its background work does. "Facts in context" counts the planted codes present anywhere in what is sent at the last turn (observations included).`,
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
