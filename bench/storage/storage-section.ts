/** Renders the storage suite's section of BENCHMARKS.md from its measured figures. */

import { commandLine, int, median, ms, ratio, type SuiteOptions, sectionIntro, table } from '../report.ts';
import type { FixtureFigures } from './fixture.ts';
import type { Plan } from './plan.ts';
import type { AppendResult, ColdOpenResult, Contender } from './tasks.ts';

/** One append contender's totals over the rounds. */
export interface AppendRow {
  /** Stable key (plan.ts). */
  key: string;
  /** Label in the table. */
  label: string;
  /** Who. */
  contender: Contender;
  /** Messages appended in all rounds. */
  count: number;
  /** Milliseconds of those appends. */
  ms: number;
  /** Appends per second in each round (the log grows a fifth per round). */
  rounds: number[];
  /** Database settings read back by the last round. */
  settings?: string;
  /** Database size after the last round, bytes. */
  bytes?: number;
  /** Facts the contender reported. */
  notes?: string[];
}

/** One cold-open contender: results of the long and the short session. */
export interface ColdRow {
  /** Label in the table. */
  label: string;
  /** Who. */
  contender: Contender;
  /** Messages of the long session. */
  history: number;
  /** Results of the long session, one per fresh process. */
  long: ColdOpenResult[];
  /** Results of the short session. */
  short: ColdOpenResult[];
}

/** Everything the section shows. */
export interface StorageFigures {
  /** The options of the run (quick, command, preliminary note). */
  options: SuiteOptions;
  /** The sizes used. */
  plan: Plan;
  /** What the messages were. */
  fixture: FixtureFigures;
  /** Append contenders, in table order. */
  appends: AppendRow[];
  /** WAL pages written per append, by append key (power durability). */
  walPages: Map<string, number>;
  /** LangGraph's prefix measurement and extrapolation. */
  langgraph?: AppendResult & { wallMs: number };
  /** Cold-open contenders. */
  cold: ColdRow[];
  /** Instrumented engram sqlite cold opens (`long`, `short`): the slowest statements. */
  sqlProfile: Record<string, ColdOpenResult>;
  /** Contenders left out, with why. */
  skipped: string[];
  /** Wall time of the suite. */
  minutes: number;
}

const rate = (count: number, millis: number) => (count / millis) * 1000;
const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
const verdict = (ok: boolean) => (ok ? '**met**' : '**missed**');

/**
 * appends/s of `a` ÷ those of `b`, paired round by round (both ran in the same round, moments apart), then the
 * median: load on the shared machine moves whole rounds, so this is steadier than a ratio of totals.
 */
function paired(f: StorageFigures, a: string, b: string): number {
  const x = f.appends.find((r) => r.key === a)?.rounds ?? [];
  const y = f.appends.find((r) => r.key === b)?.rounds ?? [];
  return median(x.slice(0, y.length).map((v, i) => v / y[i]!));
}

function appendTable(f: StorageFigures): string {
  const rows = f.appends.map((r) => {
    const perSec = rate(r.count, r.ms);
    const d = r.contender.durability ?? 'power';
    const sqlite = r.contender.kind === 'raw' || r.contender.kind === 'engram-sqlite';
    const of = (key: string) => (sqlite && key !== r.key ? pct(paired(f, r.key, key)) : '');
    const pages = f.walPages.get(r.key);
    return [
      r.label,
      r.settings ??
        (r.contender.kind === 'engram-postgres' ? 'PostgreSQL 15, fsync on, synchronous_commit on' : ''),
      int(r.count),
      int(perSec),
      ms((r.ms / r.count) * 1000),
      of(`raw-${d}`),
      r.contender.kind === 'engram-sqlite' ? of(`raw-engram-${d}`) : '',
      r.rounds.map((x) => int(x)).join(' · '),
      pages === undefined ? '' : pages.toFixed(1),
    ];
  });
  return table(
    [
      'contender',
      'settings (read back)',
      'messages',
      'appends/s',
      'µs/append',
      'of the bare raw loop (same durability; median of per-round ratios)',
      "of the raw loop on engram's schema (same)",
      `appends/s by round (the log grows by 1/${f.plan.rounds} per round)`,
      'WAL pages/append',
    ],
    rows,
  );
}

function targets(f: StorageFigures): string[] {
  if (!f.appends.some((r) => r.key === 'mastra'))
    return ['- Mastra was not measured in this run (see Skipped).'];
  const same = paired(f, 'engram-memory-process', 'mastra');
  return [
    `- Single writer \`memory.store\` vs Mastra \`saveMessages\` at equal durability (engram \`process\`, both \`synchronous=NORMAL\`; median of per-round ratios): ${ratio(same)} (target ≥ 1.5×): ${verdict(same >= 1.5)}. At engram's default \`power\` (FULL, against Mastra's NORMAL): ${ratio(paired(f, 'engram-memory-power', 'mastra'))}. The bare raw loop is ${ratio(paired(f, 'raw-process', 'mastra'))} Mastra at NORMAL, the raw loop on engram's schema ${ratio(paired(f, 'raw-engram-process', 'mastra'))}.`,
  ];
}

