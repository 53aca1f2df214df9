import * as chrono from 'chrono-node';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { namesADate, relativeDates } from './temporal-context.ts';

/** What `relativeDates` answers, parsed afresh every time. */
const fresh = (query: string, now: Date) =>
  chrono
    .parse(query.slice(0, 2048), now, { forwardDate: false })
    .filter((r) => !/\d/.test(r.text) && namesADate(r))
    .map((r) => [r.text, r.start.date().toISOString()]);

const phrases = [
  'what did I do yesterday?',
  'where does Alice live?',
  'plans for next week',
  'what happened on 7 May 2023?',
  'what do I eat at night?',
  'my evening routine',
  'what did I eat this morning',
  'last Friday we met',
  'the day before yesterday',
  'two weeks ago I moved',
  '',
];

describe('relativeDates', () => {
  it('property: in any order of questions and clocks, answers as a fresh parse does', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            query: fc.oneof(fc.constantFrom(...phrases), fc.string({ maxLength: 40 })),
            now: fc.date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
          }),
          { maxLength: 12 },
        ),
        (asks) => {
          for (const { query, now } of asks)
            expect(relativeDates(query, now).map((r) => [r.text, r.start.date().toISOString()])).toEqual(
              fresh(query, now),
            );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('resolves a relative date against the clock it is given, the second time too', () => {
    const may8 = new Date('2023-05-08T12:00:00Z');
    const june2 = new Date('2023-06-02T12:00:00Z');
    expect(relativeDates('what did I do yesterday?', may8)[0]?.start.date().getUTCDate()).toBe(7);
    expect(relativeDates('what did I do yesterday?', june2)[0]?.start.date().getUTCDate()).toBe(1);
    expect(relativeDates('where does Alice live?', may8)).toEqual([]);
    expect(relativeDates('where does Alice live?', june2)).toEqual([]);
  });
});
