import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  callAsModel,
  isToolError,
  megabyteString,
  toolArguments,
} from '../../test-support/model-tool-call.ts';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import { type ContentStore, createContentStore } from '../content/create-content-store.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createContentTools } from './content-tools.ts';

const sqliteStore = tempSqliteStores('content-tools-input');
const counter = createTokenCounter();
const stores = { sqlite: () => sqliteStore(), memory: () => createMemoryStore() };

/** Every item of a content store with its full content: what must not change where a call may not write. */
async function snapshot(content: ContentStore) {
  const { items } = await content.query({ limit: 1000 });
  return Promise.all(items.map(async (i) => ({ ...i, content: (await content.retrieve(i.id)).content })));
}

/** Two scopes on one store, each with two items; the tools work on scope a. */
async function rig(open: () => ReturnType<typeof createMemoryStore>) {
  const store = open();
  const a = createContentStore({ store, counter, scope: { tenant: 'a' } });
  const b = createContentStore({ store, counter, scope: { tenant: 'b' } });
  for (const content of [a, b]) {
    await content.put({ type: 'web_content', source: 'agent', content: 'line one\nthe vault code is QX-42' });
    await content.put({
      type: 'custom',
      source: 'agent',
      content: JSON.stringify({ items: [{ title: 't' }] }),
    });
  }
  const [first] = (await a.query()).items;
  const [other] = (await b.query()).items;
  return { a, b, tools: createContentTools({ content: a }), id: first!.id, otherId: other!.id };
}

const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('vault code', 'QX-42', 'the of'));
const transform = fc.record(
  {
    type: fc.constantFrom('full', 'excerpt', 'summary', 'first_n', 'last_n', 'filtered'),
    query: text,
    offset: fc.integer({ min: -5, max: 100 }),
    length: fc.integer({ min: -5, max: 100 }),
    n: fc.integer({ min: -2, max: 5 }),
    unit: fc.constantFrom('lines', 'chars', 'tokens'),
    pattern: text,
    paths: fc.array(fc.constantFrom('$.items[*].title', '$', '$$[', '$..*'), { maxLength: 2 }),
    maxLines: fc.integer({ min: -1, max: 5 }),
    maxTokens: fc.integer({ min: -1, max: 50 }),
  },
  { requiredKeys: ['type'] },
);

const shapes: Record<string, string[]> = {
  store_in_memory: ['id', 'size', 'tokens'],
  retrieve_from_memory: ['id', 'type', 'source', 'taken', 'complete', 'content'],
  query_memory: ['items'],
};

