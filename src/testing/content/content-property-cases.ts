import fc from 'fast-check';
import { expect } from 'vitest';
import type { ContentItem } from '../../content/content-item.ts';
import { createContentStore } from '../../content/create-content-store.ts';
import { itemInfo } from '../../content/prepare-content-item.ts';
import { compareItems } from '../../content/select-items.ts';
import { expectMemoryError } from '../fixtures.ts';
import type { ContentCase } from './content-case.ts';
import { at, ids, queryAll } from './content-case-helpers.ts';

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