function timeSplit(f: StorageFigures): string[] {
  const us = (key: string) => {
    const r = f.appends.find((x) => x.key === key);
    return r ? (r.ms / r.count) * 1000 : Number.NaN;
  };
  const lines: string[] = [];
  for (const d of ['power', 'process']) {
    const raw = us(`raw-${d}`);
    const schema = us(`raw-engram-${d}`);
    const store = us(`engram-store-${d}`);
    const mem = us(`engram-memory-${d}`);
    if (![raw, schema, store, mem].every(Number.isFinite)) continue;
    lines.push(
      `- ${d}: ${ms(mem)} µs per public append = ${ms(raw)} µs the limit (one row in a bare table, one commit) + ${ms(schema - raw)} µs engram's schema (session counter, its indexes and the full-text triggers) + ${ms(store - schema)} µs engram's driver (its JavaScript and any SQL beyond the least the schema needs) + ${ms(mem - store)} µs \`memory.store\` itself (validation, o200k token count).`,
    );
  }
  const pages = f.walPages;
  const raw = pages.get('raw-power');
  if (raw !== undefined) {
    lines.push(
      `- Disk: the bare raw loop writes ${raw.toFixed(1)} WAL pages per append; on engram's schema ${(pages.get('raw-engram-power') ?? Number.NaN).toFixed(1)}; engram's driver ${(pages.get('engram-store-power') ?? Number.NaN).toFixed(1)}. Every page is written before the commit returns.`,
    );
  }
  return lines;
}

function langgraphBlock(f: StorageFigures): string[] {
  const lg = f.langgraph;
  if (!lg) return [];
  const measured = rate(lg.count, lg.ms);
  const out = [
    '',
    '### LangGraph checkpointer: measured on a prefix, extrapolated',
    '',
    `\`SqliteSaver.put\` with the whole message list as the channel value (${lg.settings ?? ''}): the first ${int(lg.count)} messages, one put each, took ${ms(lg.ms)} ms (${int(measured)} puts/s, slowing as the list grows: ${lg.marks
      .map((m, i) => (i === 0 ? m : m - lg.marks[i - 1]!))
      .map((x) => ms(x))
      .join(
        ' · ',
      )} ms per tenth). Database after those puts: ${int((lg.bytes ?? 0) / 2 ** 20)} MiB (every checkpoint keeps a full copy).`,
  ];
  if (lg.estimate) {
    const hours = lg.estimate.ms / 3_600_000;
    out.push(
      '',
      `**Extrapolated, not measured:** ${int(lg.estimate.count)} per-message puts would take ${hours >= 1 ? `${hours.toFixed(1)} hours` : `${(lg.estimate.ms / 1000).toFixed(0)} s`} (${rate(lg.estimate.count, lg.estimate.ms).toFixed(1)} appends/s on average) — model: ${lg.estimate.model}.`,
    );
  }
  for (const n of lg.notes ?? []) out.push(`- ${n}`);
  return out;
}

function coldTable(f: StorageFigures): string {
  const rows = f.cold.map((c) => {
    const long = median(c.long.map((r) => r.ms));
    const short = median(c.short.map((r) => r.ms));
    const l0 = c.long[0];
    const range = (xs: ColdOpenResult[]) =>
      `${ms(Math.min(...xs.map((r) => r.ms)))}–${ms(Math.max(...xs.map((r) => r.ms)))}`;
    return [
      c.label,
      `${int(l0?.messages ?? 0)} msgs${Number.isFinite(l0?.tokens ?? Number.NaN) && l0?.tokens !== null ? `, ${int(l0!.tokens)} tokens` : ''}`,
      `${ms(long)} (${range(c.long)})`,
      `${ms(short)} (${range(c.short)})`,
      ratio(long / short),
      ms(median(c.long.map((r) => r.importMs))),
      ms(median(c.long.map((r) => (r as ColdOpenResult & { wallMs: number }).wallMs))),
    ];
  });
  const longN = int(f.plan.messages);
  return table(
    [
      'cold open (new process, new handle)',
      'result (long session)',
      `ms, ${longN}-message session (min–max)`,
      `ms, ${int(f.plan.shortMessages)}-message session`,
      'long ÷ short',
      'module import ms',
      'process wall ms',
    ],
    rows,
  );
}

