import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DueEnd, dueEnd, dueEnds, type EndTimes, type FactTimes } from './self-fact-ends.ts';
import { inFamily } from './self-statement.ts';

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

/** `dueEnds` as it was before it swept each key in time order (every pair of statements of a key read): the oracle. */
function pairwiseDueEnds(facts: readonly FactTimes[], ends: readonly EndTimes[]): Map<string, DueEnd> {
  const earlierOf = (a: Date | undefined, b: Date) => (a === undefined || b.getTime() < a.getTime() ? b : a);
  const sameWords = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((w, i) => w === b[i]);
  const out = new Map<string, DueEnd>();
  for (const f of facts) {
    const due: DueEnd = {};
    const t = f.validAt.getTime();
    for (const g of facts) {
      if (g.key !== f.key || g.validAt.getTime() <= t) continue;
      due.fact = earlierOf(due.fact, g.validAt);
      if (!sameWords(g.words, f.words)) due.turn = earlierOf(due.turn, g.validAt);
    }
    for (const e of ends) {
      if (e.at.getTime() <= t || !e.families.some((family) => inFamily(f.key, family))) continue;
      if (!e.words.every((w) => f.words.includes(w))) continue;
      due.fact = earlierOf(due.fact, e.at);
      due.turn = earlierOf(due.turn, e.at);
    }
    out.set(f.id, due);
  }
  return out;
}

describe('dueEnds against every pair of statements', () => {
  const key = fc.constantFrom(
    'user.home',
    'user.diet',
    'user.hobby:cello',
    'user.hobby:chess',
    'a:b:c',
    ':x',
  );
  const family = fc.constantFrom(
    'user.home',
    'user.diet',
    'user.hobby',
    'user.hobby:cello',
    'a',
    'a:b',
    '',
    'user',
  );
  const value = fc.array(fc.constantFrom('lisbon', 'porto', 'vegan', 'old'), { maxLength: 3 });
  const time = fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constant(Number.NaN)); // many ties; an invalid time

  it('returns what the pairwise reading returns, the same Date objects in the same order (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.integer({ min: 0, max: 30 }), key, words: value, t: time }), {
          maxLength: 30,
        }),
        fc.array(fc.record({ families: fc.array(family, { maxLength: 3 }), words: value, t: time }), {
          maxLength: 8,
        }),
        fc.boolean(),
        (fs, es, valid) => {
          const at = (t: number) => new Date(valid && Number.isNaN(t) ? 3 : t); // a new object each
          const facts = fs.map((f) => ({ id: `f${f.id}`, key: f.key, words: f.words, validAt: at(f.t) }));
          const ends = es.map((e) => ({ families: e.families, words: e.words, at: at(e.t) }));
          // Each Date as the statement it is: ties must pick the same one.
          const dates = [...facts.map((f) => f.validAt), ...ends.map((e) => e.at)];
          const read = (m: Map<string, DueEnd>) =>
            [...m].map(([id, d]) => [id, Object.entries(d).map(([k, v]) => [k, dates.indexOf(v as Date)])]);
          expect(read(dueEnds(facts, ends))).toEqual(read(pairwiseDueEnds(facts, ends)));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('ends 30,000 restatements of one key, its value changing every 7, and an end (beyond the pairwise reading)', () => {
    const n = 30_000;
    const value = (i: number) => [`v${Math.floor(i / 7) % 3}`];
    // Given newest first; a fact every minute, two at each even minute.
    const facts = Array.from({ length: n }, (_, k) => {
      const i = n - 1 - k;
      return {
        id: `f${i}`,
        key: 'user.home',
        words: value(i),
        validAt: new Date(Math.floor(i / 2) * 60_000),
      };
    });
    const endAt = new Date(10_000 * 60_000);
    const due = dueEnds(facts, [
      { families: ['user'], words: [], at: new Date(0) },
      { families: ['user.home'], words: ['v1'], at: endAt },
    ]);
    const min = (i: number) => Math.floor(i / 2) * 60_000;
    for (let i = 0; i < n; i++) {
      const next = 2 * (Math.floor(i / 2) + 1); // the first statement at a later minute
      let other = next;
      while (other < n && value(other)[0] === value(i)[0]) other++;
      const [fact, turn] = [next, other].map((j) => (j < n ? min(j) : undefined));
      const ended = value(i)[0] === 'v1' && min(i) < endAt.getTime() ? endAt.getTime() : undefined;
      const first = (a?: number, b?: number) => (a === undefined ? b : b === undefined ? a : Math.min(a, b));
      const d = due.get(`f${i}`);
      expect([d?.fact?.getTime(), d?.turn?.getTime()]).toEqual([first(fact, ended), first(turn, ended)]);
    }
  });
});
