/** The checkpointer section of BENCHMARKS.md: measured rows, the extrapolated SqliteSaver row, the ratios. */

import { fitLine, int, ms, ratio, type SuiteOptions, sectionIntro, table } from '../report.ts';
import type { FixtureFigures } from '../storage/fixture.ts';
import { type GraphRow, renderGraphPart } from './graph-section.ts';
import type { CheckpointerContender, OnePutResult, PutsResult } from './tasks.ts';

/** One measured run. */
export interface Row {
  label: string;
  contender: CheckpointerContender;
  size: number;
  result: PutsResult;
}

/** What the section is made from. */
export interface CheckpointerFigures {
  options: SuiteOptions;
  sizes: number[];
  fixture: FixtureFigures;
  rows: Row[];
  onePut: OnePutResult | undefined;
  /** Runs of a real LangGraph graph (plain channel and `DeltaChannel`), when the peers are installed. */
  graphRows: GraphRow[];
  /** The sizes the graph part ran at. */
  graphSizes: number[];
  failures: string[];
  minutes: number;
}

const mib = (bytes: number) =>
  bytes >= 2 ** 30
    ? `${(bytes / 2 ** 30).toFixed(1)} GiB`
    : `${(bytes / 2 ** 20).toFixed(bytes >= 100 * 2 ** 20 ? 0 : 1)} MiB`;

/** SqliteSaver at the largest size, from its smallest measured run and the single large puts. */
function extrapolate(f: CheckpointerFigures) {
  const small = f.rows.find((r) => r.contender.kind === 'langgraph' && r.size === f.sizes[0]);
  const n = f.sizes.at(-1)!;
  if (!small?.result.times || !f.onePut || f.sizes.length < 2) return undefined;
  const sSmall = f.onePut.listBytesSum[f.sizes[0]!]!;
  const sLarge = f.onePut.listBytesSum[n]!;
  const points: [number, number][] = [
    ...small.result.times.map((t, i): [number, number] => [i + 1, t]),
    ...f.onePut.ms.map((t): [number, number] => [n, t]),
  ];
  const { a, b } = fitLine(points);
  return {
    n,
    bytes: small.result.bytes * (sLarge / sSmall),
    ms: a * n + (b * n * (n + 1)) / 2,
    lastPutMs: a + b * n,
    model: `bytes = ${mib(small.result.bytes)} × Σ_{k≤${int(n)}} L(k) ÷ Σ_{k≤${int(f.sizes[0]!)}} L(k), where L(k) is the JSON size of the list after k messages (each checkpoint stores the whole list); put(k) ≈ ${a.toFixed(2)} ms + ${(b * 1000).toFixed(1)} µs × k, fitted over the ${int(small.size)} timed puts and ${f.onePut.ms.length} single puts of the ${int(n)}-message checkpoint (${f.onePut.ms.map((t) => ms(t)).join(' / ')} ms, ${mib(f.onePut.bytes)} each); total = Σ put(k) for k = 1…${int(n)}`,
  };
}

