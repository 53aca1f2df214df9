import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createKeyStatements } from './key-statements.ts';
import { type DueEnd, dueEnd, type EndTimes, type FactTimes } from './self-fact-ends.ts';

const key = fc.constantFrom('user.home', 'user.diet', 'user.hobby:cello');
const value = fc.array(fc.constantFrom('lisbon', 'porto', 'vegan'), { maxLength: 2 });
const time = fc.oneof(fc.integer({ min: 1, max: 6 }), fc.constant(Number.NaN)); // many ties; an invalid time

describe('createKeyStatements', () => {
  it('reads a fact as dueEnd reads every statement of its key noted before, the same Date objects (property)', () => {
    const statement = fc.record({ key, words: value, t: time, note: fc.boolean() });
    const end = fc.record({
      families: fc.array(fc.constantFrom('user.home', 'user.hobby', 'user'), { maxLength: 2 }),
      words: value,
      t: time,
    });
    fc.assert(
      fc.property(
        fc.array(statement, { maxLength: 40 }),
        fc.array(end, { maxLength: 4 }),
        fc.boolean(),
        (said, es, valid) => {
          const at = (t: number) => new Date(valid && Number.isNaN(t) ? 2 : t); // a new object each
          const ends: EndTimes[] = es.map((e) => ({ families: e.families, words: e.words, at: at(e.t) }));
          const dates: Date[] = ends.map((e) => e.at);
          const read = (d: DueEnd) => Object.entries(d).map(([k, v]) => [k, dates.indexOf(v as Date)]);
          const known = createKeyStatements();
          const noted: FactTimes[] = [];
          for (const [i, s] of said.entries()) {
            const f: FactTimes = { id: `f${i}`, key: s.key, words: s.words, validAt: at(s.t) };
            dates.push(f.validAt);
            const sameKey = noted.filter((g) => g.key === f.key);
            expect(read(known.dueEnd(f, ends))).toEqual(read(dueEnd(f, sameKey, ends)));
            if (s.note) {
              known.note([f]);
              noted.push(f);
            }
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('reads 30,000 restatements of one key noted in time order, then one said before the others', () => {
    const known = createKeyStatements();
    const fact = (i: number, t: number, word: string): FactTimes => ({
      id: `f${i}`,
      key: 'user.home',
      words: [word],
      validAt: new Date(t),
    });
    for (let i = 0; i < 30_000; i++) {
      const f = fact(i, i * 1000, i < 20_000 ? 'paris' : 'lyon');
      expect(known.dueEnd(f, [])).toEqual({});
      known.note([f]);
    }
    expect(known.dueEnd(fact(-1, -1, 'paris'), [])).toEqual({
      fact: new Date(0),
      turn: new Date(20_000_000),
    });
    expect(known.dueEnd(fact(-2, 5, 'lyon'), [])).toEqual({ fact: new Date(1000), turn: new Date(1000) });
  });
});
