import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlain, rowTermsColumns, termsColumn } from './sqlite-terms-column.ts';

/** The direct count: the column split on single spaces, words equal to the term. */
const direct = (column: string, term: string) =>
  column === '' ? 0 : column.split(' ').filter((w) => w === term).length;

// Words from a small alphabet so terms recur, overlap ("ab" in "aab", "abab") and sit at either end.
const word = fc.stringMatching(/^[ab1é]{0,4}$/);
const column = fc.array(word, { maxLength: 40 }).map((ws) => ws.join(' '));
const longColumn = fc.array(word, { minLength: 700, maxLength: 900 }).map((ws) => ws.join(' '));
// Between the two: the columns kept by row (a turn's context terms).
const mediumColumn = fc.array(word, { minLength: 120, maxLength: 300 }).map((ws) => ws.join(' '));
// A few medium columns that come back (under the same row id, under others, on either handle), one not plain.
const pool = [0, 1, 2].map((i) =>
  Array.from({ length: 150 }, (_, k) => ['a', 'ab', 'b1', 'ba'][(k * (i + 3)) % 4]).join(' '),
);
pool.push(`é ${pool[0]}`);
const recurring = fc.constantFrom(...pool);

describe('termsColumn', () => {
  it('counts each term as a split on spaces does, short columns and long (kept) ones, read again or not (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(column, longColumn),
        fc.array(fc.oneof(word, fc.constantFrom('a b', ' ', 'ab ', '')), { minLength: 1, maxLength: 6 }),
        (text, terms) => {
          for (const read of [termsColumn(text), termsColumn(text)]) {
            expect(read.plain).toBe(isPlain(text));
            for (const term of terms) expect(read.count(term)).toBe(direct(text, term));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads anything but a string as an empty column', () => {
    for (const value of [null, undefined, 3, new Uint8Array([97])]) {
      const read = termsColumn(value);
      expect(read.plain).toBe(true);
      expect(read.count('a')).toBe(0);
    }
  });
});

describe('rowTermsColumns', () => {
  it('reads each row as termsColumn does, whatever was read before under its row id, on either handle (property)', () => {
    // Reads of a few row ids on two handles, the text under a row id changing now and then (SQLite gives a purged
    // row's id again), each asking a few terms, some of them asked before: every answer is the direct one.
    const read = fc.record({
      handle: fc.constantFrom(0, 1),
      rid: fc.integer({ min: 1, max: 4 }),
      text: fc.oneof(recurring, column, mediumColumn, longColumn, fc.constantFrom(null, 7)),
      context: fc.oneof(recurring, mediumColumn, column, fc.constant(undefined)),
      terms: fc.array(fc.oneof(word, fc.constantFrom('a b', '')), { minLength: 1, maxLength: 5 }),
    });
    fc.assert(
      fc.property(fc.array(read, { minLength: 1, maxLength: 30 }), (reads) => {
        const handles = [{}, {}];
        for (const r of reads) {
          const columns = rowTermsColumns(handles[r.handle]!)(r.rid, r.text, r.context);
          const text = typeof r.text === 'string' ? r.text : '';
          const context = r.context ?? '';
          expect(columns.text.plain).toBe(isPlain(text));
          expect(columns.context.plain).toBe(isPlain(context));
          for (const term of r.terms) {
            expect(columns.text.count(term)).toBe(direct(text, term));
            expect(columns.context.count(term)).toBe(direct(context, term));
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('keeps counting right past the terms a column keeps (its counts are cleared whole)', () => {
    const handle = {};
    const text = Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ');
    for (let round = 0; round < 3; round++)
      for (let i = 0; i < 100; i++) {
        const { text: read } = rowTermsColumns(handle)(1, text, '');
        expect(read.plain).toBe(true);
        expect(read.count(`w${i}`)).toBe(1);
        expect(read.count(`x${i}`)).toBe(0);
      }
  });
});
