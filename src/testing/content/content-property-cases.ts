import fc from 'fast-check';
import { expect } from 'vitest';
import type { ContentItem } from '../../content/content-item.ts';
import { createContentStore } from '../../content/create-content-store.ts';
import { itemInfo } from '../../content/prepare-content-item.ts';
import { compareItems } from '../../content/select-items.ts';
import { expectMemoryError } from '../fixtures.ts';
import type { ContentCase } from './content-case.ts';
import { at, ids, queryAll, space } from './content-case-helpers.ts';

type Op =
  | { kind: 'put'; id: string; sp: string; content: string; ts: number; tags: string[] }
  | { kind: 'delete'; id: string; sp: string }
  | { kind: 'clear'; sp: string }
  | { kind: 'replace'; sp: string; ids: string[] };

/** Random puts, deletes, clears and replaces against a model. */
export const model: ContentCase = {
  name: 'property: random puts, deletes, clears and replaces match a model, page by page',
  async run(t) {
    const idArb = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
    const spArb = fc.constantFrom('s1', 's2');
    const opArb: fc.Arbitrary<Op> = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          kind: fc.constant('put' as const),
          id: idArb,
          sp: spArb,
          content: fc.constantFrom('apple pie', 'banana split', 'cherry tart'),
          ts: fc.integer({ min: 0, max: 3 }),
          tags: fc.subarray(['t1', 't2']),
        }),
      },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), id: idArb, sp: spArb }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('clear' as const), sp: spArb }) },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('replace' as const),
          sp: spArb,
          ids: fc.uniqueArray(idArb, { maxLength: 3 }),
        }),
      },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { maxLength: 25 }), async (ops) => {
        const scope = t.scope();
        const state = new Map<string, Map<string, ContentItem>>([
          ['s1', new Map()],
          ['s2', new Map()],
        ]);
        for (const op of ops) {
          const m = state.get(op.sp)!;
          if (op.kind === 'put') {
            const item = t.item({ id: op.id, content: op.content, timestamp: at(op.ts), tags: op.tags });
            const prev = m.get(op.id);
            const same =
              prev && prev.digest === item.digest && JSON.stringify(prev.tags) === JSON.stringify(item.tags);
            if (prev && !same) {
              await expectMemoryError(t.items.putItem(scope, op.sp, item), 'INVALID_ARGUMENT');
            } else {
              await t.items.putItem(scope, op.sp, item);
              if (!prev) m.set(op.id, item);
            }
          } else if (op.kind === 'delete') {
            expect(await t.items.deleteItem(scope, op.sp, op.id)).toBe(m.delete(op.id));
          } else if (op.kind === 'clear') {
            expect(await t.items.clearItems(scope, op.sp)).toBe(m.size);
            m.clear();
          } else {
            const items = op.ids.map((id, i) =>
              t.item({ id, content: `replaced ${i} apple`, timestamp: at(i) }),
            );
            await t.items.replaceItems(scope, op.sp, items);
            state.set(op.sp, new Map(items.map((i) => [i.id, i])));
          }
        }
        for (const [sp, m] of state) {
          const want = [...m.values()].sort(compareItems).map(itemInfo);
          expect(await queryAll(t.items, scope, sp, { limit: 2, order: 'oldest' })).toEqual(want);
          const withText = want.filter((i) => (m.get(i.id)!.content as string).includes('apple'));
          expect(
            ids(await queryAll(t.items, scope, sp, { limit: 3, order: 'oldest', text: 'apple' })),
          ).toEqual(ids(withText));
          const tagged = want.filter((i) => i.tags.includes('t1'));
          expect(ids(await queryAll(t.items, scope, sp, { order: 'oldest', tags: ['t1'] }))).toEqual(
            ids(tagged),
          );
        }
      }),
      { numRuns: 12 },
    );
  },
};

/**
 * Queries by tag on spaces where some tags are on most items and others on a few, against a model: a store may read
 * a rare tag's items by its own index and walk the space for a common one (the SQL stores switch at 500 rows of the
 * tags asked), and every way must give the same pages. Each run also deletes some items, so their tags must go too.
 */
