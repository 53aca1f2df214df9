import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryError } from '../core/errors/memory-error.ts';
import { quoteLine } from '../messages/quoted-text.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { formatRecall } from './format-recall.ts';
import type { LongTermSearchResult } from './long-term-memory.ts';
import type { LongTermRecord } from './long-term-record.ts';
import { packRecall } from './pack-recall.ts';
import { dateWords, isDateWords } from './temporal-context.ts';
import { isTopicLine, topicLine } from './topic-line.ts';

const at = new Date('2023-05-08T10:00:00Z');
const estimate = createTokenCounter();
const exact = createTokenCounter({ encoding: 'o200k_base' });

interface Spec {
  id: number;
  kind: 'turn' | 'fact';
  session: string;
  speaker: string;
  words: string;
  neighbours: string[];
  messageIds: string[];
  toolDerived?: boolean;
  /** Days after `at` the record is valid from. @default 0 */
  day?: number;
}

const result = (s: Spec, i = 0): LongTermSearchResult => ({
  score: 100 - i,
  record: {
    id: `r${s.id}`,
    version: 1,
    event: 'ADD',
    kind: s.kind,
    text: s.kind === 'turn' ? `${s.speaker}: ${s.words}` : s.words,
    // As turnRecords writes it: neighbours, the date's words, and the turn's topic line when it names a topic.
    ...(s.kind === 'turn'
      ? { context: [...s.neighbours, dateWords(at), topicLine(s.words)].filter(Boolean).join('\n') }
      : {}),
    session: s.session,
    metadata: s.kind === 'turn' ? { speaker: s.speaker } : {},
    provenance: { origin: 'user', toolDerived: s.toolDerived ?? false, messageIds: s.messageIds, roles: [] },
    hash: 'h',
    validAt: new Date(at.getTime() + (s.day ?? 0) * 86_400_000),
    createdAt: at,
    recordedAt: at,
  } satisfies LongTermRecord,
});

const sentence = fc
  .array(fc.constantFrom('we', 'adopted', 'a', 'puppy', 'in', 'May', 'café', 'ünïcode', 'ok', '🙂', 'x'), {
    minLength: 1,
    maxLength: 12,
  })
  .map((w) => w.join(' '));
const spec = fc.record({
  id: fc.integer({ min: 0, max: 8 }),
  kind: fc.constantFrom('turn' as const, 'fact' as const),
  session: fc.constantFrom('s1', 's2'),
  speaker: fc.constantFrom('Ann', 'Bo'),
  words: sentence,
  neighbours: fc.array(sentence, { maxLength: 4 }),
  messageIds: fc.array(fc.constantFrom('m1', 'm2', 'm3', 'm4'), { maxLength: 2 }),
  toolDerived: fc.boolean(),
  day: fc.integer({ min: 0, max: 3 }),
});
const input = fc.record({
  specs: fc.array(spec, { maxLength: 14 }),
  maxTokens: fc.integer({ min: 1, max: 600 }),
  inContext: fc.array(fc.constantFrom<string>('m1', 'm2', 'm3', 'm4'), { maxLength: 3 }),
  context: fc.integer({ min: 0, max: 6 }),
  bpe: fc.boolean(),
});

/** The exact counter, keeping every text it is asked to count. */
function countingTexts() {
  const texts: string[] = [];
  const counter = {
    ...exact,
    countText: (t: string) => {
      texts.push(t);
      return exact.countText(t);
    },
  };
  return { counter, texts };
}

