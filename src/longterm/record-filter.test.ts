import type { JSONValue } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../messages/canonical-json.ts';
import { jsonValueIssue } from '../messages/json-value.ts';
import type { LongTermRecord } from './long-term-record.ts';
import { matchesFilter } from './record-filter.ts';

/** A stored record holding `value` under the metadata key `k`. */
const holding = (value: JSONValue) =>
  ({
    id: 'r',
    kind: 'fact',
    text: 'x',
    metadata: { k: value },
    provenance: { origin: 'user' },
  }) as unknown as LongTermRecord;

/** A value a checked record's metadata may hold: JSON every driver reads back identical (no NaN, ±Infinity, -0). */
const stored = fc
  .jsonValue({ maxDepth: 2 })
  .filter((v) => jsonValueIssue(v) === undefined) as fc.Arbitrary<JSONValue>;
/** A value a checked filter's metadata may name: a scalar. */
const scalar = fc
  .oneof(
    fc.string(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
  )
  .filter((v) => jsonValueIssue(v) === undefined) as fc.Arbitrary<JSONValue>;

describe('matchesFilter: metadata', () => {
  it('a scalar matches a stored value exactly when their canonical JSON is the same (property)', () => {
    fc.assert(
      fc.property(fc.oneof(stored, scalar), scalar, fc.boolean(), (value, wanted, same) => {
        const record = holding(same ? wanted : value);
        const expected = canonicalJson(record.metadata.k) === canonicalJson(wanted);
        expect(matchesFilter(record, { metadata: { k: wanted } })).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