export const tagQueries: ContentCase = {
  name: 'property: queries by rare and common tags (any / all, with other criteria, page by page) match a model',
  async run(t) {
    const tagNames = ['common', 'most', 'half', 'rare', 'scarce'] as const;
    const itemArb = fc.record({
      odds: fc.tuple(fc.nat(99), fc.nat(99), fc.nat(99), fc.nat(99), fc.nat(999)),
      ts: fc.integer({ min: 0, max: 400 }),
      word: fc.constantFrom('apple', 'pear'),
      web: fc.boolean(),
    });
    const queryArb = fc.record({
      tags: fc.uniqueArray(fc.constantFrom(...tagNames, 'absent'), { minLength: 1, maxLength: 3 }),
      tagMatch: fc.constantFrom('any' as const, 'all' as const),
      order: fc.constantFrom('oldest' as const, 'newest' as const),
      limit: fc.integer({ min: 1, max: 40 }),
      text: fc.option(fc.constantFrom('apple', 'pear'), { nil: undefined }),
      web: fc.option(fc.boolean(), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(
        // A small space, or one whose common tags pass the SQL stores' 500 rows.
        fc.oneof(
          { weight: 1, arbitrary: fc.array(itemArb, { maxLength: 40 }) },
          { weight: 3, arbitrary: fc.array(itemArb, { minLength: 600, maxLength: 700 }) },
        ),
        fc.array(fc.nat(), { maxLength: 20 }),
        fc.array(queryArb, { minLength: 1, maxLength: 4 }),
        async (inputs, deletions, queries) => {
          const scope = t.scope();
          const items = inputs.map((input, i) => {
            const [c, m, h, r, s] = input.odds;
            const tags = [
              c < 90 && 'common',
              m < 85 && 'most',
              h < 50 && 'half',
              r < 2 && 'rare',
              s < 3 && 'scarce',
            ].filter((tag): tag is string => tag !== false);
            return t.item({
              id: `i${i}`,
              type: input.web ? 'web_content' : 'custom',
              content: `${input.word} ${i}`,
              timestamp: at(input.ts),
              tags,
            });
          });
          await t.items.replaceItems(scope, space, items);
          // Another space of the same owner holds the same tags: never in this space's answers.
          await t.items.replaceItems(scope, 'other', items.slice(0, 50));
          const live = new Map(items.map((item) => [item.id, item]));
          for (const n of deletions) {
            const id = `i${n % Math.max(1, items.length)}`;
            expect(await t.items.deleteItem(scope, space, id)).toBe(live.delete(id));
          }
          // Items put after the deletions, without tags, may take the row ids of deleted ones (SQLite reuses the
          // highest): a deleted item's tags must not come back with them.
          await t.items.replaceItems(scope, 'other', []);
          for (let i = 0; i < deletions.length; i++) {
            const late = t.item({ id: `late${i}`, content: `pear late ${i}`, timestamp: at(i), tags: [] });
            await t.items.putItem(scope, space, late);
            live.set(late.id, late);
          }
          const sorted = [...live.values()].sort(compareItems);
          // Two tags on most items, asked together: each walked and checked by key.
          const both = {
            tags: ['common', 'most'],
            tagMatch: 'all' as const,
            order: 'newest' as const,
            limit: 25,
          };
          for (const q of [...queries, { ...both, text: undefined, web: undefined }]) {
            const want = sorted.filter(
              (item) =>
                (q.tagMatch === 'all'
                  ? q.tags.every((tag) => item.tags.includes(tag))
                  : q.tags.some((tag) => item.tags.includes(tag))) &&
                (q.text === undefined || (item.content as string).startsWith(q.text)) &&
                (q.web === undefined || (item.type === 'web_content') === q.web),
            );
            const got = await queryAll(t.items, scope, space, {
              tags: q.tags,
              tagMatch: q.tagMatch,
              order: q.order,
              limit: q.limit,
              ...(q.text === undefined ? {} : { text: q.text }),
              ...(q.web === undefined ? {} : { type: q.web ? 'web_content' : 'custom' }),
            });
            expect(ids(got)).toEqual(ids(q.order === 'oldest' ? want : [...want].reverse()));
          }
        },
      ),
      { numRuns: 10, seed: 2_112 },
    );
  },
};

/** A snapshot restored after a JSON round trip (a property). */
export const portableSnapshot: ContentCase = {
  name: 'snapshot: restore(JSON.parse(JSON.stringify(snapshot))) makes another space hold the same items (property)',
  async run(t) {
    const jsonContent = fc.jsonValue({ maxDepth: 2 }).filter((v) => v !== null);
    const arbItem = fc.record({
      content: fc.oneof(fc.string({ minLength: 1, maxLength: 40 }), jsonContent),
      timestamp: fc.date({ min: new Date(-62_000_000_000_000), max: new Date(4e14), noInvalidDate: true }),
      tags: fc.uniqueArray(fc.constantFrom('a', 'b', 'c'), { maxLength: 3 }),
      metadata: fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), {
        maxKeys: 3,
      }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(arbItem, { maxLength: 6 }), async (inputs) => {
        const scope = t.scope();
        const from = createContentStore({ store: t.items, scope, space: 'from' });
        for (const [i, input] of inputs.entries())
          await from.store({ id: `item-${i}`, type: 'custom', source: 'property', ...input });
        const snapshot = await from.snapshot();
        const to = from.withSpace('to');
        await to.store({ id: 'replaced', type: 'custom', source: 'property', content: 'gone after restore' });
        await to.restore(JSON.parse(JSON.stringify(snapshot)));
        expect(await to.snapshot()).toEqual(snapshot);
        // a timestamp that is no date is still refused whole, naming the field
        const bad = JSON.parse(
          JSON.stringify({ version: 1, items: [{ ...snapshot.items[0], timestamp: 'soon' }] }),
        );
        if (snapshot.items.length > 0) {
          const error = await expectMemoryError(to.restore(bad), 'INVALID_ARGUMENT');
          expect(error.message).toMatch(/timestamp/);
          expect(await to.snapshot()).toEqual(snapshot);
        }
      }),
      { numRuns: 15, seed: 21_016 },
    );
  },
};
