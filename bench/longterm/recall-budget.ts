/**
 * Recall by budget on LoCoMo (issue 24): every conversation of `../shared/data/locomo-dev.json` is recorded through
 * engram's public API (as in `longterm-recall`), then each question's recall block is packed to a token budget
 * the way `retrieve(question)` packs it (`packRecall` over the search's candidates), and the evidence turns inside
 * the block are counted: a turn is inside when its record is in the block, or when the block shows it as a
 * neighbouring turn of a record in the same session. `npm run bench -- --only recall-budget`.
 */

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from '../../src/longterm/create-long-term-memory.ts';
import { hasRelativeDate, recallCandidates } from '../../src/longterm/long-term-retrieval.ts';
import {
  defaultContextRecords,
  defaultRecallTokens,
  type PackedRecall,
  packRecall,
} from '../../src/longterm/pack-recall.ts';
import { spokenText } from '../../src/longterm/turn-records.ts';
import { createTokenCounter } from '../../src/tokens/create-token-counter.ts';
import { type Suite, sectionIntro, table } from '../report.ts';
import { categories, type LocomoSample, locomoFile, readLocomo, recallAt } from './locomo-data.ts';

/** The data file: beside the checkout, or beside the folder of worktrees holding it. */
const dataFile = [
  locomoFile,
  fileURLToPath(new URL('../../../../shared/data/locomo-dev.json', import.meta.url)),
].find((f) => existsSync(f));

/** A way to build the recall block of a question. */
interface Packing {
  name: string;
  setup: string;
  pack(results: Parameters<typeof packRecall>[0]): PackedRecall;
  /** Candidates asked of the search. */
  candidates: number;
}

const scopeOf = (s: LocomoSample) => ({ tenant: 'locomo', user: `conversation-${s.id}` });

/** The turn ids a block holds: its turn records' messages, and the neighbours it shows (by their words, in the record's session). */
function turnsInside(packed: PackedRecall, words: Map<string, Map<string, string[]>>): Set<string> {
  const inside = new Set<string>();
  for (const { result, context } of packed.items) {
    if (result.record.kind !== 'turn') continue;
    for (const id of result.record.provenance.messageIds) inside.add(id);
    const bySession = words.get(result.record.session ?? '');
    for (const line of context) for (const id of bySession?.get(line) ?? []) inside.add(id);
  }
  return inside;
}

