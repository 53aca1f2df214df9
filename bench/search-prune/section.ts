/** The markdown section of the search and prune suite. */

import { int, machine, ms, percentile, ratio, table } from '../report.ts';
import { p50 } from './measure.ts';
import type { SearchPruneFigures, SearchPrunePlan } from './run.ts';

/** What the section shows. */
export interface SearchPruneSection {
  quick: boolean;
  plan: SearchPrunePlan & { prefill: number };
  figures: SearchPruneFigures;
  appends: Map<string, number[]>;
  postgresSkipped?: string;
}

const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / v.length;
const met = (ok: boolean) => (ok ? 'met' : '**missed**');

/** Renders the section. */
export function renderSearchPrune(s: SearchPruneSection): string {
  const { plan, figures } = s;
  const target = int(plan.target);
  const total = int(plan.total);
  const searchRows: string[][] = [];
  const scaled: [
    string,
    Exclude<keyof SearchPruneFigures['sqlite']['alone'], 'sessionOptimized' | 'ftsCount' | 'ftsRanked'>,
  ][] = [
    ['session-scoped `searchMessages`', 'session'],
    ['tenant-scoped `searchMessages`', 'tenant'],
    ['`memory.search(text)` (default options)', 'memory'],
    ['most frequent word, session-scoped (worst case)', 'worst'],
  ];
  for (const [driver, runs] of [
    ['SQLite', figures.sqlite],
    ['PostgreSQL', figures.postgres],
  ] as const) {
    if (!runs) continue;
    for (const [what, key] of scaled) {
      const alone = p50(runs.alone[key]);
      const big = p50(runs.big[key]);
      const r = big / alone;
      const goal =
        key === 'session' || key === 'tenant'
          ? `≤ 1.5×: ${met(r <= 1.5)}`
          : key === 'memory' && driver === 'SQLite'
            ? `p50 ≤ 20 ms: ${met(big <= 20 && alone <= 20)}`
            : '';
      searchRows.push([
        `${driver} ${what}`,
        ms(alone),
        ms(big),
        ms(percentile(runs.big[key], 90)),
        ratio(r),
        goal,
      ]);
    }
  }
  const optimized = figures.sqlite.alone.sessionOptimized;
  const optimizedBig = figures.sqlite.big.sessionOptimized;
  if (optimized && optimizedBig) {
    const [alone, big] = [p50(optimized), p50(optimizedBig)];
    searchRows.push([
      'SQLite session-scoped `searchMessages`, after FTS5 `optimize` (one segment)',
      ms(alone),
      ms(big),
      ms(percentile(optimizedBig, 90)),
      ratio(big / alone),
      'the segment count is not the limit when this stays > 1.5×',
    ]);
  }
  const probes: [string, 'ftsCount' | 'ftsRanked', string][] = [
    [
      "SQLite FTS5 alone, after `optimize`: the session's matching rows counted (its rowid range)",
      'ftsCount',
      "reading the session's own rows",
    ],
    [
      'SQLite FTS5 alone, after `optimize`: the same rows ranked by bm25, best 20',
      'ftsRanked',
      'bm25 weighs each term by its document count in the whole index, read from every row of the term',
    ],
  ];
  for (const [what, key, why] of probes) {
    const a = figures.sqlite.alone[key];
    const b = figures.sqlite.big[key];
    if (!a || !b) continue;
    searchRows.push([what, ms(p50(a)), ms(p50(b)), ms(percentile(b, 90)), ratio(p50(b) / p50(a)), why]);
  }
  const pruneRows: string[][] = [];
  const [few, many] = plan.tombstones as [number, number];
  for (const [driver, byCount] of Object.entries(figures.prune)) {
    const a = p50(byCount[few] ?? []);
    const b = p50(byCount[many] ?? []);
    pruneRows.push([driver, ms(a), ms(b), ratio(b / a), `≤ 1.5×: ${met(b / a <= 1.5)}`]);
  }
  const appendRows: string[][] = [];
  for (const durability of ['power', 'process']) {
    const on = s.appends.get(`${durability}: indexed at commit`) ?? [];
    const off = s.appends.get(`${durability}: no full-text index`) ?? [];
    appendRows.push([
      durability,
      `${ms(p50(on))} / ${ms(mean(on))}`,
      `${ms(p50(off))} / ${ms(mean(off))}`,
      `${ratio(p50(on) / p50(off))} / ${ratio(mean(on) / mean(off))}`,
    ]);
  }
  return `## Search and prune

Command: \`npm run bench -- search-prune${s.quick ? ' --quick' : ''}\` (\`bench/search-prune/\`). ${machine()}.

**Search.** A ${target}-message session (tenant \`solo\`, beside 40 sessions of 25 messages) of synthetic chat text
(8–40 words a message from a 30,000-word Zipf vocabulary), in a database of its own ("alone") and inside a
${total}-message SQLite file whose other 90 sessions (10 other tenants) were appended in the same rounds, ten
messages per append, so its rows are interleaved with everyone else's. ${plan.queries} queries of one or two words
taken from random messages of the session (the 100 most frequent words left out), ${plan.reps} timed rounds after
a warm-up call each; limit 20. Paired: each query runs on the database alone and at once on the larger one (which
goes first alternates), so a change in the machine's speed falls on both. Times in ms per call; ratio = inside / alone.${s.postgresSkipped ? ` PostgreSQL skipped: ${s.postgresSkipped}.` : ''}

${table(['search', 'alone p50', `in ${total} p50`, 'p90', 'ratio', 'target'], searchRows)}

**Prune.** \`memory.prune(tokens - 1)\` per call (each removes the oldest live message) after the session's oldest
${int(few)} or ${int(many)} messages were deleted; ${plan.pruneCalls} calls each, p50 ms. SQLite on a durable file
(\`durability: 'power'\`, so each call includes its commit's fsync), and the in-process store.

${table(['driver', `${int(few)} tombstones`, `${int(many)} tombstones`, 'ratio', 'target'], pruneRows)}

**Appends and the full-text index.** \`store.append\` of one message per awaited call into a session of
${int(plan.prefill)} messages, on durable SQLite files, with the full-text index written at commit (schema v8)
and with its insert trigger dropped (the same store, no full-text indexing), in interleaved rounds. p50 / mean ms.

${table(['durability', 'indexed at commit', 'no full-text index', 'cost of the index'], appendRows)}
`;
}
