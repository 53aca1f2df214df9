import { describe, expect, it } from 'vitest';
import { packageEntries } from '../scripts/package/entries.ts';
import { entryKey, entryModules } from '../test-support/public-surface/entry-modules.ts';
import { isClass } from '../test-support/public-surface/hostile-values.ts';
import { knownIgnoring, optionCases, optionExclusions } from '../test-support/public-surface/option-cases.ts';
import { optionTakingExports } from '../test-support/public-surface/option-taking-exports.ts';
import { MemoryError } from './core/errors/memory-error.ts';

/**
 * A misspelt option is refused, by every public factory: each export of a package entry that takes an options
 * object is called with valid minimal options plus `zzMisspelt`, and must fail with `INVALID_ARGUMENT` naming the
 * key and itself, not run at the option's default (`createSqliteStore({ path, durabilty: 'process' })`). The
 * exports are enumerated on purpose: a row of `optionCases` each, or a reasoned `optionExclusions` entry; an
 * export found by its signature (a parameter `options`/`config` or typed `…Options`/`…Config`) or by its name
 * (`create…`, `open…`, `with…`) with neither fails, so a new factory cannot skip the walk. `knownIgnoring` lists
 * the rows not fixed yet: each must still fail, so fixing one removes its row.
 */
const misspelt = 'zzMisspelt';
const factoryName = /^(create|open|with)[A-Z]/;

/** Every `entry.name` the walk must account for: option-taking by signature, or named like a factory. */
function gatedExports(): Set<string> {
  const gated = new Set<string>();
  for (const [specifier, names] of optionTakingExports())
    for (const name of names) gated.add(`${entryKey(specifier)}.${name}`);
  for (const [entry, mod] of Object.entries(entryModules))
    for (const [name, value] of Object.entries(mod))
      if (typeof value === 'function' && factoryName.test(name)) gated.add(`${entry}.${name}`);
  return gated;
}

/** The export an `entry.name` key names. */
function exportOf(key: string): unknown {
  const dot = key.indexOf('.');
  return entryModules[key.slice(0, dot)]?.[key.slice(dot + 1)];
}

/** Calls the export of `key` as its row says, awaiting a promise. */
async function callCase(key: string, options: Record<string, unknown>): Promise<unknown> {
  const fn = exportOf(key) as (...args: unknown[]) => unknown;
  const row = optionCases[key]!;
  const call = row.call ?? ((f, o) => (isClass(f) ? new f(o) : f(o)));
  return await call(fn, options);
}

describe('option keys: every public factory refuses a misspelt option', () => {
  it('walks every package entry', () => {
    expect(Object.keys(entryModules).sort()).toEqual(
      packageEntries()
        .map((e) => entryKey(e.specifier))
        .sort(),
    );
  });

  it('has a table row or a reasoned exclusion for every export taking options or named like a factory', () => {
    const gated = gatedExports();
    const missing = [...gated].filter((key) => !(key in optionCases) && !(key in optionExclusions));
    expect(missing, 'add a row to optionCases (or a reason to optionExclusions)').toEqual([]);
    const unknown = [...Object.keys(optionCases), ...Object.keys(optionExclusions)].filter(
      (key) => typeof exportOf(key) !== 'function',
    );
    expect(unknown, 'rows and exclusions that name no exported function').toEqual([]);
    const both = Object.keys(optionCases).filter((key) => key in optionExclusions);
    expect(both, 'in the table and excluded').toEqual([]);
  });

  it('lists as still ignoring a misspelt key only exports in the table', () => {
    expect(Object.keys(knownIgnoring).filter((key) => !(key in optionCases))).toEqual([]);
  });

  it.each(Object.keys(optionCases))('%s refuses a misspelt key, naming it', async (key) => {
    const made = await callCase(key, optionCases[key]!.options());
    await (made as { close?: () => unknown } | undefined)?.close?.();
    let outcome: string;
    try {
      const wrong = await callCase(key, { ...optionCases[key]!.options(), [misspelt]: 1 });
      await (wrong as { close?: () => unknown } | undefined)?.close?.();
      outcome = `took ${misspelt}`;
    } catch (error) {
      const name = optionCases[key]!.names ?? key.slice(key.indexOf('.') + 1);
      const { message } = error as Error;
      const refused =
        MemoryError.hasCode(error, 'INVALID_ARGUMENT') &&
        message.includes(misspelt) &&
        message.includes(name);
      outcome = refused ? 'refused' : `threw ${String(error)}`;
    }
    if (key in knownIgnoring)
      expect(outcome, `${key} is fixed: remove it from knownIgnoring`).not.toBe('refused');
    else expect(outcome).toBe('refused');
  });
});

