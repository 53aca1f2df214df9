/** The markdown of the write-path section: tables of the runs, ratios, and each target's verdict. */

import { int, machine, median, ms, ratio, table } from '../report.ts';
import type { FixtureFigures } from '../storage/fixture.ts';
import type { WriteEntry, WritePlan } from './plan.ts';
import type { WriteResult } from './tasks.ts';

/** One contender at one session count, over the rounds. */
export interface RunFigures {
  entry: WriteEntry;
  sessions: number;
  /** Aggregate appends/s per round. */
  rates: number[];
  results: WriteResult[];
}

/** The contention runs of one tree: per round, each process's result. */
export interface ContendFigures {
  tree: 'before' | 'after';
  rounds: WriteResult[][];
}

/** Everything the section shows. */
export interface WritePathFigures {
  quick: boolean;
  plan: WritePlan;
  fixture: FixtureFigures;
  runs: RunFigures[];
  contention: ContendFigures[];
  beforeCommit?: string;
  /** Measured in the same run: first-pass o200k counting, µs per message; PostgreSQL round trip and WAL flush, ms. */
  diagnostics: { countUs: number; postgres?: { roundTripMs: number; flushMs: number } };
  skipped: string[];
  minutes: number;
}

/** The worst (largest) value of one figure over the processes of a contention round. */
const worst = (rs: readonly WriteResult[], key: 'loopP99' | 'loopMax' | 'max') =>
  Math.max(...rs.map((r) => r[key] ?? Number.NaN));

const verdict = (ok: boolean) => (ok ? '**met**' : '**missed**');

/** µs per call at a rate of appends/s. */
const us = (perSecond: number) => 1e6 / perSecond;

/** Where the missed SQLite targets meet their limit, from figures of this run. */
function limits(f: WritePathFigures, rate: (key: string, n: number) => number): string[] {
  const { countUs } = f.diagnostics;
  const cpu = (key: string, n: number) =>
    median(
      f.runs
        .find((r) => r.entry.key === key && r.sessions === n)
        ?.results.map((r) => r.cpuUs ?? Number.NaN) ?? [],
    );
  const top = Math.max(...f.plan.sessions);
  const out = [
    `Where the time goes (this run): exact o200k counting costs ${ms(countUs)} µs per message on its own (first pass, fresh counter).`,
  ];
  const mastra = rate('mastra', 1);
  if (Number.isFinite(mastra)) {
    const store = us(rate('engram-after-store-process', 1));
    out.push(
      `- Single writer, process durability: \`memory.store\` takes ${ms(us(rate('engram-after-memory-process', 1)))} µs per call (${ms(cpu('engram-after-memory-process', 1))} µs of CPU); 1.5× Mastra's ${ms(us(mastra))} µs means ≤ ${ms(us(mastra) / 1.5)} µs. The durable write alone (\`store.append\`, inputs counted beforehand) takes ${ms(store)} µs and counting ${ms(countUs)} µs: ${ms(store + countUs)} µs before any validation. A lone caller awaits one message at a time, so nothing can overlap the count with the commit (the count is a column of the row being committed).`,
    );
  }
  out.push(
    `- ${top} sessions, process durability: the raw loop commits one bare row in ${ms(us(rate('raw-process', 1)))} µs; engram spends ${ms(cpu('engram-after-memory-process', top))} µs of CPU per message at ${top} sessions, ${ms(countUs)} µs of it counting alone. With \`synchronous=NORMAL\` a commit costs no fsync, so sharing commits saves little; the loop is CPU-bound on one core (node:sqlite runs on the event loop thread). At power durability, where each commit waits for an fsync, sharing it is what counts: ${ratio(rate('engram-after-memory-power', top) / rate('raw-power', 1))} the raw loop.`,
  );
  const pg = f.diagnostics.postgres;
  const before = rate('pg-before', 1);
  if (pg && Number.isFinite(before)) {
    const beforeMs = 1000 / before;
    const saved = 3 * pg.roundTripMs;
    out.push(
      `- PostgreSQL single writer: a round trip takes ${ms(pg.roundTripMs)} ms and a durable commit (WAL flush) ${ms(pg.flushMs)} ms here. An append was 4 round trips (BEGIN, UPDATE, INSERT, COMMIT) and is 1 (\`engram_append_batch\`); the 3 saved are ${ms(saved)} ms of the ${ms(beforeMs)} ms an append took before, so a lone writer, which must wait for its own flush and the server's row work (tsvector, GIN and B-tree inserts) on every append, can gain at most ${ratio(beforeMs / Math.max(beforeMs - saved, 1e-9))} on this machine. With 16 sessions one statement and one flush carry the whole batch.`,
    );
  }
  return out;
}

