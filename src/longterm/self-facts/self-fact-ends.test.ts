import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dueEnd, dueEnds, type EndTimes, type FactTimes } from './self-fact-ends.ts';

const day = (n: number) => new Date(Date.UTC(2025, 0, n));
const fact = (id: string, key: string, value: string, d: number): FactTimes => ({
  id,
  key,
  words: value.split(' '),
  validAt: day(d),
});

describe('dueEnds', () => {
  it('ends a fact at the next statement of its key, its turn at the next other value or end', () => {
    const due = dueEnds(
      [
        fact('a', 'user.home', 'lisbon', 1),
        fact('b', 'user.home', 'lisbon', 3),
        fact('c', 'user.home', 'porto', 5),
        fact('d', 'user.diet', 'vegetarian', 1),
        fact('e', 'user.hobby:cello', 'cello', 2),
      ],
      [
        { families: ['user.diet'], words: ['vegetarian'], at: day(4) },
        { families: ['user.hobby'], words: [], at: day(2) }, // said with the fact: ends nothing
      ],
    );
    expect(due.get('a')).toEqual({ fact: day(3), turn: day(5) });
    expect(due.get('b')).toEqual({ fact: day(5), turn: day(5) });
    expect(due.get('c')).toEqual({});
    expect(due.get('d')).toEqual({ fact: day(4), turn: day(4) });
    expect(due.get('e')).toEqual({});
  });

  it('matches a scan in time order of every statement (property)', () => {
    const statement = fc.record({
      end: fc.boolean(),
      key: fc.constantFrom('user.home', 'user.diet', 'user.hobby:cello'),
      value: fc.constantFrom('lisbon', 'porto', 'vegan', 'cello', ''),
      d: fc.integer({ min: 1, max: 6 }),
    });
    fc.assert(
      fc.property(fc.array(statement, { maxLength: 12 }), (said) => {
        const facts = said.flatMap((s, i) =>
          s.end || s.value === '' ? [] : [fact(`f${i}`, s.key, s.value, s.d)],
        );
        const ends: EndTimes[] = said.flatMap((s) =>
          s.end
            ? [{ families: [s.key.split(':')[0] as string], words: s.value ? [s.value] : [], at: day(s.d) }]
            : [],
        );
        const due = dueEnds(facts, ends);
        for (const f of facts) {
          // The scan: walk the days after the fact's, the first day with a statement of its key or a matching end.
          let factEnd: Date | undefined;
          let turnEnd: Date | undefined;
          for (let d = f.validAt.getUTCDate() + 1; d <= 6 && turnEnd === undefined; d++) {
            const restated = facts.filter((g) => g.key === f.key && g.validAt.getUTCDate() === d);
            const ended = ends.some(
              (e) =>
                e.at.getUTCDate() === d &&
                (f.key === e.families[0] || f.key.startsWith(`${e.families[0]}:`)) &&
                e.words.every((w) => f.words.includes(w)),
            );
            if ((restated.length > 0 || ended) && factEnd === undefined) factEnd = day(d);
            if (ended || restated.some((g) => g.words.join(' ') !== f.words.join(' '))) turnEnd = day(d);
          }
          expect(due.get(f.id)).toEqual({
            ...(factEnd ? { fact: factEnd } : {}),
            ...(turnEnd ? { turn: turnEnd } : {}),
          });
          // One fact's end, from its key's statements alone (itself left out) or from every fact: the same.
          const others = facts.filter((g) => g.key === f.key && g.id !== f.id);
          expect(dueEnd(f, others, ends)).toEqual(due.get(f.id));
          expect(dueEnd(f, facts, ends)).toEqual(due.get(f.id));
        }
      }),
      { numRuns: 300 },
    );
  });
});
