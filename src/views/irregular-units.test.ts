import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../core/message.ts';
import { createUnitGrouper } from '../messages/units.ts';
import { createIrregularUnits } from './irregular-units.ts';

/** A message of a log whose tool results may answer calls made long before, or never made. */
const arbMessage = fc.oneof(
  fc.constant({ kind: 'user' as const }),
  fc.record({
    kind: fc.constant('call' as const),
    ids: fc.uniqueArray(fc.nat(6), { minLength: 1, maxLength: 2 }),
  }),
  fc.record({
    kind: fc.constant('result' as const),
    ids: fc.uniqueArray(fc.nat(6), { minLength: 1, maxLength: 2 }),
  }),
  fc.constant({ kind: 'text' as const }),
);

type Message = typeof arbMessage extends fc.Arbitrary<infer M> ? M : never;

function entryOf(m: Message, seq: number): LogEntry {
  const id = (n: number) => `c${n}`;
  const message: ModelMessage =
    m.kind === 'user'
      ? { role: 'user', content: 'q' }
      : m.kind === 'text'
        ? { role: 'assistant', content: 'a' }
        : m.kind === 'call'
          ? {
              role: 'assistant',
              content: m.ids.map((n) => ({
                type: 'tool-call' as const,
                toolCallId: id(n),
                toolName: 't',
                input: {},
              })),
            }
          : {
              role: 'tool',
              content: m.ids.map((n) => ({
                type: 'tool-result' as const,
                toolCallId: id(n),
                toolName: 't',
                output: { type: 'text' as const, value: 'r' },
              })),
            };
  return { seq, tokens: 1, message: { ...message, id: `m${seq}`, createdAt: new Date(0) } } as LogEntry;
}

describe('createIrregularUnits', () => {
  it('recorded along the way knows what recording the final grouping at once knows (property)', () => {
    fc.assert(
      fc.property(
        fc.array(arbMessage, { maxLength: 40 }),
        fc.array(fc.boolean(), { maxLength: 40 }),
        (log, when) => {
          const grouper = createUnitGrouper({
            message: (e: LogEntry) => e.message,
            tokens: (e: LogEntry) => e.tokens,
          });
          const along = createIrregularUnits();
          log.forEach((m, i) => {
            grouper.push(entryOf(m, i + 1));
            if (when[i]) along.record(grouper.units);
          });
          along.record(grouper.units);
          const once = createIrregularUnits();
          once.record(grouper.units);
          for (const unit of grouper.units) {
            const irregular = unit.kind === 'orphan' || unit.strays === true;
            expect(once.known(unit)).toBe(irregular);
            if (irregular) expect(along.known(unit)).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('knows nothing after reset, nor a unit that grew past what it saw', () => {
    const irregular = createIrregularUnits();
    const grouper = createUnitGrouper({
      message: (e: LogEntry) => e.message,
      tokens: (e: LogEntry) => e.tokens,
    });
    grouper.push(entryOf({ kind: 'result', ids: [1] }, 1)); // an orphan: no call before it
    irregular.record(grouper.units);
    expect(irregular.known(grouper.units[0]!)).toBe(true);
    const grown = { ...grouper.units[0]!, items: [...grouper.units[0]!.items, entryOf({ kind: 'text' }, 2)] };
    expect(irregular.known(grown)).toBe(false);
    irregular.reset();
    expect(irregular.known(grouper.units[0]!)).toBe(false);
  });
});
