import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call, memoryWith, say, user } from '../../test-support/view-helpers.ts';
import type { LogEntry } from '../core/message.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createUnitGrouper, groupUnits } from '../messages/units.ts';
import { referenceWindow } from '../testing/view-invariants.ts';
import { createIrregularUnits } from './irregular-units.ts';
import { createSlidingWindowMemory } from './sliding-window-memory.ts';
import { createViewLog } from './view-log.ts';

/** One tool message answering several ids (a parallel step); an id never called makes a genuine stray. */
const results = (...ids: string[]): ModelMessage => ({
  role: 'tool',
  content: ids.map((id) => ({
    type: 'tool-result' as const,
    toolCallId: id,
    toolName: 'search',
    output: { type: 'text' as const, value: `r ${id}` },
  })),
});
const opts = { message: (e: LogEntry) => e.message, tokens: (e: LogEntry) => e.tokens };
const span = (u: { items: LogEntry[] }) => [u.items[0]!.seq, u.items.at(-1)!.seq];

describe('a recorded irregular unit later absorbed by an older one (a late result)', () => {
  it('ViewLog.settledFrom: a held unit at a start recorded before the absorption is not the whole log’s', async () => {
    // 1 call(c) · 2 q · 3 call(c2,c3) · 4 results(c2, z): B = [3, 4] has strays (z was never called)
    const memory = await memoryWith([call('c'), user('q'), call('c2', 'c3'), results('c2', 'z')]);
    const log = createViewLog(memory);
    await log.sync();
    await log.holdFrom(1);
    log.settledFrom(0); // whole log held: records B's start (3)
    await memory.store([results('c3', 'c')]); // 5: c's late result: the whole log is one unit [1..5]
    await log.sync();
    log.settledFrom(0); // whole log held: records through 5
    await log.holdFrom(2); // held part starts inside [1..5]: units [2], [3..5] (strays: c not held)
    const whole = groupUnits(await memory.entries(), opts).map(span);
    expect(whole).toEqual([[1, 5]]);
    expect(log.units.map(span)).toEqual([
      [2, 2],
      [3, 5],
    ]);
    expect(log.settledFrom(1)).toBe(false); // [3..5] is no unit of the whole log (1ca3116 said settled)
  });

  it('sliding window: a live view sends a unit a fresh whole-log read does not', async () => {
    const memory = createConversationMemory();
    const view = createSlidingWindowMemory({ conversation: memory, windowSize: 7, startOn: 'any' });
    const d = ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'];
    const script: ModelMessage[] = [
      ...['p1', 'p2', 'p3', 'p4'].map(user),
      // A: c's result comes late and absorbs B = [call(c2,c3), results(c2,z)], recorded irregular before that
      call('c'),
      user('q'),
      say('s'),
      call('c2', 'c3'),
      results('c2', 'z'),
      results('c3', 'c'),
      // calls left without results (unsendable, cost nothing): where the next grow lands
      ...Array.from({ length: 8 }, (_, k) => call(`f${k}`)),
      // the cut passes A (A is released); P: a step whose last result never comes
      user('n1'),
      say('n2'),
      say('n3'),
      call(...d),
      ...d.slice(0, 5).map((id) => results(id)),
      // P unsendable now: the window reaches back, the held part grows to start at q (inside A)
      user('last'),
    ];
    const differs: string[] = [];
    for (const [k, m] of script.entries()) {
      await memory.store([m]);
      const ref = referenceWindow(
        await memory.entries(),
        () => 7,
        (items) => items.length,
        'any',
      );
      const got = (await view.read()).map((x) => x.id);
      if (JSON.stringify(got) !== JSON.stringify(ref.ids)) differs.push(`after message ${k + 1}`);
      const fresh = createSlidingWindowMemory({ conversation: memory, windowSize: 7, startOn: 'any' });
      expect((await fresh.read()).map((x) => x.id)).toEqual(ref.ids);
    }
    // At 1ca3116 the live view sent [call(c2,c3), results(c2,z), results(c3,c)] (c's result without its call)
    // plus n1..last after message 28: 7 messages, the reference 4.
    expect(differs).toEqual([]);
  });
});

/** Messages of a log whose results may answer calls made long before, never made, or answered already. */
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
  const message: ModelMessage =
    m.kind === 'user'
      ? user('q')
      : m.kind === 'text'
        ? say('a')
        : m.kind === 'call'
          ? call(...m.ids.map((n) => `c${n}`))
          : results(...m.ids.map((n) => `c${n}`));
  return { seq, tokens: 1, message: { ...message, id: `m${seq}`, createdAt: new Date(0) } } as LogEntry;
}

describe('IrregularUnits.known only vouches for units of the whole log (property)', () => {
  it('recorded along the way, a known irregular unit of any held suffix is a unit of the final whole grouping', () => {
    fc.assert(
      fc.property(
        fc.array(arbMessage, { minLength: 1, maxLength: 30 }),
        fc.array(fc.boolean(), { maxLength: 30 }),
        (messages, when) => {
          const entries = messages.map((m, i) => entryOf(m, i + 1));
          const irregular = createIrregularUnits();
          const whole: LogEntry[] = [];
          entries.forEach((e, i) => {
            whole.push(e);
            if (when[i]) irregular.record(groupUnits(whole, opts));
          });
          irregular.record(groupUnits(whole, opts));
          const wholeSpans = new Set(groupUnits(whole, opts).map((u) => span(u).join('-')));
          for (let h = 1; h < entries.length; h++)
            for (const unit of groupUnits(entries.slice(h), opts))
              if ((unit.kind === 'orphan' || unit.strays) && irregular.known(unit))
                expect(wholeSpans).toContain(span(unit).join('-'));
        },
      ),
      { numRuns: 500 },
    );
  });
});

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