/** The markdown of the section. */
export function renderSection(f: StorageFigures): string {
  const fx = f.fixture;
  const engramCold = f.cold.find((c) => c.contender.kind === 'engram-sqlite');
  const flat = engramCold
    ? median(engramCold.long.map((r) => r.ms)) / median(engramCold.short.map((r) => r.ms))
    : Number.NaN;
  const pgRow = f.appends.find((r) => r.key === 'pg-memory');
  return [
    '## Storage: durable appends and cold opens',
    '',
    ...sectionIntro(f.options, `the suite took ${f.minutes.toFixed(1)} min`),
    '',
    `Messages: one scripted tool-using agent session (\`createScriptedConversation\`, seed 7, tool results at 0.1× size): ${int(fx.messages)} messages, ${int(fx.meanBytes)} bytes and ${int(fx.meanTokens)} o200k tokens each on average (${Object.entries(
      fx.roles,
    )
      .map(([r, n]) => `${int(n)} ${r}`)
      .join(
        ', ',
      )}). Every append is one message per awaited call, durable when it returns; engram counts tokens with the o200k_base BPE (\`createTokenCounter({ encoding: 'o200k_base' })\`, inside the timed call on the public path). Contenders append in ${f.plan.rounds} interleaved rounds (each a fresh process appending the next part of its log), so load from other processes on this shared machine falls on all of them alike; ratios within this run are the result, absolute times are not comparable across runs. Peers: \`@mastra/memory@1.31.0\`, \`@mastra/libsql@1.23.1\`, \`@mastra/core@1.71.0\`, \`@langchain/langgraph-checkpoint-sqlite@1.0.4\` (better-sqlite3 13.2), installed in \`bench/peers\`.`,
    ...(f.skipped.length ? ['', `Skipped: ${f.skipped.join('; ')}.`] : []),
    '',
    "**Durability.** engram's SQLite store defaults to `durability: 'power'`: WAL + `synchronous=FULL`, so an acknowledged append survives power loss (the WAL is fsynced at every commit). `durability: 'process'` is WAL + `synchronous=NORMAL`: an append survives a crash of the process, but the last transactions may be lost on power loss or an OS crash (the WAL is fsynced only at checkpoints). Mastra's LibSQLStore sets `synchronous=NORMAL` itself, and LangGraph's SqliteSaver gets NORMAL from better-sqlite3's WAL default: both are process-durable, so they compare with engram's `process` rows on equal terms.",
    '',
    `### Appends: ${int(f.plan.messages)} messages${pgRow ? `, PostgreSQL ${int(f.plan.postgresMessages)}` : ''}, one per awaited call, single writer`,
    '',
    commandLine(f.options),
    '',
    appendTable(f),
    '',
    'Targets (issue 7):',
    ...targets(f),
    '',
    "Where an append's time goes (differences of the rows' totals above, same log sizes; on a loaded machine a small difference can come out negative):",
    ...timeSplit(f),
    ...(f.appends.find((r) => r.key === 'mastra')?.notes ?? []).map((n) => `- Mastra: ${n}.`),
    ...langgraphBlock(f),
    '',
    `### Cold open: a ${int(f.plan.maxTokens)}-token window of a long session`,
    '',
    `Median of ${f.plan.coldOpens} fresh processes each. engram: \`createSqliteStore\` / \`createPostgresStore\` on the existing database, then \`createTokenWindowMemory({ conversation: createConversationMemory({ store, sessionId }), maxTokens: ${int(f.plan.maxTokens)} }).read()\`. Mastra: a new \`LibSQLStore\` + \`Memory\`, then \`recall\` with \`threadConfig.messageHistory = { maxTokens: ${int(f.plan.maxTokens)}, atMaxRemoveTokens: 0 }\` (its token-limited history loader). LangGraph: a new \`SqliteSaver\`, then \`getTuple\` — it restores the whole list (a window would still need \`trimMessages\` over it). The PostgreSQL long session has ${int(f.plan.postgresMessages)} messages.`,
    '',
    commandLine(f.options),
    '',
    coldTable(f),
    '',
    `Flatness (target: the ${int(f.plan.messages)}-message session no slower than 2× the ${int(f.plan.shortMessages)}-message one): engram sqlite ${ratio(flat)}: ${verdict(flat <= 2)}. The database files were written moments before, so the OS page cache is warm: "cold" means a new process and a new handle.`,
    ...sqlProfileLines(f),
  ].join('\n');
}

function sqlProfileLines(f: StorageFigures): string[] {
  const lines: string[] = [];
  for (const [which, r] of Object.entries(f.sqlProfile)) {
    const n = which === 'long' ? f.plan.messages : f.plan.shortMessages;
    const parts = Object.entries(r.parts ?? {});
    const all = parts.find(([k]) => k === '(all SQL)')?.[1] ?? Number.NaN;
    const top = parts.filter(([k]) => k !== '(all SQL)');
    lines.push(
      `- Instrumented engram sqlite cold open, ${int(n)}-message session: ${ms(r.ms)} ms, of which SQL ${ms(all)} ms; slowest: ${top.map(([sql, t]) => `${ms(t)} ms \`${sql.length > 150 ? `${sql.slice(0, 150)}…` : sql}\``).join('; ')}.`,
    );
  }
  return lines.length
    ? [
        '',
        "Where an engram cold open's time goes (one extra instrumented process per session, every statement timed):",
        ...lines,
      ]
    : [];
}
