/**
 * Personal facts (issue 24, item 7): four probes — A, `personal-facts-probe.ts`, written with the extraction rules,
 * B, `personal-facts-probe-b.ts`, written apart from them as a held-out check, C, `personal-facts-probe-c.ts`,
 * written by an evaluator who never read the rules, A or B, held out at {@link heldOutC}, and D,
 * `personal-facts-probe-d.ts`, written by a further evaluator who never read the rules, A, B or C, held out at
 * {@link heldOutD} — each recorded through the public API
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
import { createConversationMemory } from '../../src/memory/conversation-memory.ts';
import { scriptedLanguageModel } from '../../test-support/scripted-language-model.ts';
import { type Suite, sectionIntro, table } from '../report.ts';
import type { ProbeFact, ProbeTurn } from './personal-facts-probe.ts';
import * as probeA from './personal-facts-probe.ts';
import * as probeB from './personal-facts-probe-b.ts';
import * as probeC from './personal-facts-probe-c.ts';
import * as probeD from './personal-facts-probe-d.ts';
import * as probeE from './personal-facts-probe-e.ts';
import * as probeF from './personal-facts-probe-f.ts';
import * as probeG from './personal-facts-probe-g.ts';
import * as probeH from './personal-facts-probe-h.ts';
import * as probeI from './personal-facts-probe-i.ts';
import * as probeJ from './personal-facts-probe-j.ts';
import * as probeK from './personal-facts-probe-k.ts';
import * as probeL from './personal-facts-probe-l.ts';
import * as probeM from './personal-facts-probe-m.ts';
import type { EmbeddingModelObject } from './use-embedding-model.ts';
import { createUseEmbeddingModel } from './use-embedding-model.ts';

const scope = { tenant: 'probe', user: 'ada' };

/** A probe: its facts, its sessions, and their dates (the questions are asked at the date after the last). */
interface Probe {
  /** The probe's letter in reports. */
  name: string;
  /** Its file under bench/longterm. */
  file: string;
  /** Its facts. */
  probeFacts: readonly ProbeFact[];
  /** Its sessions. */
  probeSessions: () => ProbeTurn[][];
  /** The date of session `i`. */
  sessionDate: (i: number) => Date;
  /**
   * Set for a probe held out from the lead: its misses are counted, never named, in the log and the report (a label
   * says what was missed, and a change chosen from it would not be measured blind).
   */
  withheld?: true;
}

/**
 * The last commit of the recall code measured on probe C while it was held out: C was written at a2a28b3 by an
 * evaluator who never read the rules, A or B; the changes up to this commit (b798ef2, b20e0a1) were made before
 * C's contents or figures were known. Raise it only for changes made without reading C.
 */
const heldOutC = '9c61eb2';

/**
 * The commit of the recall code measured on probe D while it is held out: D was written on top of 70924e7 (whose
 * src/ last changed at b20e0a1) by an evaluator who never read the rules, A, B or C, and its first figures are
 * of that code. Raise it only for changes made without reading D.
 */
const heldOutD = '8510b77';

/**
 * The commit of the recall code measured on probe E while it is held out: E was written (c94cc41, on top of
 * d142aa9) by an evaluator who never read the rules, the topic lexicon, A, B, C or D; its first figures are of
 * 0ca8b68 (the personal topics, written after reading C's and D's misses, before E was read). Raise it only for
 * changes made without reading E.
 */
const heldOutE = '0ca8b68';

/**
 * The commit of the recall code measured on probe F while it is held out: F was written (1321e50, on top of
 * 998099a) by an evaluator who never read the rules, the topic lexicon, A, B, C, D or E; its first figures are
 * of 875e77a (the topics extended after reading E, and topic terms for every speaker). Raise it only for changes
 * made without reading F.
 */
const heldOutF = '875e77a';

/**
 * The commit of the recall code measured on probe G while it is held out: G was written (d65879c) by an
 * evaluator who never read the rules, the topic lexicon or any other probe; it was first measured on 13b3348
 * (the topics extended for F), then on 3bdb7c0 (a review's fixes, made without reading G). Raise it only for
 * changes made without reading G.
 */
const heldOutG = '3bdb7c0';