/** What calling an export as its row says ends in: `'took'` (closed again), or the error it threw or rejected with. */
async function outcomeOf(
  key: string,
  options: Record<string, unknown>,
): Promise<'took' | { error: unknown }> {
  try {
    const made = await callCase(key, options);
    await (made as { close?: () => unknown } | undefined)?.close?.();
    return 'took';
  } catch (error) {
    return { error };
  }
}

/**
 * The options of an export, read from its refusal of a misspelt key ("its options: a, b, c"), so an option added
 * later is walked without editing the tests; null when it does not list them.
 */
async function listedOptions(key: string): Promise<string[] | null> {
  const refusal = await outcomeOf(key, { ...optionCases[key]!.options(), [misspelt]: 1 });
  const listed =
    refusal === 'took' ? null : /\(its options: ([^)]*)\)/.exec(String((refusal.error as Error).message));
  return listed ? listed[1]!.split(', ') : null;
}

describe('option values: every public factory refuses a null option, naming it', () => {
  // A null was taken as "missing" where a factory read `options.x ?? d`.
  it.each(Object.keys(optionCases).filter((key) => !(key in knownIgnoring)))(
    '%s refuses each of its options set to null',
    async (key) => {
      const listed = await listedOptions(key);
      expect(listed, `${key} lists its options when it refuses a misspelt key`).not.toBeNull();
      const accepted: string[] = [];
      for (const option of listed ?? []) {
        const outcome = await outcomeOf(key, { ...optionCases[key]!.options(), [option]: null });
        if (outcome === 'took') accepted.push(option);
        else if (!MemoryError.hasCode(outcome.error, 'INVALID_ARGUMENT'))
          accepted.push(`${option} (threw ${String(outcome.error)})`);
      }
      expect(accepted, `${key}: options that took null or threw no INVALID_ARGUMENT`).toEqual([]);
    },
  );
});

describe('option reads: every public factory refuses options that throw when read, naming them', () => {
  // A getter or a proxy trap that throws escaped as that raw error from every factory, read before or after the
  // shared checks; it is `INVALID_ARGUMENT` naming the option (or the factory, for a proxy), the error as its cause.
  const refusedRead = (outcome: Awaited<ReturnType<typeof outcomeOf>>, name: string) =>
    outcome !== 'took' &&
    MemoryError.hasCode(outcome.error, 'INVALID_ARGUMENT') &&
    (outcome.error as Error).message.includes(name);
  it.each(Object.keys(optionCases).filter((key) => !(key in knownIgnoring)))(
    '%s refuses each of its options as a getter that throws, and options behind a throwing proxy',
    async (key) => {
      const leaked: string[] = [];
      const describe = (outcome: Awaited<ReturnType<typeof outcomeOf>>) =>
        outcome === 'took' ? 'took it' : `threw ${String(outcome.error)}`;
      for (const option of (await listedOptions(key)) ?? []) {
        const options = optionCases[key]!.options();
        Object.defineProperty(options, option, {
          enumerable: true,
          configurable: true,
          get: () => {
            throw new Error(`getter of ${option}`);
          },
        });
        const outcome = await outcomeOf(key, options);
        if (!refusedRead(outcome, option)) leaked.push(`${option}: ${describe(outcome)}`);
      }
      const proxy = new Proxy(optionCases[key]!.options(), {
        get: () => {
          throw new Error('proxy get');
        },
      });
      const outcome = await outcomeOf(key, proxy);
      const name = optionCases[key]!.names ?? key.slice(key.indexOf('.') + 1);
      if (!refusedRead(outcome, name)) leaked.push(`a proxy: ${describe(outcome)}`);
      expect(leaked, `${key}: reads that escaped as a raw error`).toEqual([]);
    },
  );
});