/** The section's markdown. */
export function renderCheckpointer(f: CheckpointerFigures): string {
  const head = [
    'checkpointer',
    'settings (read back)',
    'messages (LangChain messages)',
    '`put` total',
    'mean per put',
    'last put',
    'bytes on disk',
    'bytes per message',
    'log entries',
    '`getTuple` latest',
  ];
  const body: string[][] = [];
  for (const size of f.sizes)
    for (const r of f.rows.filter((x) => x.size === size))
      body.push([
        r.label,
        r.result.settings,
        `${int(r.size)} (${int(r.result.lcMessages)})`,
        `${ms(r.result.ms)} ms`,
        `${ms(r.result.ms / r.size)} ms`,
        `${ms(r.result.lastPutMs)} ms`,
        mib(r.result.bytes),
        int(r.result.bytes / r.size),
        r.result.logEntries === undefined ? '' : int(r.result.logEntries),
        `${ms(r.result.getTupleMs)} ms`,
      ]);
  const est = extrapolate(f);
  if (est)
    body.push([
      'LangGraph `SqliteSaver` (**extrapolated**, not measured)',
      f.rows.find((r) => r.contender.kind === 'langgraph')!.result.settings,
      `${int(est.n)}`,
      `≈ ${ms(est.ms)} ms`,
      `≈ ${ms(est.ms / est.n)} ms`,
      `≈ ${ms(est.lastPutMs)} ms`,
      `≈ ${mib(est.bytes)}`,
      `≈ ${int(est.bytes / est.n)}`,
      '',
      '',
    ]);

  /** engram's SQLite `process` row of a size, by default or with `trustMessageObjects`. */
  const engramRow = (size: number, trust: boolean) =>
    f.rows.find(
      (r) =>
        r.size === size &&
        r.contender.kind === 'engram-sqlite' &&
        r.contender.durability === 'process' &&
        (r.contender.trust ?? false) === trust,
    );
  const ratios: string[] = [];
  for (const size of f.sizes) {
    const lg = f.rows.find((r) => r.size === size && r.contender.kind === 'langgraph');
    const other = lg
      ? { bytes: lg.result.bytes, ms: lg.result.ms, how: 'measured' }
      : est && est.n === size
        ? { bytes: est.bytes, ms: est.ms, how: 'extrapolated' }
        : undefined;
    const [exact, trusting] = [engramRow(size, false), engramRow(size, true)];
    if (!exact || !other) continue;
    ratios.push(
      `- ${int(size)} messages (SqliteSaver ${other.how}): SqliteSaver takes ${ratio(other.bytes / exact.result.bytes)} the bytes and ${ratio(other.ms / exact.result.ms)} the \`put\` time of engram's saver${trusting ? ` (${ratio(other.ms / trusting.result.ms)} with \`trustMessageObjects\`)` : ''}.`,
    );
  }
  const growth = (trust: boolean) => {
    const [a, b] = f.sizes.map((s) => engramRow(s, trust));
    if (!a || !b) return undefined;
    const perPut = (r: Row) => r.result.ms / r.size;
    return `${ratio(b.result.bytes / a.result.bytes)} the bytes and ${ratio(perPut(b) / perPut(a))} the mean time per put`;
  };
  const [exactGrowth, trustGrowth] = [growth(false), growth(true)];
  const growthLines = exactGrowth
    ? [
        `From ${int(f.sizes[0]!)} to ${int(f.sizes.at(-1)!)} messages (${ratio(f.sizes.at(-1)! / f.sizes[0]!)} the conversation) engram's saver (SQLite, \`process\`) takes ${exactGrowth}: storage grows with the messages, not with the square of the conversation. Each put also walks every message of its list to check that the ones it already stored are unchanged (an edit made in place must be stored again): cheaper than serializing them, but a cost proportional to the list${trustGrowth ? `; with \`trustMessageObjects\` (no walk, a lookup per message) it takes ${trustGrowth}` : ''}.`,
        '',
      ]
    : [];

  const fx = f.fixture;
  return [
    '## LangGraph checkpointer: bytes and `put` time of a growing conversation',
    '',
    ...sectionIntro(f.options, `the suite took ${f.minutes.toFixed(1)} min`),
    '',
    `A conversation appended one message per checkpoint, as a LangGraph app persists its \`messages\` channel: after each message a \`put\` of a checkpoint whose channel holds the whole list so far (a new array each step, the message objects carried over as LangGraph's reducer does), \`newVersions\` naming the channel, the previous checkpoint as parent. Messages: the storage suite's scripted tool-using session (\`createScriptedConversation\`, seed 7, tool results at 0.1×: ${int(fx.meanBytes)} bytes and ${int(fx.meanTokens)} o200k tokens per message on average), converted to LangChain messages before the clock starts (a tool message with several results becomes several). Only \`put\` is timed, each in a fresh process per row. engram's saver (\`createEngramCheckpointSaver\`) stores each message once in the thread's engram log and a checkpoint as a record pointing at its range, checking at each put, by a walk over each message's fields, that the messages it already stored are unchanged (the \`trustMessageObjects\` row skips that walk: a lookup per message); LangGraph's \`SqliteSaver\` (\`@langchain/langgraph-checkpoint-sqlite@1.0.4\`, better-sqlite3 13.2, from \`bench/peers\`) serializes the whole list into every checkpoint. Bytes on disk: the database file with its WAL after closing; on PostgreSQL the schema's tables, indexes and TOAST (\`pg_total_relation_size\`).`,
    '',
    table(head, body),
    '',
    ...(ratios.length
      ? ['Ratios (SqliteSaver ÷ engram, both on SQLite at synchronous=NORMAL):', ...ratios, '']
      : []),
    ...growthLines,
    ...(est
      ? [
          `**Extrapolated, not measured:** SqliteSaver at ${int(est.n)} messages (${int(est.n)} per-message puts would write about ${mib(est.bytes)}). Model: ${est.model}.`,
          '',
        ]
      : []),
    ...renderGraphPart(f.graphRows, f.graphSizes),
    ...(f.failures.length ? [`Left out or failed: ${f.failures.join('; ')}.`, ''] : []),
  ].join('\n');
}