/** The suite. */
export const recallBudget: Suite = async (options) => {
  if (!dataFile) throw new Error(`LoCoMo data not found at ${locomoFile}`);
  const data = readLocomo(dataFile);
  const used = options.quick ? data.slice(0, 1) : data;
  const counter = createTokenCounter({ encoding: 'o200k_base' });
  const packings: Packing[] = [
    {
      name: `default budget (${defaultRecallTokens} tokens), the best ${defaultContextRecords} records with their neighbouring turns, the rest alone`,
      setup: '`retrieve(question)`: `packRecall` defaults',
      candidates: recallCandidates(defaultRecallTokens),
      pack: (r) => packRecall(r, { maxTokens: defaultRecallTokens, counter }),
    },
    {
      name: `default budget (${defaultRecallTokens} tokens), every record with its neighbouring turns (the packing before 12ce153)`,
      setup: '`packRecall(results, { context: 100 })`',
      candidates: recallCandidates(defaultRecallTokens),
      pack: (r) => packRecall(r, { maxTokens: defaultRecallTokens, counter, context: 100 }),
    },
    {
      name: `default budget (${defaultRecallTokens} tokens), records alone`,
      setup: '`packRecall(results, { context: 0 })`',
      candidates: recallCandidates(defaultRecallTokens),
      pack: (r) => packRecall(r, { maxTokens: defaultRecallTokens, counter, context: 0 }),
    },
    {
      name: `1,000 tokens, the best ${defaultContextRecords} records with their neighbouring turns, the rest alone`,
      setup: '`retrieve(question, { maxTokens: 1000 })`',
      candidates: recallCandidates(1000),
      pack: (r) => packRecall(r, { maxTokens: 1000, counter }),
    },
    {
      name: '10 records (the former default)',
      setup: '`search(question)` (10 results) formatted whole, no budget',
      candidates: 10,
      pack: (r) => packRecall(r, { maxTokens: 1e6, counter, context: 0 }),
    },
  ];
  const dir = mkdtempSync(join(tmpdir(), 'engram-recall-budget-'));
  const store = createSqliteStore({ path: join(dir, 'recall.db') });
  type Sums = Map<string, { n: number; inside: number; tokens: number; records: number }>;
  const sums = packings.map((): Sums => new Map());
  let questions = 0;
  /** Questions with a relative date: R@10 with dates resolved at the conversation's time, and at the machine's clock. */
  const relative = { n: 0, conversation: 0, clock: 0 };
  const turnIds = (hits: { record: { kind: string; provenance: { messageIds: string[] } } }[]) =>
    hits.flatMap((h) => (h.record.kind === 'turn' ? h.record.provenance.messageIds : []));
  try {
    for (const s of used) {
      const words = new Map<string, Map<string, string[]>>();
      for (const session of s.sessions) {
        const memory = createLongTermMemory({ store, scope: scopeOf(s), session: session.id });
        await memory.record(session.messages);
        const bySpoken = new Map<string, string[]>();
        for (const m of session.messages) {
          const text = spokenText(m);
          bySpoken.set(text, [...(bySpoken.get(text) ?? []), m.id]);
        }
        words.set(session.id, bySpoken);
      }
      const memory = createLongTermMemory({ store, scope: scopeOf(s) });
      for (const q of s.questions) {
        questions++;
        const ranked = await memory.search(q.question, { limit: 100 });
        if (hasRelativeDate(q.question)) {
          const onClock = await memory.search(q.question, { limit: 100, now: new Date() });
          relative.n++;
          relative.conversation += recallAt(q.evidence, turnIds(ranked), 10);
          relative.clock += recallAt(q.evidence, turnIds(onClock), 10);
        }
        packings.forEach((p, i) => {
          const packed = p.pack(ranked.slice(0, p.candidates));
          const inside = turnsInside(packed, words);
          const share =
            q.evidence.length === 0 ? 1 : q.evidence.filter((e) => inside.has(e)).length / q.evidence.length;
          for (const key of ['all', String(q.category)]) {
            const slot = sums[i]!.get(key) ?? { n: 0, inside: 0, tokens: 0, records: 0 };
            slot.n++;
            slot.inside += share;
            slot.tokens += packed.tokens;
            slot.records += packed.items.length;
            sums[i]!.set(key, slot);
          }
        });
      }
      options.log(`conversation ${s.id}: ${s.questions.length} questions`);
    }
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const pct = (slot: { n: number; inside: number } | undefined) =>
    slot ? ((100 * slot.inside) / slot.n).toFixed(1) : '–';
  const rows = packings.map((p, i) => {
    const all = sums[i]!.get('all')!;
    return [
      p.name,
      p.setup,
      pct(all),
      String(Math.round(all.tokens / all.n)),
      (all.records / all.n).toFixed(1),
      ...Object.keys(categories).map((k) => pct(sums[i]!.get(k))),
    ];
  });
  const headline = (100 * sums[0]!.get('all')!.inside) / sums[0]!.get('all')!.n;
  for (const row of rows) options.log(`${row[0]}: evidence inside ${row[2]}% · mean ${row[3]} tokens`);
  const markdown = [
    '## Recall by budget (LoCoMo)',
    '',
    ...sectionIntro(options, `${used.length} conversations, ${questions} questions`),
    '',
    "Each conversation is recorded as in the LoCoMo recall section (`createLongTermMemory(...).record(messages)` per session on a SQLite file, full-text defaults, no embedding model). Each question's ranked records (`search(question, { limit })`, as many candidates as `retrieve` asks for the budget) are packed into one recall block by `packRecall`, counted in o200k_base; the share of the question's evidence turns inside the block is averaged over all questions (a question without valid evidence counts as 1). A turn is inside when its own record is in the block or the block shows it as a neighbouring turn of a record of the same session.",
    '',
    table(
      [
        'recall block',
        'how',
        'evidence inside (%)',
        'mean tokens',
        'mean records',
        ...Object.entries(categories).map(([k, v]) => `${v} (${k})`),
      ],
      rows,
    ),
    '',
    `Against the target: evidence inside the default recall budget ${headline.toFixed(1)}% (target ≥ 90%: ${headline >= 90 ? 'met' : 'missed'}).`,
    '',
    `Relative dates ("yesterday", "last week") resolve against the conversation's time (its latest record) unless the caller gives \`now\`: on the ${relative.n} questions with a relative date, R@10 ${((100 * relative.conversation) / Math.max(1, relative.n)).toFixed(1)} against ${((100 * relative.clock) / Math.max(1, relative.n)).toFixed(1)} with the machine's clock (\`now: new Date()\`, the former default).`,
    '',
    `Every record with its neighbours and records alone reach about the same share: neighbours show evidence next to a hit, records alone reach deeper into the ranking. Giving neighbours to the best ${defaultContextRecords} records only does both (\`defaultContextRecords\`, chosen on this data and the personal-facts development probes).`,
  ].join('\n');
  return { id: 'recall-budget', markdown };
};