describe.each(Object.entries(stores))(
  'content tools, called by a model with bad arguments (%s)',
  (_, open) => {
    it('refuse them with { error } naming the argument, and change nothing', async () => {
      const { a, b, tools, otherId } = await rig(open);
      const before = { a: await snapshot(a), b: await snapshot(b) };
      const cases: [string, unknown, RegExp][] = [
        ['store_in_memory', { content: 'x', type: '' }, /^item\.type must be a non-empty string/],
        ['store_in_memory', { content: 'x', tags: ['ok', ''] }, /^item\.tags\[1\] must be/],
        ['store_in_memory', { content: '\ud800' }, /^item\.content: contains a lone surrogate/],
        ['retrieve_from_memory', { id: '' }, /^id must be a non-empty string/],
        ['retrieve_from_memory', { id: megabyteString }, /^id must be .* \(1000000 characters\)/],
        ['retrieve_from_memory', { id: otherId }, /^content item ".+" not found/],
        ['retrieve_from_memory', { id: otherId, transform: { type: 'first_n', n: 1 } }, /not found/],
        ['query_memory', { tags: ['ok', ''] }, /^criteria\.tags\[1\] must be a non-empty string/],
        ['query_memory', { type: '' }, /^criteria\.type must be a non-empty string/],
        ['query_memory', { source: '\u0000' }, /^criteria\.source must be a non-empty string/],
        ['query_memory', { from: 'yesterday' }, /^from must be an ISO date/],
        // Dates Date.parse reads its own way: 'March 5' and '5' were 2001, so the range held almost everything.
        ['query_memory', { from: 'March 5' }, /^from must be an ISO date/],
        ['query_memory', { to: '5' }, /^to must be an ISO date/],
        ['query_memory', { from: '1/2/2026' }, /^from must be an ISO date/],
        ['query_memory', { limit: 0.5 }, /^limit must be an integer from 1 to 50, got 0.5/],
        ['query_memory', { cursor: 'garbage' }, /^criteria\.cursor is not a cursor/],
        ['query_memory', { text: 'vault', cursor: 'rel:-1' }, /^cursor "rel:-1" is not a nextCursor/],
        ['query_memory', { text: megabyteString }, /^search text is 1000000 characters; the limit is 4096/],
      ];
      for (const [toolName, input, message] of cases) {
        const outcome = await callAsModel(tools, toolName, input);
        expect(outcome, `${toolName} ${JSON.stringify(input).slice(0, 80)}`).toEqual({
          refused: false,
          output: { error: expect.stringMatching(message) },
        });
      }
      const retrieve = { id: (await a.query()).items[0]!.id };
      for (const t of [
        { type: 'first_n', n: -1 },
        { type: 'excerpt', length: 1e300 },
        { type: 'full', n: 5 },
      ]) {
        const outcome = await callAsModel(tools, 'retrieve_from_memory', { ...retrieve, transform: t });
        expect(outcome).toEqual({ refused: false, output: { error: expect.stringMatching(/^transform\./) } });
      }
      expect({ a: await snapshot(a), b: await snapshot(b) }).toEqual(before);
    });

    it('any arguments: the normal result or { error } (or the SDK refuses them); other scopes never change', async () => {
      const { a, b, tools, id, otherId } = await rig(open);
      const otherBefore = await snapshot(b);
      const args = {
        store_in_memory: toolArguments({
          content: text,
          type: fc.constantFrom('custom', 'web_content'),
          source: text,
          tags: fc.array(text, { maxLength: 3 }),
        }),
        retrieve_from_memory: toolArguments({ id: fc.constantFrom(id, otherId, 'cnt_nope'), transform }),
        query_memory: toolArguments({
          type: fc.constantFrom('custom', 'web_content'),
          source: text,
          tags: fc.array(text, { maxLength: 3 }),
          tagMatch: fc.constantFrom('any', 'all'),
          from: fc.constantFrom('2020-01-01', '2999-01-01', 'x'),
          to: fc.constantFrom('2020-01-01', '2999-01-01T00:00:00Z'),
          text,
          limit: fc.integer({ min: -1, max: 60 }),
          order: fc.constantFrom('relevance', 'oldest', 'newest'),
          cursor: fc.constantFrom('rel:1', 'rel:x', 'abc'),
        }),
      };
      await fc.assert(
        fc.asyncProperty(
          fc
            .constantFrom(...(Object.keys(args) as (keyof typeof args)[]))
            .chain((name) => fc.tuple(fc.constant(name), args[name])),
          async ([toolName, input]) => {
            const mine = await snapshot(a);
            const outcome = await callAsModel(tools, toolName, input);
            const wrote = !outcome.refused && !isToolError(outcome.output) && toolName === 'store_in_memory';
            if (!outcome.refused && !isToolError(outcome.output))
              expect(Object.keys(outcome.output as object)).toEqual(
                expect.arrayContaining(shapes[toolName]!),
              );
            if (!wrote) expect(await snapshot(a)).toEqual(mine);
            else expect((await snapshot(a)).length).toBe(mine.length + 1);
          },
        ),
        { numRuns: 150 },
      );
      expect(await snapshot(b)).toEqual(otherBefore);
    });
  },
);