/**
 * The commit of the recall code measured on probe H while it is held out: H was written (078f62a) by an evaluator
 * who never read the rules, the topic lexicon or any other probe; the lead has not read it. Its first figures are
 * of the code at 6517a2f + the topics of 4c4b3f2 (extended after reading G's and F's misses, before H existed) and,
 * for comparison, of the code before them (f69f9d1). Raise it only for changes made without reading H.
 */
const heldOutH = '4c4b3f2';

/**
 * The commit of the recall code measured on probe I while it is held out: I was written (the commit after 27acaab's
 * topics) by an evaluator who never read the rules, the topic lexicon or any other probe; the lead has not read it.
 * Raised from 27acaab to d7cf82e (recall packing: only the best five records carry neighbours, chosen on LoCoMo and
 * A–H after a helper read H's misses; 50 candidates), then to 1346b32 (a question about the user ranks the user's
 * own words higher, chosen on A–H), then to 14ba398 (the vector leg's best three hits kept below the best fifteen,
 * chosen on A–H and LoCoMo), then to 1156af3 (the recall block's day lines, chosen on LoCoMo and A–H), then to
 * 4a214a6 (person names never ending in 's, and name resolution of a relative the question names, chosen on A–H and
 * unit tests), all without reading I (the lead has seen the labels of its misses in this suite's output, never its
 * texts). Raise it only for changes made without reading I.
 */
const heldOutI = '4a214a6';

/**
 * The commit of the recall code measured on probe J while it is held out: J was written (s40-probe-j, on top of
 * 487974c) by an evaluator who never read the rules, the topic lexicon, BENCHMARKS.md or any other probe; the lead
 * has not read it. First measured at 1346b32; raised to 14ba398 (a fusion change chosen on A–H and LoCoMo, J
 * unread), then to 1156af3 (the recall block's day lines, chosen on LoCoMo and A–H; the lead has seen the labels of
 * J's misses in this suite's output, never its texts), then to 4a214a6 (person names and name resolution, chosen on
 * A–H and unit tests). Raise it only for changes made without reading J.
 */
const heldOutJ = '4a214a6';

/**
 * The commit of the recall code measured on probe K while it is held out: K was written (s41-probe-k, on top of
 * 9dc8769) by an evaluator who never read the rules, the topic lexicon, BENCHMARKS.md or any other probe; the lead
 * has not read it (the labels of its misses reached the lead through a log and a report table, never its texts). First measured at 1156af3 (full text only); raised to 4a214a6
 * (person names and name resolution, chosen on A–H and unit tests, K unread). Raise it only for changes made without
 * reading K.
 */
const heldOutK = '4a214a6';

/**
 * The commit of the recall code measured on probe L while it is held out: L was written (s43-probe-l, on top of
 * c7b9d0c) by an evaluator who never read the rules, the topic lexicon, BENCHMARKS.md, any other probe or the
 * lead's notes; the lead has read neither it nor its misses (the suite withholds their labels). The recall code
 * at c7b9d0c ranks as 4a214a6's. Raise it only for changes made without reading L.
 */
const heldOutL = 'c7b9d0c';

/**
 * The commit of the recall code measured on probe M while it is held out: M was written (s44-probe-m, 2026-11-30)
 * by an evaluator who never read the rules, the topic lexicon, BENCHMARKS.md, any other probe or the
 * lead's notes; the lead has read neither it nor its misses (the suite withholds their labels). The recall code at
 * 8e101c3 ranks as 4a214a6's. Raise it only for changes made without reading M.
 */
const heldOutM = '8e101c3';

