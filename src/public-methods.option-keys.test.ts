import { describe, expect, it } from 'vitest';
import {
  methodInstances,
  methodOptionCases,
  methodOptionExclusions,
  methodsIgnoring,
} from '../test-support/public-surface/method-option-cases.ts';
import { optionTakingMethods } from '../test-support/public-surface/option-taking-methods.ts';
import { MemoryError } from './core/errors/memory-error.ts';

/**
 * A misspelt option or a null one is refused, by every public method that takes an options object, as by every
 * factory (`public-entries.option-keys.test.ts`): each method is called on fresh instances with valid minimal
 * options plus `zzMisspelt`, then with each option its type lists set to null, and must fail with a
 * `MemoryError` naming the key and the method, not run at the option's default (`memory.search('Lisbon',
 * { limt: 3 })`). The methods are enumerated on purpose: a row of `methodOptionCases` each, or a reasoned
 * `methodOptionExclusions` entry; a method found by its signature (`optionTakingMethods`: a parameter
 * `options`/`config` or typed `…Options`/`…Config`, on any public interface, class or returned object) with
 * neither fails, so a new method cannot skip the walk. `methodsIgnoring` lists the rows not fixed yet.
 */
const misspelt = 'zzMisspelt';
const found = optionTakingMethods();

/** The method's name in a `Declarer.method` key. */
const methodName = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/** What calling a row's method on a fresh `label` instance ends in: `'took'`, or the error it threw or rejected with. */
async function outcomeOf(key: string, label: string, options: Record<string, unknown>) {
  const instance = (await methodInstances[label]!()) as { close?: () => unknown };
  try {
    await methodOptionCases[key]!.call(instance, options);
    return 'took' as const;
  } catch (error) {
    return { error };
  } finally {
    await instance.close?.();
  }
}

/** `'refused'` when `outcome` is a refusal with one of the row's codes naming `what` and the method, else what it was. */
function verdict(key: string, outcome: Awaited<ReturnType<typeof outcomeOf>>, what: string): string {
  if (outcome === 'took') return `took ${what}`;
  const row = methodOptionCases[key]!;
  const { error } = outcome;
  const named =
    error instanceof Error &&
    error.message.includes(what) &&
    error.message.includes(row.names ?? methodName(key));
  const coded = (row.codes ?? ['INVALID_ARGUMENT']).some((code) => MemoryError.hasCode(error, code));
  return named && coded ? 'refused' : `threw ${String(error)}`;
}

/** Every row's method with each instance it is called on. */
const calls = Object.entries(methodOptionCases).flatMap(([key, row]) =>
  row.on.map((label) => [key, label] as const),
);

describe('method option keys: every public method taking options refuses a misspelt key', () => {
  it('has a table row or a reasoned exclusion for every method taking options', () => {
    const missing = [...found.keys()].filter(
      (key) => !(key in methodOptionCases) && !(key in methodOptionExclusions),
    );
    expect(missing, 'add a row to methodOptionCases (or a reason to methodOptionExclusions)').toEqual([]);
    const unknown = [...Object.keys(methodOptionCases), ...Object.keys(methodOptionExclusions)].filter(
      (key) => !found.has(key),
    );
    expect(unknown, 'rows and exclusions that name no option-taking method').toEqual([]);
    expect(Object.keys(methodOptionCases).filter((key) => key in methodOptionExclusions)).toEqual([]);
    expect(
      calls.filter(([, label]) => !(label in methodInstances)),
      'rows naming no instance',
    ).toEqual([]);
    expect(Object.keys(methodsIgnoring).filter((key) => !(key in methodOptionCases))).toEqual([]);
  });

  it.each(calls)(
    '%s on %s takes its valid options and refuses a misspelt key, naming it',
    async (key, label) => {
      const row = methodOptionCases[key]!;
      expect(await outcomeOf(key, label, row.options?.() ?? {})).toBe('took');
      const outcome = verdict(
        key,
        await outcomeOf(key, label, { ...row.options?.(), [misspelt]: 1 }),
        misspelt,
      );
      if (key in methodsIgnoring)
        expect(outcome, `${key} is fixed: remove it from methodsIgnoring`).not.toBe('refused');
      else expect(outcome).toBe('refused');
    },
  );
});

describe('method option values: every public method taking options refuses a null option, naming it', () => {
  // The options are those the method's options type lists (`optionTakingMethods`), so one added later is walked.
  it.each(calls.filter(([key]) => !(key in methodsIgnoring)))(
    '%s on %s refuses each of its options set to null',
    async (key, label) => {
      const row = methodOptionCases[key]!;
      const taken: string[] = [];
      for (const option of found.get(key) ?? []) {
        if (row.nullable?.includes(option)) continue;
        const outcome = verdict(
          key,
          await outcomeOf(key, label, { ...row.options?.(), [option]: null }),
          option,
        );
        if (outcome !== 'refused') taken.push(`${option}: ${outcome}`);
      }
      expect(taken, `${key}: options that took null or were refused without naming them`).toEqual([]);
    },
  );
});
