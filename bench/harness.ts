/**
 * The bench harness: which sections exist, how a run is asked for on the command line, and how a section's
 * module is loaded. A section is a module exporting a {@link Suite} (as `suite`, as its default export, or as
 * its only exported function); `bench/<name>.ts` is found by name without being listed here.
 */

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Suite } from './report.ts';

/** Sections by name, with their module (relative to bench/) and, when known, the export holding the suite. */
export const sections: Record<string, { module: string; exportName?: string }> = {
  'context-assembly': { module: './context/index.ts', exportName: 'contextAssembly' },
  'agent-step': { module: './agent-step/index.ts', exportName: 'agentStep' },
  'cold-start': { module: './cold-start/index.ts', exportName: 'coldStart' },
  storage: { module: './storage/index.ts', exportName: 'storage' },
  'window-read': { module: './window-read.ts', exportName: 'windowRead' },
  'search-prune': { module: './search-prune/index.ts', exportName: 'searchPrune' },
  'write-path': { module: './write-path/index.ts', exportName: 'writePath' },
  'token-savings': { module: './token-savings/index.ts', exportName: 'tokenSavings' },
  'longterm-recall': { module: './longterm/locomo.ts', exportName: 'longtermRecall' },
  'longterm-scale': { module: './longterm/scale.ts', exportName: 'longtermScale' },
  'recall-budget': { module: './longterm/recall-budget.ts', exportName: 'recallBudget' },
  'personal-facts': { module: './longterm/personal-facts.ts', exportName: 'personalFacts' },
  'embedding-cost': { module: './longterm/embedding-cost.ts', exportName: 'embeddingCost' },
  consolidation: { module: './consolidation/consolidation.ts', exportName: 'consolidation' },
  checkpointer: { module: './checkpointer/index.ts', exportName: 'checkpointer' },
  inspector: { module: './inspector/index.ts', exportName: 'inspector' },
};

/** What the command line asked for. */
export interface BenchArgs {
  /** Section names as given (`--only a,b` or plain words); empty for every available section. */
  names: string[];
  /** `--quick`: smoke-run sizes, nothing written to BENCHMARKS.md. */
  quick: boolean;
  /** Whether to write BENCHMARKS.md (not with `--quick` or `--no-write`). */
  write: boolean;
  /** `--preliminary[=note]`: every section is marked preliminary, with the note. */
  preliminary?: string;
  /** `--no-peers` turns peer libraries off. */
  peers: boolean;
  /** `--no-postgres` turns the PostgreSQL contenders off. */
  postgres: boolean;
  /** `--json <file>`: also write the sections as JSON. */
  json?: string;
  /** The exact command, as stated above every table. */
  command: string;
}

const quote = (a: string) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`);

/** Environment variables a section reads, stated in the exact command when set. */
export const benchEnvironment = [
  'ENGRAM_BENCH_BEFORE',
  'ENGRAM_BENCH_LTM_RECORDS',
  'ENGRAM_BENCH_SIZES',
] as const;

/**
 * The session sizes a suite that reads `ENGRAM_BENCH_SIZES` runs at (agent-step, cold-start): the comma-separated
 * message counts it gives (stated in the command like every variable of {@link benchEnvironment}), else `defaults`.
 */
export function benchSizes(
  defaults: readonly number[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): number[] {
  const given = env.ENGRAM_BENCH_SIZES?.trim();
  if (!given) return [...defaults];
  const sizes = given.split(',').map(Number);
  if (sizes.some((n) => !Number.isSafeInteger(n) || n < 1))
    throw new Error(`ENGRAM_BENCH_SIZES must be positive integers separated by commas, got "${given}"`);
  return sizes;
}

/**
 * Parses `npm run bench -- …` arguments; throws on an unknown flag. The command states the variables of
 * {@link benchEnvironment} that `env` sets (`ENGRAM_BENCH_BEFORE=abc npm run bench -- …`).
 */
export function parseBenchArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): BenchArgs {
  const names: string[] = [];
  let json: string | undefined;
  let preliminary: string | undefined;
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--only') names.push(...(argv[++i] ?? '').split(',').filter(Boolean));
    else if (a.startsWith('--only=')) names.push(...a.slice(7).split(',').filter(Boolean));
    else if (a === '--json') json = argv[++i];
    else if (a === '--preliminary') preliminary = 'machine loaded by parallel work';
    else if (a.startsWith('--preliminary=')) preliminary = a.slice(14);
    else if (['--quick', '--no-write', '--no-peers', '--no-postgres'].includes(a)) flags.add(a);
    else if (a.startsWith('--')) throw new Error(`unknown flag ${a}`);
    else names.push(...a.split(',').filter(Boolean));
  }
  const quick = flags.has('--quick');
  const prefix = benchEnvironment
    .filter((name) => env[name])
    .map((name) => `${name}=${quote(env[name]!)} `)
    .join('');
  return {
    names,
    quick,
    write: !quick && !flags.has('--no-write'),
    preliminary,
    peers: !flags.has('--no-peers'),
    postgres: !flags.has('--no-postgres'),
    json,
    command: `${prefix}npm run bench${argv.length ? ` -- ${argv.map(quote).join(' ')}` : ''}`,
  };
}

const fileOf = (module: string) => fileURLToPath(new URL(module, import.meta.url));

/** Whether a section's module is present (other work may add sections later). */
const present = (name: string) => existsSync(fileOf(sections[name]?.module ?? `./${name}.ts`));

/** The sections a run covers: exact names or unique prefixes (`context` → `context-assembly`), in order given. */
export function resolveSections(names: readonly string[]): string[] {
  const known = Object.keys(sections).filter(present);
  if (names.length === 0) return known;
  return names.map((n) => {
    if (sections[n] ? present(n) : existsSync(fileOf(`./${n}.ts`))) return n;
    const matches = known.filter((k) => k.startsWith(n));
    if (matches.length === 1) return matches[0]!;
    throw new Error(
      `${matches.length ? `ambiguous section "${n}": ${matches.join(', ')}` : `unknown section "${n}"`}; available: ${known.join(', ')}`,
    );
  });
}

/** Loads a section's suite. */
export async function loadSection(name: string): Promise<Suite> {
  const entry = sections[name] ?? { module: `./${name}.ts` };
  const mod = (await import(entry.module)) as Record<string, unknown>;
  const functions = Object.values(mod).filter((v) => typeof v === 'function');
  const suite =
    (entry.exportName ? mod[entry.exportName] : undefined) ??
    mod.suite ??
    mod.default ??
    (functions.length === 1 ? functions[0] : undefined);
  if (typeof suite !== 'function')
    throw new Error(`${entry.module} exports no suite (export it as \`suite\` or as the default export)`);
  return suite as Suite;
}