/** The probes, A first (the rows it had before B, C and D were added keep their meaning). */
const probes: readonly Probe[] = [
  { name: 'A', file: 'personal-facts-probe.ts', ...probeA },
  { name: 'B', file: 'personal-facts-probe-b.ts', ...probeB },
  { name: 'C', file: 'personal-facts-probe-c.ts', ...probeC },
  { name: 'D', file: 'personal-facts-probe-d.ts', ...probeD },
  { name: 'E', file: 'personal-facts-probe-e.ts', ...probeE },
  { name: 'F', file: 'personal-facts-probe-f.ts', ...probeF },
  { name: 'G', file: 'personal-facts-probe-g.ts', ...probeG },
  { name: 'H', file: 'personal-facts-probe-h.ts', ...probeH },
  { name: `I (held out at ${heldOutI})`, file: 'personal-facts-probe-i.ts', ...probeI },
  { name: `J (held out at ${heldOutJ})`, file: 'personal-facts-probe-j.ts', ...probeJ },
  { name: `K (held out at ${heldOutK})`, file: 'personal-facts-probe-k.ts', ...probeK, withheld: true },
  { name: `L (held out at ${heldOutL})`, file: 'personal-facts-probe-l.ts', ...probeL, withheld: true },
  { name: `M (held out at ${heldOutM})`, file: 'personal-facts-probe-m.ts', ...probeM, withheld: true },
];

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
  probe: Probe;
  name: string;
  recalled: number;
  shared: [number, number];
  unshared: [number, number];
  newFirst: number;
  misses: string[];
}

async function measure(
  probe: Probe,
  name: string,
  dir: string,
  selfFacts: boolean,
  embedding: EmbeddingModelObject | undefined,
  log: (l: string) => void,
  modelId?: string,
): Promise<Row> {
  const { probeFacts, probeSessions, sessionDate } = probe;
  const store = createSqliteStore({ path: join(dir, `${`${probe.name} ${name}`.replace(/\W+/g, '-')}.db`) });
  const extra = embedding ? { embedding } : {};
  const sessions = probeSessions();
  for (const [i, turns] of sessions.entries()) {
    const memory = createLongTermMemory({ store, scope, session: `s${i}`, selfFacts, ...extra });
    const at = sessionDate(i).getTime();
    await memory.record(
      turns.map((t, j) => ({ id: `s${i}-${j}`, createdAt: new Date(at + j * 60_000), ...t })),
    );
    await memory.flush();
  }
  // Questions are asked on the day after the last session, whatever day the suite runs: the prompt's time (the
  // conversation's, against which the agent resolves "these days" or "last week") is that day's.
  const asked = { now: () => sessionDate(sessions.length) };
  const asking = createLongTermMemory({ store, scope, recording: 'none', clock: asked, ...extra });
  const row: Row = { probe, name, recalled: 0, shared: [0, 0], unshared: [0, 0], newFirst: 0, misses: [] };
  for (const f of probeFacts) {
    const { model, prompts } = scriptedLanguageModel([{ text: 'ok' }], modelId ? { modelId } : {});
    await agent({
      name: 'probe',
      description: 'asks',
      model,
      memory: createConversationMemory({ clock: asked }),
      longTermMemory: { memory: asking },
    }).run(f.question).result;
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
    `probe ${probe.name}, ${name}: ${row.recalled}/${probeFacts.length} recalled, corrections new-first ${row.newFirst}; misses ${missesOf(row)}`,
  );
  return row;
}

/**
 * B's figures while it was still held out, before the rule changes it prompted: once rules were fixed for gaps it
 * showed, its rows below measure rules that have seen it, so they are no held-out figure.
 */
const heldOutNote =
  "Held-out figures of B, at 9271fa5 (before the rule changes it prompted, so the honest ones): full text, self facts on 17/31 (54.8%) recalled, corrections new first 3/7; hybrid USE-lite, self facts on 30/31 (96.8%), 4/7. The rows below measure rules changed after reading B's misses (general constructions and key families, unit-tested with other wordings), so B is no longer held out for them. C was first measured at a2a28b3 (full text 18/32, corrections new first 5/7; USE-lite 28/32, 6/7); its rows below are held out as long as their commit is the one in C's name.";

/**
 * The setups measured on each probe: name, self facts on, embedding model (`true`: USE-lite; full runs only), and
 * the asking model's id (unset: the scripted model's own, whose window `agent()` does not know, so its default
 * recall block is 2,000 tokens; `gpt-4o`: a tenth of its 128,000-token window, at most 4,000, the block `agent()`
 * gives a well-known model or a view whose budget is 40,000 tokens or more).
 */
