import { describe, expect, it } from 'vitest';
import { wrongTypedValues } from '../test-support/public-surface/hostile-values.ts';
import {
  callNestedCase,
  copyToPath,
  splitNestedKey,
} from '../test-support/public-surface/nested-option-call.ts';
import {
  nestedOptionCases,
  nestedValueExclusions,
  nestedValuesNotYetChecked,
} from '../test-support/public-surface/nested-option-cases.ts';
import { nestedOptionFields } from '../test-support/public-surface/nested-option-objects.ts';
import { MemoryError } from './core/errors/memory-error.ts';

/**
 * A nested option of the wrong type is refused, by every public factory, when it is called: each field of each
 * nested options object of `nestedOptionCases` (`createLongTermMemory({ keepOut: { toolDerived } })`) is given, in
 * turn, the values of a wrong type for its declared type (`wrongTypedValues`: a string where a number or a choice
 * is declared, a number, a boolean, an object, a symbol, a function, an array; NaN and a BigInt for a number), and the call
 * must fail with `INVALID_ARGUMENT` naming the field's path (`keepOut.toolDerived`) and the export, not run at a
 * wrong value or throw a raw `TypeError` later. The fields and their types are read with the compiler
 * (`nestedOptionFields`), so a new field without a check fails here; a field whose type takes anything has a
 * reasoned `nestedValueExclusions` entry.
 */
const fields = nestedOptionFields();

/** Every `entry.name:path.field` of the rows, with the wrong values for its declared type. */
const cases = Object.keys(nestedOptionCases).flatMap((key) =>
  [...(fields.get(key) ?? [])].map(([field, kinds]) => ({
    key,
    field,
    fieldKey: `${key}.${field}`,
    wrong: wrongTypedValues(kinds),
  })),
);

describe('nested option values: every public factory refuses a wrong-typed value in a nested options object', () => {
  it('has wrong values or a reasoned exclusion for every field, and no stale exclusion', () => {
    const untried = cases.filter((c) => c.wrong.length === 0 && !(c.fieldKey in nestedValueExclusions));
    expect(
      untried.map((c) => c.fieldKey),
      'a field that takes anything: give its reason in nestedValueExclusions',
    ).toEqual([]);
    const keys = cases.map((c) => c.fieldKey);
    const stale = [...Object.keys(nestedValueExclusions), ...Object.keys(nestedValuesNotYetChecked)].filter(
      (key) => !keys.includes(key),
    );
    expect(stale, 'exclusions that name no field of a nested options object').toEqual([]);
    expect(Object.keys(nestedValuesNotYetChecked).filter((key) => key in nestedValueExclusions)).toEqual([]);
  });

  const tried = cases.filter((c) => !(c.fieldKey in nestedValueExclusions));
  it.each(tried.map((c) => [c.fieldKey, c] as const))(
    '%s refuses wrong-typed values, naming its path',
    async (_, c) => {
      const { exportKey, path } = splitNestedKey(c.key);
      const row = nestedOptionCases[c.key]!;
      const name = row.names ?? exportKey.slice(exportKey.indexOf('.') + 1);
      const taken: string[] = [];
      for (const value of c.wrong) {
        const { options, at, named } = copyToPath(row.options(), path);
        at[c.field] = value.make();
        try {
          await callNestedCase(exportKey, options);
          taken.push(`took ${value.label}`);
        } catch (error) {
          const { message } = error as Error;
          const refused =
            MemoryError.hasCode(error, row.code ?? 'INVALID_ARGUMENT') &&
            message.includes(`${named}.${c.field}`) &&
            message.includes(name);
          if (!refused) taken.push(`${value.label}: threw ${String(error).slice(0, 160)}`);
        }
      }
      if (c.fieldKey in nestedValuesNotYetChecked)
        expect(taken, `${c.fieldKey} is fixed: remove it from nestedValuesNotYetChecked`).not.toEqual([]);
      else expect(taken).toEqual([]);
    },
  );
});
