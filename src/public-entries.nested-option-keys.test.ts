import { describe, expect, it } from 'vitest';
import {
  callNestedCase as callCase,
  copyToPath,
  splitNestedKey as split,
} from '../test-support/public-surface/nested-option-call.ts';
import {
  nestedKnownIgnoring,
  nestedOptionCases,
  nestedOptionExclusions,
} from '../test-support/public-surface/nested-option-cases.ts';
import { nestedOptionObjects } from '../test-support/public-surface/nested-option-objects.ts';
import { optionExclusions } from '../test-support/public-surface/option-cases.ts';
import { MemoryError } from './core/errors/memory-error.ts';

/**
 * A misspelt nested option is refused, by every public factory, when it is called: each object-typed option nested in
 * an export's options (`agent({ longTermMemory: { mod } })`, `createEngramStore({ ttl: { defaultTTL } })`) gets
 * `zzMisspelt` and the call must fail with `INVALID_ARGUMENT` naming its path and the export, not run at the
 * option's default. The nested objects are found with the compiler from the option types (`nestedOptionObjects`),
 * so a new one without a row of `nestedOptionCases` or a reasoned `nestedOptionExclusions` entry fails the walk.
 */
const misspelt = 'zzMisspelt';

/** `options` with `zzMisspelt` added to the object at `path` (see `copyToPath`), and the path as the error names it. */
function misspell(
  options: Record<string, unknown>,
  path: string,
): { options: Record<string, unknown>; named: string } {
  const copy = copyToPath(options, path);
  copy.at[misspelt] = 1;
  return copy;
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