const setups: readonly [string, boolean, boolean, string?][] = [
  ['full text, self facts on (default)', true, false],
  ['full text, self facts off', false, false],
  ['hybrid USE-lite, self facts on (default)', true, true],
  ['hybrid USE-lite, self facts off', false, true],
  ['full text, 4,000-token block (asked of gpt-4o, or a view of a 40k+ window)', true, false, 'gpt-4o'],
  ['hybrid USE-lite, 4,000-token block (asked of gpt-4o, or a view of a 40k+ window)', true, true, 'gpt-4o'],
];

/** The suite. */
export const personalFacts: Suite = async (options) => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-personal-facts-'));
  const rows: Row[] = [];
  try {
    const model = options.quick ? undefined : await createUseEmbeddingModel();
    for (const probe of probes)
      for (const [name, selfFacts, hybrid, modelId] of setups)
        if (!hybrid || model)
          rows.push(
            await measure(probe, name, dir, selfFacts, hybrid ? model : undefined, options.log, modelId),
          );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const pct = (a: number, b: number) => `${a}/${b} (${((100 * a) / b).toFixed(1)}%)`;
  return {
    id: 'personal-facts',
    markdown: [
      '## Personal facts: recall of what a user says about themselves (issue 24)',
      '',
      ...sectionIntro(options),
      '',
      `Thirteen probes: ${probes.map(describe).join('; ')}. A was written with the extraction rules (src/longterm/self-facts/); B was written apart from them, before reading them or A's wordings, as a held-out check (questions asked back, facts mid-sentence, lists, relative clauses, other people's details in the filler). ${heldOutNote} C was written by an independent evaluator who never read the rules, A, B or their filler (chat-style lowercase statements buried in requests, indirect and casual corrections, other people's details in the filler, half the questions sharing no word); its rows were held-out figures through ${heldOutC}; 8510b77 (self facts in lower-case messages) was written after reading C's misses, so C is no longer held out for it (its figures did not move: full text 21/32, USE-lite 29/32 at both). D was written by a further independent evaluator who never read the rules, A, B, C or their filler (a third of the sessions all lowercase, a third normally capitalised, a third terse mobile chat; facts buried in requests, indirect and abbreviated; casual corrections; other people's details in the filler; about half the questions sharing no word); it was first measured at 70924e7 (full text 22/35, corrections new first 4/8; USE-lite 30/35, 6/8); its figures were held out through ${heldOutD} (full text 24/35, corrections new first 4/8; USE-lite 31/35, 6/8). The personal topics (0ca8b68: a lexicon of 30 topics whose terms tag a user's turns and a question about the user) were written after reading C's and D's misses, so neither is held out for the rows below (C's held-out figures at ${heldOutC}: full text 21/32, 6/7; USE-lite 29/32, 7/7). E was written by a further evaluator who never read the rules, the topic lexicon, A, B, C, D or their filler (13 sessions in rotating styles: prose, lowercase chat, long rambling requests with the fact as a side remark, terse mobile; other people's details in the filler; 30 of 41 questions sharing no word); its figures were held out at ${heldOutE} (full text 31/41, corrections new first 9/10; USE-lite 33/41, 9/10; with the code before the personal topics, d142aa9: 23/41, 6/10, 28/41, 7/10). The topics were then extended after reading E's misses (allergies apart from diet, food dislikes, instruments, exercise and races, employer apart from occupation, where one works, routines, more faiths, ages by number; f3bcdab), so E is no longer held out for the rows below. F was written by a further evaluator blind to the rules, the lexicon and A–E (a sheep farmer in rural Wales; 43 facts, 12 corrected; 13 sessions in rotating styles); its figures were held out at ${heldOutF} (full text 20/43, corrections new first 6/12; USE-lite 30/43, 9/12; with the code before the personal topics, d142aa9: 15/43, 4/12, 28/43, 8/12); the topics were then extended after reading F's misses (13b3348), so F is no longer held out. G was written by a further evaluator blind to all of it (a student in Montreal who works in a café; 45 facts, 11 corrected; casual English with slang): its first figures, of the code at 13b3348, were full text 35/45, corrections new first 10/11, USE-lite 40/45, 10/11; its rows below, of the code at ${heldOutG} (a review's fixes, made without reading G), are held out too; with the code before the personal topics (d142aa9) it gave full text 24/45, corrections new first 7/11, USE-lite 36/45, 8/11; its held-out figures at ${heldOutG}: full text 34/45, corrections new first 9/11, USE-lite 40/45, 10/11. The topics were then extended after reading G's and F's misses (6517a2f, 4c4b3f2: parents, siblings, grandchildren, friends, events, medication, fears, body art, photography and possessions as topics of their own, more occupations and cue words), so G is no longer held out. H was written by a further evaluator blind to the rules, the lexicon and A–G (an emergency nurse in Queensland with teenage children and an elderly father; 44 facts, 11 corrected; hurried practical messages), after those changes, and the lead has not read it: its rows are held out at ${heldOutH}; with the topics as they were before G's and F's misses were read (f69f9d1) it gave the same full-text figures (24/44, corrections new first 7/11) and USE-lite 28/44, 6/11: the topics written from G's and F's misses did not carry over to H's wordings. The topics were then extended after reading H's misses (27acaab: an occupation topic, kids said as boys and school years, back and blood-pressure problems), so H is no longer held out. I was written by a further evaluator blind to the rules, the lexicon and A–H (50 facts, 12 corrected; 13 sessions), after those changes, and the lead has not read it: its first figures, of the code at 27acaab, were full text 34/50, corrections new first 6/12, USE-lite 40/50, 8/12, and the same with the topics as they were before (f69f9d1): the topics written from G's, F's and H's misses did not carry over to I. The packing of the recall block was then changed without reading I (d7cf82e: only the five best records carry their neighbouring turns, so a 2,000-token block holds more records; chosen on LoCoMo and A–H after a helper found 9 of H's 19 misses ranked among the candidates but below the block's cut), giving full text 36/50, corrections new first 6/12, USE-lite 42/50, 9/12 there; then a question about the user was made to rank the user's own words higher (1346b32, chosen on A–H, I unread), so its rows, at 1346b32, were held out too (full text 37/50, corrections new first 7/12, USE-lite 43/50, 10/12); then the vector leg's best three hits were kept just below the fused ranking's best fifteen (14ba398, chosen on A–H and LoCoMo, I unread: full text 37/50, corrections new first 7/12, USE-lite 45/50, 9/12), then the recall block was written under a line for each day (1156af3, chosen on LoCoMo and A–H, I unread: full text 37/50, corrections new first 7/12), then a person's name stopped taking a final 's and a question naming the user's relative ("my husband") searched for the relative's name from the user's self facts too (239f263–4a214a6, chosen on A–H and unit tests, I unread), so its rows below, at ${heldOutI}, are held out as well. J was written by a further evaluator blind to the rules, the lexicon, BENCHMARKS.md and A–I (45 facts, 12 corrected; 13 sessions), and the lead has not read it: its rows below are held out at ${heldOutJ} (after the day lines and name resolution, chosen without reading J; at 1156af3 full text 29/45, corrections new first 6/12); at 14ba398 it gave full text 29/45, corrections new first 6/12, USE-lite 40/45, 10/12, at 1346b32 full text 29/45, 6/12, USE-lite 39/45, 9/12, and with the code before the packing and ranking changes of d7cf82e–14ba398 (315a177) full text 29/45, 6/12, USE-lite 36/45, 9/12: those changes carried over to J's hybrid recall, not to its full-text recall. K was written by a further evaluator blind to the rules, the lexicon, BENCHMARKS.md and A–J (49 facts, 12 corrected; 13 sessions; a night-shift nurse in Melbourne writing casual Australian English), and the lead has not read it (a log, then a report table, showed the lead the labels of its misses, never its texts; the suite now withholds them): its first figures, of the code at 1156af3, were full text 38/49, corrections new first 10/12; its rows below are held out at ${heldOutK} (name resolution, chosen without reading K). L was written by a further evaluator blind to the rules, the lexicon, BENCHMARKS.md, A–K and the lead's notes (49 facts, 12 corrected; 13 sessions; a data analyst in Manchester born in Lagos, writing British English with the odd Nigerian phrase, facts often said by instance rather than category), and the lead has read neither it nor its misses: its rows below are its first figures, of the code at ${heldOutL}. M was written on 2026-11-30 by a further evaluator blind to the rules, the lexicon, BENCHMARKS.md, A–L and the lead's notes (48 facts, 15 corrected; 13 sessions; a retired fisherman of 63 in rural Nova Scotia learning to use a tablet: short messages with typos, long stories with the fact as a side remark, dictated run-on sentences, facts given by instance), and the lead has read neither it nor its misses: its rows below are its first figures, of the code at ${heldOutM}. Each session is recorded through \`createLongTermMemory(...).record(messages)\` on SQLite (message times = session dates); each question is asked in a new session through \`agent()\` with static long-term memory (default recall), on the probe's question day (its conversation's clock; the figures do not depend on the day the suite runs) and a scripted \`MockLanguageModelV4\` capturing the prompt. Recalled: the current value is inside the recall block. New first: the first line with the new value comes before any unmarked line with the old value alone. The targets are read on the default rows (a 2,000-token block: the scripted model's id is its own, so \`agent()\` knows neither its window nor a view's budget); the 4,000-token rows ask the same questions of a scripted model with \`gpt-4o\`'s id, whose block \`agent()\` sizes from its known 128,000-token window (a tenth of it, at most 4,000: the block a view whose budget is 40,000 or more gives too; before 8bc7ae8 these rows set \`recallTokens: 4000\`, with the same figures).`,
      '',
      table(
        [
          'probe',
          'setup',
          'facts recalled',
          'question shares a word',
          'no shared word',
          'corrections new first',
          'misses',
        ],
        rows.map((r) => [
          r.probe.name,
          r.name,
          pct(r.recalled, r.probe.probeFacts.length),
          `${r.shared[0]}/${r.shared[1]}`,
          `${r.unshared[0]}/${r.unshared[1]}`,
          `${r.newFirst}/${corrections(r.probe)}`,
          missesOf(r),
        ]),
      ),
      '',
      ...targets(rows),
    ].join('\n'),
  };
};

