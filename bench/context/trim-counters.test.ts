import { HumanMessage } from '@langchain/core/messages';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoCounter, createPrefixSumCounter } from './trim-counters.ts';

const words = ['cache', 'index', 'token', 'budget', 'a', 'the', 'window', 'query', 'SQLite', '42'];

/** A conversation of `texts.length` messages with unique ids. */
const conversation = (texts: string[]) => texts.map((t, i) => new HumanMessage({ id: `m${i}`, content: t }));

describe('createPrefixSumCounter', () => {
  it('equals the per-message sum on every list trimMessages can pass (ordered or reversed, after one head)', () => {
    const text = fc.array(fc.constantFrom(...words), { maxLength: 8 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 40 }),
        fc.infiniteStream(fc.nat()),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (texts, picks, reversed, withHead, contiguous) => {
          const all = conversation(texts);
          const known = createPrefixSumCounter();
          known.add(all.slice(0, Math.ceil(all.length / 2)));
          known.add(all.slice(Math.ceil(all.length / 2)));
          const it = picks[Symbol.iterator]();
          const next = (n: number) => it.next().value! % n;
          const from = next(all.length);
          const to = from + next(all.length - from) + 1;
          let list = contiguous ? all.slice(from, to) : all.filter(() => next(2) === 0);
          if (reversed) list = [...list].reverse();
          const head = all[next(all.length)]!;
          if (withHead) list = [head, ...list.filter((m) => m !== head)];
          const copies = list.map((m) => new HumanMessage({ id: m.id, content: m.content }));
          expect(known.tokenCounter(copies)).toBe(createMemoCounter().tokenCounter(copies));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('counts messages it was never given and refuses duplicate ids', () => {
    const counter = createPrefixSumCounter();
    const [a, b] = conversation(['one two three', 'four']);
    counter.add([a!]);
    expect(counter.tokenCounter([a!, b!])).toBe(createMemoCounter().tokenCounter([a!, b!]));
    expect(() => counter.add([a!])).toThrow(/unique/);
  });
});
