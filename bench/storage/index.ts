/**
 * The storage suite (`npm run bench -- --only storage`, `--quick` for a smoke run): durable appends of one
 * message per awaited call — engram's SQLite driver (both durabilities, public path and raw `store.append`),
 * engram's PostgreSQL driver, Mastra's `saveMessages`, LangGraph's checkpointer `put` and the raw node:sqlite
 * loop on a bare table (the limit) and on engram's schema — in interleaved rounds, so load on the machine falls
 * on every contender alike; then cold opens of a long and a short session in fresh processes. Peers come from
 * `bench/peers` (installed on first use).
 */

import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Suite } from '../report.ts';
import { createAttempts } from './attempt.ts';
import { prepareEnvironment } from './environment.ts';
import { appendEntries, planOf } from './plan.ts';
import { type AppendRow, type ColdRow, renderSection, type StorageFigures } from './storage-section.ts';
import type { AppendResult, ColdOpenResult, Contender, Task } from './tasks.ts';

/** The storage benchmark suite. */
export const storage: Suite = async (options) => {
  const { quick, log } = options;
  const plan = planOf(quick);
  const env = await prepareEnvironment(options, 'engram-bench-storage-', plan.messages);
  const { dir, fixture, fixtureFigures, pg, skipped } = env;
  const peersError = !env.peers;
  const started = performance.now();
  try {
    const out = join(dir, 'result.json');
    const base = { fixture, out, maxTokens: plan.maxTokens };
    const dbOf = (key: string) => join(dir, `${key}.db`);
    const target = (contender: Contender, key: string, session: string) =>
      contender.kind === 'engram-postgres'
        ? { db: pg!.url, pgSchema: pg!.schema, session: `${session}-${key}` }
        : { db: dbOf(key), session };

    // A contender that fails is dropped from the rest of the run and named in the section, with its error.
    const { attempt, failed } = createAttempts(log);

    // 1. Interleaved append rounds.
    const entries = appendEntries({ peers: !peersError, postgres: pg !== undefined });
    const rows = new Map<string, AppendRow>();
    for (let round = 0; round < plan.rounds; round++) {
      log(`append round ${round + 1}/${plan.rounds}`);
      for (const e of entries) {
        const count = plan[e.size] / plan.rounds;
        const task: Task = {
          ...base,
          ...target(e.contender, e.key, 'bench'),
          op: 'append',
          contender: e.contender,
          count,
          from: round * count,
        };
        const r = await attempt<AppendResult>(e.key, task);
        if (!r) {
          rows.delete(e.key);
          continue;
        }
        const row = rows.get(e.key) ?? {
          key: e.key,
          label: e.label,
          contender: e.contender,
          count: 0,
          ms: 0,
          rounds: [],
        };
        row.count += r.count;
        row.ms += r.ms;
        row.rounds.push((r.count / r.ms) * 1000);
        row.settings = r.settings;
        row.bytes = r.bytes;
        row.notes = r.notes;
        rows.set(e.key, row);
        log(`  ${e.key}: ${((r.count / r.ms) * 1000).toFixed(0)} appends/s`);
      }
    }

    // 2. WAL pages per append (deterministic: where the disk time goes).
    const walPages = new Map<string, number>();
    for (const e of entries.filter(
      (x) => x.contender.kind === 'raw' || x.contender.kind === 'engram-sqlite',
    )) {
      if (e.contender.durability !== 'power') continue;
      const key = `wal-${e.key}`;
      const task: Task = {
        ...base,
        db: dbOf(key),
        session: 'bench',
        op: 'append',
        contender: e.contender,
        count: plan.walPagesMessages,
        countWalPages: true,
      };
      const r = await attempt<AppendResult>(key, task);
      if (r?.walPagesPerAppend !== undefined) walPages.set(e.key, r.walPagesPerAppend);
      rmSync(dbOf(key), { force: true });
      rmSync(`${dbOf(key)}-wal`, { force: true });
    }

    // 3. LangGraph: per-message puts, then sampled large checkpoints and an extrapolation.
    let langgraph: (AppendResult & { wallMs: number }) | undefined;
    if (!peersError) {
      log(`langgraph: ${plan.langgraphPerMessage} per-message puts, then sampled checkpoints`);
      const task: Task = {
        ...base,
        db: dbOf('langgraph-append'),
        session: 'bench',
        op: 'append',
        contender: { kind: 'langgraph' },
        count: plan.messages,
        perMessageLimit: plan.langgraphPerMessage,
      };
      langgraph = await attempt<AppendResult>('langgraph-append', task);
      rmSync(dbOf('langgraph-append'), { force: true });
    }

    // 4. Cold opens: long (the appended session) and short (a filled one) sessions, each in fresh processes.
    const cold: {
      label: string;
      contender: Contender;
      long: Omit<Task, 'op' | 'fixture' | 'out' | 'count'>;
      short: Omit<Task, 'op' | 'fixture' | 'out' | 'count'>;
      history: number;
      /** Keys of earlier steps this cold open needs (a failure there skips it). */
      requires: string[];
    }[] = [];
    const shortTask = async (contender: Contender, key: string, session: string) => {
      const t = { ...target(contender, key, session), contender };
      await attempt<AppendResult>(`fill-${key}`, { ...base, ...t, op: 'fill', count: plan.shortMessages });
      return t;
    };
    const engramContender: Contender = { kind: 'engram-sqlite', api: 'memory', durability: 'power' };
    const engramLong = {
      ...target(engramContender, 'engram-memory-power', 'bench'),
      contender: engramContender,
    };
    cold.push({
      label: 'engram sqlite: token window `read()`',
      contender: engramLong.contender,
      long: engramLong,
      short: await shortTask(engramLong.contender, 'short-engram', 'short'),
      history: plan.messages,
      requires: ['engram-memory-power', 'fill-short-engram'],
    });
    if (pg) {
      const c: Contender = { kind: 'engram-postgres', api: 'memory' };
      cold.push({
        label: 'engram postgres: token window `read()`',
        contender: c,
        long: { ...target(c, 'pg-memory', 'bench'), contender: c },
        short: await shortTask(c, 'short', 'short'),
        history: plan.postgresMessages,
        requires: ['pg-memory', 'fill-short'],
      });
    }
    if (!peersError) {
      const m: Contender = { kind: 'mastra' };
      cold.push({
        label: 'Mastra: `recall` with `messageHistory.maxTokens`',
        contender: m,
        long: { ...target(m, 'mastra', 'bench'), contender: m },
        short: await shortTask(m, 'short-mastra', 'short'),
        history: plan.messages,
        requires: ['mastra', 'fill-short-mastra'],
      });
      const l: Contender = { kind: 'langgraph' };
      const longLg = { ...target(l, 'langgraph-long', 'bench'), contender: l };
      const fill = await attempt<AppendResult>('fill-langgraph-long', {
        ...base,
        ...longLg,
        op: 'fill',
        count: plan.messages,
      });
      if (langgraph && fill)
        langgraph.notes = [
          ...(langgraph.notes ?? []),
          `one put of the full ${plan.messages.toLocaleString('en-US')}-message checkpoint (cold-open fixture): ${fill.ms.toFixed(0)} ms`,
        ];
      cold.push({
        label: 'LangGraph: `getTuple` (latest checkpoint)',
        contender: l,
        long: longLg,
        short: await shortTask(l, 'short-langgraph', 'short'),
        history: plan.messages,
        requires: ['fill-langgraph-long', 'fill-short-langgraph'],
      });
    }
    const coldRows: ColdRow[] = [];
    for (const c of cold)
      coldRows.push({ label: c.label, contender: c.contender, history: c.history, long: [], short: [] });
    for (let rep = 0; rep < plan.coldOpens; rep++) {
      log(`cold opens ${rep + 1}/${plan.coldOpens}`);
      for (const [i, c] of cold.entries()) {
        for (const which of ['long', 'short'] as const) {
          if (c.requires.some((k) => failed.has(k))) continue;
          const r = await attempt<ColdOpenResult>(`cold-open-${c.requires[0]}`, {
            ...base,
            ...c[which],
            op: 'cold-open',
            count: 0,
          });
          if (r) coldRows[i]![which].push(r);
        }
      }
    }

    // 5. Where an engram cold open's time goes: one instrumented open of each SQLite session.
    const sqlProfile: Record<string, ColdOpenResult> = {};
    for (const which of ['long', 'short'] as const) {
      const c = cold[0]!;
      if (c.requires.some((k) => failed.has(k))) continue;
      const r = await attempt<ColdOpenResult>(`sql-profile-${which}`, {
        ...base,
        ...c[which],
        op: 'cold-open',
        count: 0,
        profileSql: true,
      });
      if (r) sqlProfile[which] = r;
    }

    const figures: StorageFigures = {
      options,
      plan,
      fixture: fixtureFigures,
      appends: [...rows.values()],
      walPages,
      langgraph,
      cold: coldRows.filter((c) => c.long.length > 0 && c.short.length > 0),
      sqlProfile,
      skipped: [...skipped, ...[...failed].map(([key, error]) => `${key} failed (${error})`)],
      minutes: (performance.now() - started) / 60_000,
    };
    return { id: 'storage', markdown: renderSection(figures) };
  } finally {
    await env.release();
  }
};