/** A row's misses as the report shows them: their labels, or for a held-out probe their count alone. */
const missesOf = (r: Row): string => {
  if (!r.probe.withheld) return r.misses.join(', ') || 'none';
  const oldFirst = r.misses.filter((m) => m.endsWith('(old first)')).length;
  return `${r.misses.length - oldFirst} not recalled, ${oldFirst} corrections not new first (labels withheld: held out)`;
};

/** The number of corrected facts of a probe. */
const corrections = (probe: Probe) => probe.probeFacts.filter((f) => f.old).length;

/** A probe in one phrase: its file, sessions, turns, facts and corrections. */
function describe(probe: Probe): string {
  const sessions = probe.probeSessions();
  return `${probe.name} (bench/longterm/${probe.file}): ${sessions.length} sessions, ${sessions.flat().length} turns, ${probe.probeFacts.length} facts a user states about themselves in varied wordings among filler chatter, ${corrections(probe)} corrected in a later session`;
}

/** The issue's targets on each probe, each with its figure and whether it is met. */
function targets(rows: readonly Row[]): string[] {
  const met = (ok: boolean) => (ok ? '**met**' : '**missed**');
  const lines = ['Targets (issue 24):'];
  for (const probe of probes) {
    const n = probe.probeFacts.length;
    const corrected = corrections(probe);
    const of = (setup: string) => rows.find((r) => r.probe === probe && r.name === setup);
    const text = of('full text, self facts on (default)');
    const hybrid = of('hybrid USE-lite, self facts on (default)');
    if (text)
      lines.push(
        `- Probe ${probe.name}, facts recalled with no embedding model (self facts on): ${text.recalled}/${n} (target ≥ 90%): ${met(text.recalled >= 0.9 * n)}.`,
      );
    if (hybrid)
      lines.push(
        `- Probe ${probe.name}, facts recalled with USE-lite (self facts on): ${hybrid.recalled}/${n} (target 100%): ${met(hybrid.recalled === n)}.`,
      );
    for (const r of [text, hybrid])
      if (r)
        lines.push(
          `- Probe ${probe.name}, corrections recalled new value first, ${r.name}: ${r.newFirst}/${corrected} (target all): ${met(r.newFirst === corrected)}.`,
        );
  }
  return lines;
}
