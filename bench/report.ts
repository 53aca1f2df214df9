/**
 * Helpers shared by benchmark suites: statistics, the machine description, markdown tables, and writing one
 * suite's section into BENCHMARKS.md between its own markers (other sections are left as they are).
 */

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';

/** What a suite hands back to the runner. */
export interface SuiteResult {
  /** Stable id: the section's markers are `<!-- bench:<id>:start -->` / `<!-- bench:<id>:end -->`. */
  id: string;
  /** The markdown of the section (a `## ` heading first). */
  markdown: string;
}

/** Options every suite receives. */
export interface SuiteOptions {
  /** A smoke run in seconds (`--quick`): tiny sizes, figures printed, BENCHMARKS.md untouched. */
  quick: boolean;
  /** Prints progress. */
  log: (line: string) => void;
  /** The exact command of this run (`npm run bench -- …`), stated above every table. @default 'npm run bench' */
  command?: string;
  /** A note marking every figure as preliminary (`--preliminary`), e.g. on a machine loaded by other work. */
  preliminary?: string;
  /** Whether peer libraries (bench/peers) may be installed and measured (`--no-peers` turns them off). @default true */
  peers?: boolean;
  /** Whether a PostgreSQL server may be started and measured (`--no-postgres` turns it off). @default true */
  postgres?: boolean;
}

/** A benchmark suite: runs and returns its section. */
export type Suite = (options: SuiteOptions) => Promise<SuiteResult>;

const header = `# Benchmarks

Figures from \`npm run bench\` (\`bench/run.ts\`). Each section is written by one suite and states the command
that produced it and the machine it ran on. Compare ratios measured in one run, not absolute times across runs.
`;

/** Replaces (or appends) the section `id` of a markdown file; creates the file with a header when missing. */
export function writeSection(file: string, id: string, markdown: string): void {
  const start = `<!-- bench:${id}:start -->`;
  const end = `<!-- bench:${id}:end -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : header;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  const next =
    from >= 0 && to > from
      ? text.slice(0, from) + block + text.slice(to + end.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next.endsWith('\n') ? next : `${next}\n`);
}

/** `Command: \`…\``, the line every result table is introduced by (with the commit it ran on). */
export function commandLine(options: Pick<SuiteOptions, 'command' | 'quick'>): string {
  const command = options.command ?? `npm run bench${options.quick ? ' -- --quick' : ''}`;
  return `Command: \`${command}\`${revision ? ` (at ${revision})` : ''}`;
}

/** The lines opening a section: the preliminary marker (when given), the command, the date and the machine. */
export function sectionIntro(options: SuiteOptions, details = ''): string[] {
  const date = new Date().toISOString().slice(0, 10);
  return [
    ...(options.preliminary ? [`**Preliminary (${options.preliminary}), ${date}.**`, ''] : []),
    `${commandLine(options)} · ${date}${details ? ` · ${details}` : ''}.`,
    `Machine: ${machine()}.`,
  ];
}

/** The commit the bench runs on (`abc1234`, `+ changes` when the work tree differs), or '' outside git. */
const revision = (() => {
  const git = (...args: string[]) => spawnSync('git', args, { encoding: 'utf8', cwd: import.meta.dirname });
  const head = git('rev-parse', '--short', 'HEAD');
  if (head.status !== 0) return '';
  const dirty = git('status', '--porcelain', '--untracked-files=no').stdout.trim() !== '';
  return `${head.stdout.trim()}${dirty ? ' + uncommitted changes' : ''}`;
})();

/** Ordinary least squares of y = a + b·x. */
export function fitLine(points: readonly [number, number][]): { a: number; b: number } {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  }
  const b = sxx > 0 ? sxy / sxx : 0;
  return { a: my - b * mx, b };
}

/** The median of numbers (NaN for none). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A percentile (0–100) of a list, or NaN. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** One line describing the machine: node version, CPU model and count, memory, OS. */
export function machine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  const gib = (os.totalmem() / 2 ** 30).toFixed(0);
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  return `Node ${process.version}, ${cpus.length} × ${model}, ${gib} GiB RAM, ${os.type()} ${os.release()} (${os.arch()}); load average ${load} (1/5/15 min) when written`;
}

/** A markdown table. */
export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Milliseconds with sensible precision. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

/** A ratio like `123×`, `1.5×` or `0.042×` (two significant digits below 1). */
export function ratio(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (value >= 10) return `${value.toFixed(0)}×`;
  return value >= 1 ? `${value.toFixed(1)}×` : `${Number(value.toPrecision(2))}×`;
}

/** An integer with thousands separators. */
export function int(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/**
 * The GC function: `globalThis.gc` under `--expose-gc`, else one obtained by turning that V8 flag on at run time
 * (works on current Node); undefined when neither is possible.
 */
type GcFunction = (options?: { type: 'major' | 'minor' }) => void;
const gc: GcFunction | undefined = (() => {
  const exposed = (globalThis as { gc?: GcFunction }).gc;
  if (typeof exposed === 'function') return exposed;
  try {
    v8.setFlagsFromString('--expose-gc');
    const fn = vm.runInNewContext('gc') as unknown;
    return typeof fn === 'function' ? (fn as GcFunction) : undefined;
  } catch {
    return undefined; // No GC between phases: timings then include collections triggered by earlier phases.
  }
})();

/**
 * Runs a GC between measured phases when possible; otherwise does nothing. `'full'` (the default) collects the
 * whole heap; `'minor'` only the young generation, so the next phase starts with an empty nursery. Measured in
 * the context suite: right after a forced full GC of a multi-GB heap, the next few milliseconds of any code run
 * about 2× slower (a 4 ms turn took 9 ms), so that suite gives every contender's phase a minor GC, and full
 * collections happen where the allocations trigger them.
 */
export function collectGarbage(kind: 'full' | 'minor' = 'full'): void {
  gc?.(kind === 'minor' ? { type: 'minor' } : undefined);
}

/** Whether `collectGarbage` does anything in this process. */
export const gcAvailable = gc !== undefined;