describe('packRecall', () => {
  it('property: never over budget (exact count), whole records, no duplicates, best-first order kept', () => {
    fc.assert(
      fc.property(input, ({ specs, maxTokens, inContext, context, bpe }) => {
        const results = specs.map(result);
        const counter = bpe ? exact : estimate;
        const packed = packRecall(results, { maxTokens, counter, inContext, context, order: 'best' });
        expect(packed.tokens).toBeLessThanOrEqual(maxTokens);
        expect(packed.tokens).toBe(packed.text === '' ? 0 : counter.countText(packed.text));
        const positions = packed.items.map((item) => results.indexOf(item.result));
        expect(positions.every((p, i) => p >= 0 && (i === 0 || p > positions[i - 1]!))).toBe(true);
        // The default block shows its records newest first (ties in ranked order), within the budget; it may
        // hold other records than ranked order (a day shared by lines is written once there), each once.
        const newest = packRecall(results, { maxTokens, counter, inContext, context });
        expect(newest.tokens).toBeLessThanOrEqual(maxTokens);
        expect(newest.tokens).toBe(newest.text === '' ? 0 : counter.countText(newest.text));
        const newestIds = newest.items.map((i) => i.result.record.id);
        expect(new Set(newestIds).size).toBe(newestIds.length);
        for (const { result: r } of newest.items)
          expect(newest.text).toContain(quoteLine(r.record.text).slice(0, -1));
        // Newest first, a day's lines are together: each day's line is written once.
        const days = newest.text.split('\n').filter((line) => /^\d{4}-\d{2}-\d{2}:$/.test(line));
        expect(new Set(days).size).toBe(days.length);
        const when = (i: number) => newest.items[i]!.result.record.validAt!.getTime();
        const rank = (i: number) => results.indexOf(newest.items[i]!.result);
        for (let i = 1; i < newest.items.length; i++)
          expect(when(i - 1) > when(i) || (when(i - 1) === when(i) && rank(i - 1) < rank(i))).toBe(true);
        const ids = packed.items.map((item) => item.result.record.id);
        expect(new Set(ids).size).toBe(ids.length);
        const held = new Map<string, Set<string>>();
        for (const { result: r, context: shown } of packed.items) {
          const { record } = r;
          // Whole: the record's text opens its quoted line in the block.
          expect(packed.text).toContain(quoteLine(record.text).slice(0, -1));
          const sources = record.provenance.messageIds;
          expect(sources.length > 0 && sources.every((id) => inContext.includes(id))).toBe(false);
          const lines = held.get(record.session ?? '') ?? new Set<string>();
          held.set(record.session ?? '', lines);
          if (record.kind === 'turn') {
            const words = record.text.slice(record.text.indexOf(': ') + 2);
            if (!record.provenance.toolDerived)
              expect(words.split('\n').every((l) => lines.has(l))).toBe(false);
            for (const l of words.split('\n')) lines.add(l);
          }
          // `context: 0`: no record carries neighbours (otherwise the best `context` first, the rest with the budget left).
          if (context === 0) expect(shown).toEqual([]);
          for (const l of shown) {
            expect(lines.has(l)).toBe(false);
            expect(isTopicLine(l) || isDateWords(l)).toBe(false);
            lines.add(l);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it("property: a counter's lower bound (atLeast) skips only what could not fit: the same block as without it", () => {
    const { atLeast: _least, ...withoutBound } = exact;
    fc.assert(
      fc.property(
        input,
        fc.constantFrom('newest' as const, 'best' as const),
        fc.boolean(),
        ({ specs, maxTokens, inContext, context }, order, dates) => {
          const results = specs.map(result);
          const options = { maxTokens, inContext, context, order, format: { dates } };
          const fast = packRecall(results, { ...options, counter: exact });
          const slow = packRecall(results, { ...options, counter: withoutBound });
          expect(fast).toEqual(slow);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('counts no record that cannot fit once the block is full, when the counter has a lower bound', () => {
    const long = (id: number): Spec => ({
      id,
      kind: 'fact',
      session: 's1',
      speaker: 'Ann',
      words: `fact ${id} ${'we adopted a puppy in May '.repeat(40)}`,
      neighbours: [],
      messageIds: [],
    });
    const results = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => result(long(i), i));
    const { counter, texts } = countingTexts();
    const packed = packRecall(results, { maxTokens: 700, counter });
    expect(packed.items).toHaveLength(2);
    // The first record is counted alone and twice over (the header's share), the second alone, the block at the end.
    expect(texts.filter((t) => t.includes('fact 5'))).toEqual([]);
  });

  it('property: with a counter whose counts add across lines, the sum of the lines is the exact count, for any text', () => {
    const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 });
    const any = fc.record({
      specs: fc.array(
        fc.record({
          id: fc.integer({ min: 0, max: 20 }),
          kind: fc.constantFrom('turn' as const, 'fact' as const),
          session: fc.constant('s1'),
          speaker: fc.constantFrom('Ann', 'Bo'),
          words: text,
          neighbours: fc.array(text, { maxLength: 2 }),
          messageIds: fc.constant<string[]>([]),
          toolDerived: fc.boolean(),
          // Up to year 275760: a day past 9999 is written with a sign (`+010000-01-01:`).
          day: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 3_000_000, max: 99_000_000 })),
        }),
        { maxLength: 12 },
      ),
      maxTokens: fc.integer({ min: 1, max: 400 }),
      context: fc.integer({ min: 0, max: 3 }),
      order: fc.constantFrom('newest' as const, 'best' as const),
      dates: fc.boolean(),
    });
    fc.assert(
      fc.property(any, ({ specs, maxTokens, context, order, dates }) => {
        const results = specs.map(result);
        const packed = packRecall(results, { maxTokens, counter: exact, context, order, format: { dates } });
        expect(packed.tokens).toBe(packed.text === '' ? 0 : exact.countText(packed.text));
        expect(packed.tokens).toBeLessThanOrEqual(maxTokens);
      }),
      { numRuns: 1000 },
    );
  });

  it('never counts a block of two records or more whole with a counter whose counts add across lines', () => {
    const specs: Spec[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => ({
      id,
      kind: 'fact',
      session: 's1',
      speaker: 'Ann',
      words: `fact ${id} ${'we adopted a puppy in May '.repeat(id % 3 === 0 ? 12 : 2)}`,
      neighbours: [],
      messageIds: [],
      day: id % 4,
    }));
    const results = specs.map(result);
    const { counter, texts } = countingTexts();
    for (const maxTokens of [90, 150, 260, 2000]) {
      texts.length = 0;
      const packed = packRecall(results, { maxTokens, counter });
      expect(packed.items.length).toBeGreaterThan(0);
      expect(packed.tokens).toBe(exact.countText(packed.text));
      expect(texts.every((t) => t.split('\n- [').length <= 2)).toBe(true);
    }
    // Without the property, the block returned is counted whole.
    const { addsAcrossLines: _adds, ...plain } = counter;
    texts.length = 0;
    const packed = packRecall(results, { maxTokens: 2000, counter: plain });
    expect(texts).toContain(packed.text);
  });

  it('property: with room for everything, packs what a direct walk keeps (first of each id, not in context, words not yet held)', () => {
    fc.assert(
      fc.property(input, ({ specs, inContext }) => {
        const results = specs.map(result);
        const packed = packRecall(results, {
          maxTokens: 1_000_000,
          counter: estimate,
          inContext,
          context: 0,
          order: 'best',
        });
        const kept: string[] = [];
        const held = new Set<string>();
        for (const { record } of results) {
          if (kept.includes(record.id)) continue;
          const sources = record.provenance.messageIds;
          if (sources.length > 0 && sources.every((id) => inContext.includes(id))) continue;
          if (record.kind === 'turn') {
            const key = `${record.session}\u0000${record.text.slice(record.text.indexOf(': ') + 2)}`;
            if (held.has(key) && !record.provenance.toolDerived) continue;
            held.add(key);
          }
          kept.push(record.id);
        }
        expect(packed.items.map((i) => i.result.record.id)).toEqual(kept);
        expect(packed.text).toBe(formatRecall(packed.items.map((i) => i.result)));
      }),
      { numRuns: 200 },
    );
  });

  it('shows a turn with its neighbours, leaves out a turn the block already shows, and counts exactly with BPE', () => {
    const hit = result({
      id: 1,
      kind: 'turn',
      session: 's1',
      speaker: 'Ann',
      words: 'That is lovely news! Our dog will love a puppy.',
      neighbours: ['We adopted a puppy named Scout.', 'Congratulations!'],
      messageIds: ['m2'],
    });
    const neighbour = result(
      {
        id: 2,
        kind: 'turn',
        session: 's1',
        speaker: 'Bo',
        words: 'We adopted a puppy named Scout.',
        neighbours: [],
        messageIds: ['m1'],
      },
      1,
    );
    const packed = packRecall([hit, neighbour], { maxTokens: 2000, counter: exact });
    expect(packed.items.map((i) => i.result.record.id)).toEqual(['r1']);
    expect(packed.items[0]!.context).toEqual(['We adopted a puppy named Scout.', 'Congratulations!']);
    expect(packed.text).toContain(
      'That is lovely news! Our dog will love a puppy. — around it: «We adopted a puppy named Scout.» «Congratulations!»',
    );
    expect(packed.tokens).toBe(exact.countText(packed.text));
    // Too small for the neighbours: the record alone.
    const alone = packRecall([hit], { maxTokens: exact.countText(formatRecall([hit])), counter: exact });
    expect(alone.items[0]!.context).toEqual([]);
    expect(alone.text).toBe(formatRecall([hit]));
    // A neighbour the model already sees is not shown again.
    const fewer = packRecall([hit], { inContextText: ['Congratulations!'] });
    expect(fewer.items[0]!.context).toEqual(['We adopted a puppy named Scout.']);
    // Already in the model's context: nothing new.
    expect(packRecall([hit], { inContext: ['m2'] })).toEqual({ text: '', items: [], tokens: 0 });
    expect(packRecall([hit], { maxTokens: 5 }).text).toBe('');
  });

  it('gives neighbours to the best `context` records first (five by default); the rest take theirs with the budget left', () => {
    const turns = Array.from({ length: 7 }, (_, i) =>
      result(
        {
          id: i,
          kind: 'turn',
          session: `s${i}`,
          speaker: 'Ann',
          words: `Turn number ${i} about the garden.`,
          neighbours: [`Before turn ${i}.`, `After turn ${i}.`],
          messageIds: [`m${i}`],
        },
        i,
      ),
    );
    const carried = (context?: number) =>
      packRecall(turns, {
        maxTokens: 100_000,
        order: 'best',
        ...(context === undefined ? {} : { context }),
      }).items.map((item) => item.context.length);
    // Room for everything: every record carries its neighbours, unless `context` is 0.
    expect(carried()).toEqual([2, 2, 2, 2, 2, 2, 2]);
    expect(carried(1)).toEqual([2, 2, 2, 2, 2, 2, 2]);
    expect(carried(0)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    // Room for the seven records with the best five's neighbours and one more record's: the sixth takes its own,
    // the seventh stays alone; no record is left out for a neighbour.
    const alone = packRecall(turns, { maxTokens: 100_000, order: 'best', context: 5, counter: exact });
    const oneMore = packRecall(turns.slice(0, 6), {
      maxTokens: 100_000,
      order: 'best',
      context: 6,
      counter: exact,
    });
    const budget =
      exact.countText(oneMore.text) + exact.countText(`${formatRecall([turns[6]!]).split('\n').at(-2)}\n`);
    const tight = packRecall(turns, { maxTokens: budget, order: 'best', counter: exact });
    expect(tight.items.map((item) => item.context.length)).toEqual([2, 2, 2, 2, 2, 2, 0]);
    expect(tight.tokens).toBeLessThanOrEqual(budget);
    expect(alone.items).toHaveLength(7);
  });

  it('a first record that fits alone but not with its neighbours goes in alone, also where counts do not add', () => {
    // Found by the property below (seed 1825311156): the frame was counted beside the line with its neighbour, which
    // the estimate rounds one token higher than beside the line alone, and the record was left out at a budget
    // it fits.
    const alone = result({
      id: 0,
      kind: 'turn',
      session: 's1',
      speaker: 'Ann',
      words: 'adopted we a ünïcode adopted a ünïcode 🙂 ünïcode x',
      neighbours: ['we'],
      messageIds: [],
      day: 0,
    });
    for (const counter of [estimate, exact]) {
      const fits = counter.countText(formatRecall([alone]));
      for (const maxTokens of [fits, fits + 1, fits + 2]) {
        const packed = packRecall([alone], { maxTokens, context: 1, counter });
        expect(packed.items.map((i) => i.result.record.id)).toEqual(['r0']);
        expect(packed.tokens).toBeLessThanOrEqual(maxTokens);
      }
      expect(packRecall([alone], { maxTokens: fits - 1, context: 1, counter }).items).toEqual([]);
    }
  });

  it('property: the neighbours given with the budget left never leave a record out', () => {
    fc.assert(
      fc.property(input, ({ specs, maxTokens, inContext, context, bpe }) => {
        const results = specs.map(result);
        const options = { maxTokens, inContext, context, counter: bpe ? exact : estimate };
        for (const order of ['best', 'newest'] as const) {
          const packed = packRecall(results, { ...options, order });
          // The best `context` packed (by rank) keep their neighbours, every other record is stripped of its: the
          // same records go in, so none was left out for a neighbour given with the budget left.
          const first = new Set(
            [...packed.items]
              .sort((a, b) => b.result.score - a.result.score)
              .slice(0, context)
              .map((i) => i.result),
          );
          const stripped = results.map((r) =>
            first.has(r) ? r : { ...r, record: { ...r.record, context: undefined } },
          );
          const without = packRecall(stripped, { ...options, order });
          const ids = (p: typeof packed) => p.items.map((i) => i.result.record.id);
          expect(ids(without)).toEqual(ids(packed));
          expect(without.tokens).toBeLessThanOrEqual(packed.tokens);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('shows a later statement before an earlier one whatever their ranks; order best keeps the ranking', () => {
    const spec = (id: number, words: string, day: number): Spec => ({
      id,
      kind: 'turn',
      session: `s${day}`,
      speaker: 'Ann',
      words,
      neighbours: [],
      messageIds: [`m${id}`],
      day,
    });
    const results = [spec(1, 'I live in Lisbon', 0), spec(2, 'We moved to Porto last month', 40)].map(result);
    const lines = (order?: 'newest' | 'best') =>
      packRecall(results, { counter: exact, ...(order ? { order } : {}) })
        .text.split('\n')
        .filter((l) => l.startsWith('- '));
    expect(lines()[0]).toContain('Porto');
    expect(lines()[1]).toContain('Lisbon');
    expect(lines('best')[0]).toContain('Lisbon');
  });

  it('newest first, counts the `no date:` line an undated record gets below a dated one it was packed before', () => {
    // A counter whose counts add up exactly (characters), so the packer's estimate should be the block's count.
    const chars = { encoding: 'chars', countText: (t: string) => t.length, count: () => 0 };
    const spec = (id: number, words: string): Spec => ({
      id,
      kind: 'fact',
      session: 's1',
      speaker: 'Ann',
      words,
      neighbours: [],
      messageIds: [],
    });
    const undated = (r: LongTermSearchResult): LongTermSearchResult => {
      const { validAt: _v, recordedAt: _r, ...record } = r.record;
      return { ...r, record: record as LongTermRecord };
    };
    const first = undated(result(spec(0, 'we'), 0));
    const dated = result(spec(1, 'adopted adopted we'), 1);
    const small = undated(result(spec(2, 'ok'), 2));
    // Both records with the dated one do not fit (its block has a `no date:` line), the two undated ones do.
    const maxTokens = formatRecall([dated, first]).length - 5;
    expect(formatRecall([first, small]).length).toBeLessThanOrEqual(maxTokens);
    const packed = packRecall([first, dated, small], { maxTokens, counter: chars, context: 0 });
    expect(packed.items.map((i) => i.result.record.id)).toEqual(['r0', 'r2']);
  });

  it('throws INVALID_ARGUMENT for bad input', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return MemoryError.isInstance(e) ? e.code : String(e);
      }
      return 'none';
    };
    const ok = [
      result({ id: 1, kind: 'fact', session: 's', speaker: 'A', words: 'w', neighbours: [], messageIds: [] }),
    ];
    for (const bad of [0, 1.5, -1, 2e6, Number.NaN, '10'])
      expect(code(() => packRecall(ok, { maxTokens: bad as number }))).toBe('INVALID_ARGUMENT');
    expect(code(() => packRecall(ok, { counter: {} as never }))).toBe('INVALID_ARGUMENT');
    expect(code(() => packRecall(ok, { inContext: [1] as never }))).toBe('INVALID_ARGUMENT');
    expect(code(() => packRecall(ok, { context: 'yes' as never }))).toBe('INVALID_ARGUMENT');
    for (const context of [true, -1, 1.5, Number.NaN, 1_000_001])
      expect(code(() => packRecall(ok, { context: context as never }))).toBe('INVALID_ARGUMENT');
    expect(code(() => packRecall(ok, { inContextText: 'x' as never }))).toBe('INVALID_ARGUMENT');
    expect(code(() => packRecall(ok, { order: 'oldest' as never }))).toBe('INVALID_ARGUMENT');
    expect(code(() => packRecall(null as never))).toBe('INVALID_ARGUMENT');
    expect(code(() => packRecall([{ record: { text: 'x' } }] as never))).toBe('INVALID_ARGUMENT');
    expect(code(() => packRecall(ok, null as never))).toBe('INVALID_ARGUMENT');
  });
});
