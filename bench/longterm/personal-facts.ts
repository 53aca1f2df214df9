/**
 * Personal facts (issue 24, item 7): the probe of `personal-facts-probe.ts` recorded through the public API
 * (`createLongTermMemory(...).record(messages)` per session on a SQLite store, message times = session dates),
 * then each question asked in a new session through `agent()` with static long-term memory and a scripted
 * `MockLanguageModelV4` that captures the prompt. A fact is recalled when its current value is inside the
 * recall block; a correction is new-first when the first line with the new value comes before every line that
 * holds the old value alone, unmarked (a line marked "(superseded …)" does not count).
 * `npm run bench -- --only personal-facts`.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agent } from '../../src/ai-sdk/agent/agent.ts';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { analyzeText } from '../../src/longterm/analyze-text.ts';
import { createLongTermMemory } from '../../src/longterm/create-long-term-memory.ts';
import { scriptedLanguageModel } from '../../test-support/scripted-language-model.ts';
import { type Suite, sectionIntro, table } from '../report.ts';
import { type ProbeFact, probeFacts, probeSessions, sessionDate } from './personal-facts-probe.ts';
import type { EmbeddingModelObject } from './use-embedding-model.ts';
import { createUseEmbeddingModel } from './use-embedding-model.ts';

const scope = { tenant: 'probe', user: 'ada' };

/** Whether a question shares an analysed word with the statement it asks about. */
const sharesWord = (f: ProbeFact) => {
  const said = new Set(analyzeText([f.stated.text, f.corrected?.text ?? ''].join(' ')));
  return analyzeText(f.question).some((t) => said.has(t));
};

/** The verdict of one recall block for a fact. */
function judge(f: ProbeFact, block: string) {
  const lines = block.toLowerCase().split('\n');
  const recalled = lines.some((l) => l.includes(f.current));
  if (!f.old) return { recalled, newFirst: undefined };
  const first = lines.findIndex((l) => l.includes(f.current));
  const stale = lines.findIndex(
    (l) => l.includes(f.old as string) && !l.includes(f.current) && !l.includes('(superseded'),
  );
  return { recalled, newFirst: first >= 0 && (stale < 0 || first < stale) };
}

interface Row {
  name: string;
  recalled: number;
  shared: [number, number];
  unshared: [number, number];
  newFirst: number;
  misses: string[];
}

async function measure(
  name: string,
  dir: string,
  selfFacts: boolean,
  embedding: EmbeddingModelObject | undefined,
  log: (l: string) => void,
): Promise<Row> {
  const store = createSqliteStore({ path: join(dir, `${name.replace(/\W+/g, '-')}.db`) });
  const extra = embedding ? { embedding } : {};
  for (const [i, turns] of probeSessions().entries()) {
    const memory = createLongTermMemory({ store, scope, session: `s${i}`, selfFacts, ...extra });
    const at = sessionDate(i).getTime();
    await memory.record(
      turns.map((t, j) => ({ id: `s${i}-${j}`, createdAt: new Date(at + j * 60_000), ...t })),
    );
    await memory.flush();
  }
  const asking = createLongTermMemory({
    store,
    scope,
    recording: 'none',
    clock: { now: () => sessionDate(12) },
    ...extra,
  });
  const row: Row = { name, recalled: 0, shared: [0, 0], unshared: [0, 0], newFirst: 0, misses: [] };
  for (const f of probeFacts) {
    const { model, prompts } = scriptedLanguageModel([{ text: 'ok' }]);
    await agent({ name: 'probe', description: 'asks', model, longTermMemory: { memory: asking } }).run(
      f.question,
    ).result;
    const sent = JSON.stringify(prompts[0] ?? []);
    const start = sent.indexOf('<long_term_memory>');
    const block = start < 0 ? '' : JSON.parse(`"${sent.slice(start, sent.indexOf('</long_term_memory>'))}"`);
    const v = judge(f, block);
    const bucket = sharesWord(f) ? row.shared : row.unshared;
    bucket[1]++;
    if (v.recalled) {
      row.recalled++;
      bucket[0]++;
    } else row.misses.push(f.label);
    if (v.newFirst) row.newFirst++;
    else if (v.newFirst === false) row.misses.push(`${f.label} (old first)`);
  }
  await store.close();
  log(
    `${name}: ${row.recalled}/${probeFacts.length} recalled, corrections new-first ${row.newFirst}; misses ${row.misses.join(', ')}`,
  );
  return row;
}

/** The suite. */
export const personalFacts: Suite = async (options) => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-personal-facts-'));
  const rows: Row[] = [];
  try {
    rows.push(await measure('full text, self facts on (default)', dir, true, undefined, options.log));
    rows.push(await measure('full text, self facts off', dir, false, undefined, options.log));
    if (!options.quick) {
      const model = await createUseEmbeddingModel();
      rows.push(await measure('hybrid USE-lite, self facts on (default)', dir, true, model, options.log));
      rows.push(await measure('hybrid USE-lite, self facts off', dir, false, model, options.log));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const turns = probeSessions().flat().length;
  const corrected = probeFacts.filter((f) => f.old).length;
  const pct = (a: number, b: number) => `${a}/${b} (${((100 * a) / b).toFixed(1)}%)`;
  return {
    id: 'personal-facts',
    markdown: [
      '## Personal facts: recall of what a user says about themselves (issue 24)',
      '',
      ...sectionIntro(options),
      '',
      `A probe of the project's own making (bench/longterm/personal-facts-probe.ts): ${probeSessions().length} sessions, ${turns} turns, ${probeFacts.length} facts a user states about themselves in varied wordings among filler chatter, ${corrected} corrected in a later session. Each session is recorded through \`createLongTermMemory(...).record(messages)\` on SQLite (message times = session dates); each question is asked in a new session through \`agent()\` with static long-term memory (default recall) and a scripted \`MockLanguageModelV4\` capturing the prompt. Recalled: the current value is inside the recall block. New first: the first line with the new value comes before any unmarked line with the old value alone.`,
      '',
      table(
        [
          'setup',
          'facts recalled',
          'question shares a word',
          'no shared word',
          'corrections new first',
          'misses',
        ],
        rows.map((r) => [
          r.name,
          pct(r.recalled, probeFacts.length),
          `${r.shared[0]}/${r.shared[1]}`,
          `${r.unshared[0]}/${r.unshared[1]}`,
          `${r.newFirst}/${corrected}`,
          r.misses.join(', ') || 'none',
        ]),
      ),
      '',
      ...targets(rows, corrected),
    ].join('\n'),
  };
};

/** The targets, each with its figure and whether it is met. */
function targets(rows: readonly Row[], corrected: number): string[] {
  const met = (ok: boolean) => (ok ? '**met**' : '**missed**');
  const n = probeFacts.length;
  const [text, , hybrid] = rows;
  const lines = ['Targets (issue 24):'];
  if (text)
    lines.push(
      `- Facts recalled with no embedding model (self facts on): ${text.recalled}/${n} (target ≥ 90%): ${met(text.recalled >= 0.9 * n)}.`,
    );
  if (hybrid)
    lines.push(
      `- Facts recalled with USE-lite (self facts on): ${hybrid.recalled}/${n} (target 100%): ${met(hybrid.recalled === n)}.`,
    );
  for (const r of [text, hybrid])
    if (r)
      lines.push(
        `- Corrections recalled new value first, ${r.name}: ${r.newFirst}/${corrected} (target all): ${met(r.newFirst === corrected)}.`,
      );
  return lines;
}