/** Renders the section. */
export function renderWritePath(f: WritePathFigures): string {
  const rate = (key: string, n: number) =>
    median(f.runs.find((r) => r.entry.key === key && r.sessions === n)?.rates ?? []);
  const cell = (key: string, n: number) => {
    const r = f.runs.find((x) => x.entry.key === key && x.sessions === n);
    return r ? `${int(median(r.rates))} (${r.rates.map(int).join(' · ')})` : '';
  };
  const sqliteRows = f.runs.filter((r) => r.entry.counts !== 'pgSessions');
  const keys = [...new Set(sqliteRows.map((r) => r.entry.key))];
  const labelOf = (key: string) => f.runs.find((r) => r.entry.key === key)!.entry.label;
  const out: string[] = [];
  const before = f.beforeCommit
    ? `before = commit ${f.beforeCommit}, after = this tree`
    : 'no before figures';
  out.push(
    '## Write path: durable appends, group commit, lock waits',
    '',
    `Command: \`ENGRAM_BENCH_BEFORE=${f.beforeCommit ?? '<ref>'} npm run bench -- write-path${f.quick ? ' --quick' : ''}\` (${before}) · ${machine()} · the suite took ${f.minutes.toFixed(1)} min.`,
    '',
    `Messages: the storage suite's scripted agent session (${int(f.fixture.messages)} messages, ${int(f.fixture.meanBytes)} bytes and ${int(f.fixture.meanTokens)} o200k tokens each on average). Each session appends its share one message per awaited call; N sessions run concurrently in one process over one store. \`memory.store\` validates and counts exactly (o200k) inside the timed call; \`store.append\` takes pre-counted inputs. Every run is a fresh process and database; ${f.plan.rounds} interleaved rounds, cells are the median appends/s (each round's figure after it).`,
    '',
    `### SQLite and Mastra: aggregate appends/s, ${int(f.plan.messages)} messages per run`,
    '',
    table(
      ['contender', ...f.plan.sessions.map((n) => `${n} session${n > 1 ? 's' : ''}`)],
      keys.map((k) => [labelOf(k), ...f.plan.sessions.map((n) => cell(k, n))]),
    ),
  );
  const lone = (key: string) => f.runs.find((r) => r.entry.key === key && r.sessions === 1)?.results ?? [];
  const lat = (key: string, q: 'p50' | 'p99') => median(lone(key).map((r) => r[q] * 1000));
  const latencyRows = keys
    .filter((k) => k.startsWith('engram-'))
    .map((k) => [labelOf(k), ms(lat(k, 'p50')), ms(lat(k, 'p99'))]);
  out.push(
    '',
    'Latency of one call, single writer (µs, median over rounds):',
    '',
    table(['contender', 'p50', 'p99'], latencyRows),
  );

  const mastra = (n: number) => rate('mastra', n);
  const lines: string[] = [];
  const ratioLine = (label: string, a: number, b: number, target?: number) =>
    `- ${label}: ${ratio(a / b)}${target !== undefined ? ` (target ≥ ${target}×): ${verdict(a / b >= target)}` : ''}`;
  if (f.runs.some((r) => r.entry.key === 'mastra')) {
    lines.push(
      ratioLine(
        'single writer `memory.store` vs Mastra, equal durability (process = NORMAL)',
        rate('engram-after-memory-process', 1),
        mastra(1),
        1.5,
      ),
      ratioLine(
        'single writer `memory.store` (power) vs Mastra (NORMAL)',
        rate('engram-after-memory-power', 1),
        mastra(1),
      ),
    );
    for (const n of f.plan.sessions.filter((x) => x > 1)) {
      lines.push(
        ratioLine(
          `${n} sessions, \`memory.store\` (process) vs Mastra`,
          rate('engram-after-memory-process', n),
          mastra(n),
          n >= 32 ? 10 : undefined,
        ),
      );
    }
  }
  for (const d of ['process', 'power'] as const) {
    const top = Math.max(...f.plan.sessions);
    lines.push(
      ratioLine(
        `${top} sessions, \`memory.store\` (${d}) vs the raw one-commit loop (${d})`,
        rate(`engram-after-memory-${d}`, top),
        rate(`raw-${d}`, 1),
        1,
      ),
    );
    if (f.beforeCommit)
      for (const n of f.plan.sessions)
        lines.push(
          ratioLine(
            `${n} session${n > 1 ? 's' : ''}, \`memory.store\` (${d}) after / before`,
            rate(`engram-after-memory-${d}`, n),
            rate(`engram-before-memory-${d}`, n),
          ),
        );
  }
  out.push('', 'Ratios (medians of this run):', '', ...lines, '', ...limits(f, rate));

  const pgRows = f.runs.filter((r) => r.entry.counts === 'pgSessions');
  if (pgRows.length > 0) {
    const pgKeys = [...new Set(pgRows.map((r) => r.entry.key))];
    out.push(
      '',
      `### PostgreSQL \`store.append\`: aggregate appends/s, ${int(f.plan.pgMessages)} messages per run (PostgreSQL 15, fsync on, synchronous_commit on)`,
      '',
      table(
        ['contender', ...f.plan.pgSessions.map((n) => `${n} session${n > 1 ? 's' : ''}`)],
        pgKeys.map((k) => [labelOf(k), ...f.plan.pgSessions.map((n) => cell(k, n))]),
      ),
    );
    if (f.beforeCommit)
      out.push(
        '',
        ...f.plan.pgSessions.map((n) =>
          ratioLine(
            `PostgreSQL, ${n} session${n > 1 ? 's' : ''}: after / before`,
            rate('pg-after', n),
            rate('pg-before', n),
            2,
          ),
        ),
      );
  }

  if (f.contention.length > 0) {
    out.push(
      '',
      `### Contention: ${f.plan.contenders} processes × ${int(f.plan.contendMessages)} \`memory.store\` calls into one session of one SQLite file (power)`,
      '',
      'Each process samples its event loop with `monitorEventLoopDelay` (10 ms resolution) and a 5 ms ticker (a loop that never turns records no sample: its whole run is then one delay).',
      '',
      table(
        [
          'code',
          'appends/s, all processes',
          'event-loop delay p99 (worst process), ms',
          'longest event-loop stall, ms',
          'slowest append, ms',
        ],
        f.contention.map((c) => {
          const per = (fn: (rs: WriteResult[]) => number) => c.rounds.map(fn);
          const cellOf = (values: number[], fmt: (v: number) => string) =>
            `${fmt(median(values))} (${values.map(fmt).join(' · ')})`;
          const rate = (rs: WriteResult[]) =>
            (rs.reduce((s, r) => s + r.count, 0) / Math.max(...rs.map((r) => r.ms))) * 1000;
          return [
            c.tree,
            cellOf(per(rate), int),
            cellOf(
              per((rs) => worst(rs, 'loopP99')),
              ms,
            ),
            cellOf(
              per((rs) => worst(rs, 'loopMax')),
              ms,
            ),
            cellOf(
              per((rs) => worst(rs, 'max')),
              ms,
            ),
          ];
        }),
      ),
    );
    const after = f.contention.find((c) => c.tree === 'after');
    if (after) {
      const p99 = median(after.rounds.map((rs) => worst(rs, 'loopP99')));
      out.push(
        '',
        `- event-loop delay p99 under contention (median over rounds of the worst process): ${ms(p99)} ms (target ≤ 50 ms): ${verdict(p99 <= 50)}`,
      );
    }
  }
  if (f.skipped.length > 0) out.push('', `Not measured: ${f.skipped.join('; ')}.`);
  return out.join('\n');
}
