import { describe, expect, it } from 'vitest';
import { entryModules } from '../test-support/public-surface/entry-modules.ts';
import { isClass } from '../test-support/public-surface/hostile-values.ts';
import {
  nestedKnownIgnoring,
  nestedOptionCases,
  nestedOptionExclusions,
} from '../test-support/public-surface/nested-option-cases.ts';
import { nestedOptionObjects } from '../test-support/public-surface/nested-option-objects.ts';
import { optionCases, optionExclusions } from '../test-support/public-surface/option-cases.ts';
import { MemoryError } from './core/errors/memory-error.ts';

/**
 * A misspelt nested option is refused, by every public factory, when it is called: each object-typed option nested in
 * an export's options (`agent({ longTermMemory: { mod } })`, `createEngramStore({ ttl: { defaultTTL } })`) gets
 * `zzMisspelt` and the call must fail with `INVALID_ARGUMENT` naming its path and the export, not run at the
 * option's default. The nested objects are found with the compiler from the option types (`nestedOptionObjects`),
 * so a new one without a row of `nestedOptionCases` or a reasoned `nestedOptionExclusions` entry fails the walk.
 */
const misspelt = 'zzMisspelt';

/** The export an `entry.name:path` key names, and the path. */
function split(key: string): { exportKey: string; path: string } {
  const colon = key.indexOf(':');
  return { exportKey: key.slice(0, colon), path: key.slice(colon + 1) };
}

/**
 * `options` with `zzMisspelt` added to the object at `path` (a fresh copy of each object on the way): `[]` takes an
 * array's first element, `*` a map's first value. Returns the options and the path as the error should name it
 * (`branches[0]`, `policy.tools["web_fetch"]`).
 */
function misspell(
  options: Record<string, unknown>,
  path: string,
): { options: Record<string, unknown>; named: string } {
  const copy = { ...options };
  let at: Record<string, unknown> = copy;
  let named = '';
  for (const segment of path.split('.')) {
    const isArray = segment.endsWith('[]');
    const key = segment === '*' ? Object.keys(at)[0]! : segment.replace(/\[\]$/, '');
    named += segment === '*' ? `[${JSON.stringify(key)}]` : `${named ? '.' : ''}${key}`;
    let next: unknown = at[key];
    if (isArray) {
      const array = [...(next as unknown[])];
      at[key] = array;
      at = array as unknown as Record<string, unknown>;
      next = array[0];
      named += '[0]';
      at[0] = { ...(next as object) };
      at = at[0] as Record<string, unknown>;
      continue;
    }
    if (typeof next !== 'object' || next === null)
      throw new Error(`the row's options hold no object at ${named}`);
    at[key] = { ...next };
    at = at[key] as Record<string, unknown>;
  }
  at[misspelt] = 1;
  return { options: copy, named };
}

/** Calls the export of `exportKey` as its top-level row says, awaiting a promise, and closes what it made. */
async function callCase(exportKey: string, options: Record<string, unknown>): Promise<void> {
  const dot = exportKey.indexOf('.');
  const fn = entryModules[exportKey.slice(0, dot)]![exportKey.slice(dot + 1)] as (
    ...args: unknown[]
  ) => unknown;
  const call = optionCases[exportKey]!.call ?? ((f, o) => (isClass(f) ? new f(o) : f(o)));
  const made = await call(fn, options);
  await (made as { close?: () => unknown } | undefined)?.close?.();
}

describe('nested option keys: every public factory refuses a misspelt key in a nested options object', () => {
  it('has a table row or a reasoned exclusion for every object-typed option nested in an export’s options', () => {
    const found = [...nestedOptionObjects()].filter((key) => !(split(key).exportKey in optionExclusions));
    const missing = found.filter((key) => !(key in nestedOptionCases) && !(key in nestedOptionExclusions));
    expect(missing, 'add a row to nestedOptionCases (or a reason to nestedOptionExclusions)').toEqual([]);
    const stale = [...Object.keys(nestedOptionCases), ...Object.keys(nestedOptionExclusions)].filter(
      (key) => !found.includes(key),
    );
    expect(stale, 'rows and exclusions that name no nested options object').toEqual([]);
    const both = Object.keys(nestedOptionCases).filter((key) => key in nestedOptionExclusions);
    expect(both, 'in the table and excluded').toEqual([]);
    expect(Object.keys(nestedKnownIgnoring).filter((key) => !(key in nestedOptionCases))).toEqual([]);
  });

  it.each(Object.keys(nestedOptionCases))('%s refuses a misspelt key, naming its path', async (key) => {
    const { exportKey, path } = split(key);
    const row = nestedOptionCases[key]!;
    await callCase(exportKey, row.options());
    const { options, named } = misspell(row.options(), path);
    let outcome: string;
    try {
      await callCase(exportKey, options);
      outcome = `took ${named}.${misspelt}`;
    } catch (error) {
      const name = row.names ?? exportKey.slice(exportKey.indexOf('.') + 1);
      const { message } = error as Error;
      const refused =
        MemoryError.hasCode(error, row.code ?? 'INVALID_ARGUMENT') &&
        message.includes(`${named}.${misspelt}`) &&
        message.includes(name);
      outcome = refused ? 'refused' : `threw ${String(error)}`;
    }
    if (key in nestedKnownIgnoring)
      expect(outcome, `${key} is fixed: remove it from nestedKnownIgnoring`).not.toBe('refused');
    else expect(outcome).toBe('refused');
  });
});
