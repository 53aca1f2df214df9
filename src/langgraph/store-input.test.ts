import type { Operation } from '@langchain/langgraph-checkpoint';
import { describe, expect, it } from 'vitest';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createEngramStore, EngramStore } from './engram-store.ts';

/**
 * Bad input to `EngramStore`, by its methods and by `batch` (what LangGraph's runtime calls): a typed
 * `INVALID_ARGUMENT` naming where, never a raw `TypeError`, never an item stored where it was not asked to be,
 * and what was stored before is read back unchanged.
 */
async function withStore(run: (store: EngramStore) => Promise<void>) {
  const store = createSqliteStore({ path: ':memory:' });
  try {
    const s = createEngramStore({ store, scope: { tenant: 't' } });
    await s.put(['docs'], 'k', { kept: true });
    await run(s);
    expect((await s.get(['docs'], 'k'))?.value).toEqual({ kept: true });
  } finally {
    await store.close();
  }
}

const invalid = (pattern: RegExp) =>
  expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(pattern) });

const cyclic: Record<string, unknown> = {};
cyclic.self = cyclic;

const calls: [string, (s: EngramStore) => Promise<unknown>, RegExp][] = [
  ['put of a value holding a BigInt', (s) => s.put(['docs'], 'k', { n: 1n }), /value must be a JSON object/],
  ['put of a cyclic value', (s) => s.put(['docs'], 'k', cyclic), /value must be a JSON object/],
  ['put with an index that is not a list', (s) => s.put(['docs'], 'k', { a: 1 }, 'a' as never), /put: index/],
  ['put with an index of numbers', (s) => s.put(['docs'], 'k', { a: 1 }, [5] as never), /put: index/],
  ['get of a null namespace', (s) => s.get(null as never, 'k'), /get: namespace/],
  // LangGraph's label rules threw its own InvalidNamespaceError, no MemoryError.
  [
    'put under an empty namespace',
    (s) => s.put([], 'k', { a: 1 }),
    /put: namespace: Namespace cannot be empty/,
  ],
  ['put under a label with a period', (s) => s.put(['a.b'], 'k', { a: 1 }), /put: namespace: .*periods/],
  ['delete under a label with a NUL', (s) => s.delete(['a\u0000b'], 'k'), /delete: namespace: .*NUL/],
  ['get under a label with a colon', (s) => s.get(['a:b'], 'k'), /get: namespace: .*colons/],
  ['search under a label with a NUL', (s) => s.search(['a\u0000b']), /search: namespacePrefix: .*NUL/],
  // delete is LangGraph's BaseStore.delete: its namespace check read `null.length` (a raw TypeError).
  ['delete of a null namespace', (s) => s.delete(null as never, 'k'), /delete: namespace/],
  ['delete of a number namespace', (s) => s.delete(5 as never, 'k'), /delete: namespace/],
  ['delete of a string namespace', (s) => s.delete('docs' as never, 'k'), /delete: namespace/],
  ['search of a string prefix', (s) => s.search('docs' as never), /search: namespacePrefix/],
  ['listNamespaces of a string prefix', (s) => s.listNamespaces({ prefix: 'a' as never }), /listNamespaces/],
  ['batch of no list', (s) => s.batch(null as never), /batch: operations/],
  ['batch of a null operation', (s) => s.batch([null as never]), /batch: operations\[0\]/],
  [
    'batch put under a string namespace',
    (s) => s.batch([{ namespace: 'abc' as never, key: 'k', value: { a: 1 } }]),
    /put: namespace/,
  ],
  [
    'put under a namespace label with a lone surrogate (stored, but no prefix search found it on SQL stores)',
    (s) => s.put(['\ud800'], 'k', { a: 1 }),
    /put: namespace/,
  ],
  [
    'listNamespaces under a label with a lone surrogate',
    (s) => s.listNamespaces({ prefix: ['\ud800'] }),
    /listNamespaces: a prefix or suffix\[0\]/,
  ],
  [
    'search under a label with a lone surrogate',
    (s) => s.search(['docs', '\udfff']),
    /search: namespacePrefix/,
  ],
  [
    'search with null options',
    (s) => s.search(['docs'], null as never),
    /search\(options\): options must be an object/,
  ],
  [
    'search with a query that is no string',
    (s) => s.search(['docs'], { query: 5 as never }),
    /search: query/,
  ],
  [
    'batch search with a query that is no string',
    (s) => s.batch([{ namespacePrefix: ['docs'], query: {} as never }]),
    /search: query/,
  ],
  [
    'search with a refreshTtl that is no boolean',
    (s) => s.search(['docs'], { refreshTtl: 'yes' as never }),
    /search\(options\): refreshTtl/,
  ],
  [
    'get with a refreshTtl that is no boolean',
    (s) => s.get(['docs'], 'k', { refreshTtl: 1 as never }),
    /get\(options\): refreshTtl/,
  ],
  [
    'listNamespaces with null options',
    (s) => s.listNamespaces(null as never),
    /listNamespaces\(options\): options must be an object/,
  ],
  [
    'batch delete under a string namespace',
    (s) => s.batch([{ namespace: 'docs' as never, key: 'k', value: null }]),
    /put: namespace/,
  ],
];

describe('EngramStore: bad input is a typed error, and stores nothing', () => {
  it('createEngramStore and new EngramStore refuse a misspelt option (tll: items never expired) naming it', async () => {
    const store = createSqliteStore({ path: ':memory:' });
    try {
      const options = { store, ttl: undefined, tll: { defaultTtl: 60 } } as never;
      expect(() => createEngramStore(options)).toThrow(
        invalid(/createEngramStore\(options\)\.tll: not an option/),
      );
      expect(() => new EngramStore(options)).toThrow(
        invalid(/createEngramStore\(options\)\.tll: not an option/),
      );
      // Nested, at construction: a misspelt defaultTTL was ignored (items never expired), a ttl that is no object
      // too, and a misspelt scope key was refused only by the first get or put.
      const nested: [object, RegExp][] = [
        [{ ttl: { defaultTTL: 60 } }, /createEngramStore\(options\)\.ttl\.defaultTTL: not an option/],
        [{ ttl: 60 }, /createEngramStore\(options\)\.ttl must be an object/],
        [{ scope: { tenant: 't', usr: 'u' } }, /scope\.usr: not a scope field/],
      ];
      for (const [extra, where] of nested) {
        expect(() => createEngramStore({ store, ...extra } as never)).toThrow(invalid(where));
        expect(() => new EngramStore({ store, ...extra } as never)).toThrow(invalid(where));
      }
    } finally {
      await store.close();
    }
  });

  it('createEngramStore refuses a top-level option of the wrong type, naming it, at construction', async () => {
    // Each was kept as given: `fields: 'text'` and `dims: '1536'` (from an environment variable) failed every put
    // later, `model: 5` keyed the vectors by a number, an `embed` that is no embedder was called on the first put,
    // and an `onSweepError` that is no function was called only when a background sweep failed.
    const store = createSqliteStore({ path: ':memory:' });
    const embed = async (texts: string[]) => texts.map(() => [1, 0]);
    try {
      const wrong: [object, RegExp][] = [
        [{ fields: 'text' }, /createEngramStore\(options\)\.fields must be a list of field paths/],
        [{ fields: [5] }, /createEngramStore\(options\)\.fields must be a list of field paths/],
        [{ embed, dims: '1536' }, /createEngramStore\(options\)\.dims must be an integer/],
        [{ embed, dims: Number.NaN }, /createEngramStore\(options\)\.dims must be an integer/],
        [{ embed, dims: 0 }, /createEngramStore\(options\)\.dims must be an integer/],
        [{ embed, model: 5 }, /createEngramStore\(options\)\.model must be a non-empty string/],
        [{ embed, model: '' }, /createEngramStore\(options\)\.model must be a non-empty string/],
        [{ embed: 'openai' }, /createEngramStore\(options\)\.embed must be a function or/],
        [{ embed: { embedQuery: embed } }, /createEngramStore\(options\)\.embed must be a function or/],
        [{ onSweepError: 'log' }, /createEngramStore\(options\)\.onSweepError must be a function/],
      ];
      const taken: string[] = [];
      for (const [extra, where] of wrong)
        for (const make of [createEngramStore, (o: never) => new EngramStore(o)])
          try {
            make({ store, ...extra } as never).stop();
            taken.push(JSON.stringify(extra));
          } catch (error) {
            expect(error).toEqual(invalid(where));
          }
      expect(taken).toEqual([]);
      const s = createEngramStore({
        store,
        embed,
        dims: 2,
        model: 'm',
        fields: ['a'],
        onSweepError: () => {},
      });
      await s.put(['docs'], 'k', { a: 'cats' });
      expect((await s.get(['docs'], 'k'))?.value).toEqual({ a: 'cats' });
    } finally {
      await store.close();
    }
  });

  for (const [title, call, where] of calls)
    it(title, async () => {
      await withStore(async (s) => {
        await expect(call(s)).rejects.toEqual(invalid(where));
        expect((await s.search([], { limit: 100 })).map((i) => [i.namespace, i.key])).toEqual([
          [['docs'], 'k'],
        ]);
      });
    });

  it('batch refuses a namespace label put() refuses, instead of storing the item', async () => {
    await withStore(async (s) => {
      const ops: Operation[] = [{ namespace: ['a.b'], key: 'k', value: { a: 1 } }];
      await expect(s.batch(ops)).rejects.toThrow(/periods/);
      await expect(s.put(['a.b'], 'k', { a: 1 })).rejects.toThrow(/periods/);
      expect(await s.search([], { limit: 100 })).toHaveLength(1);
    });
  });
});

describe('EngramStore: a namespace label with a lone surrogate', () => {
  it('is refused where it is written or matched; get and delete still address an item stored before the check', async () => {
    const store = createSqliteStore({ path: ':memory:' });
    try {
      const s = createEngramStore({ store, scope: { tenant: 't' } });
      await expect(s.put(['a', '\ud800'], 'k', { a: 1 })).rejects.toEqual(invalid(/put: namespace\[1\]/));
      expect(await s.get(['a', '\ud800'], 'k')).toBeNull();
      await expect(s.delete(['a', '\ud800'], 'k')).resolves.toBeUndefined();
    } finally {
      await store.close();
    }
  });
});

describe('EngramStore: a filter or a page it cannot honour is refused, not answered wrongly', () => {
  const refused: [string, (s: EngramStore) => Promise<unknown>, string, RegExp][] = [
    [
      'a filter that is a string',
      (s) => s.search(['docs'], { filter: 'kept' as never }),
      'INVALID_QUERY',
      /filter/,
    ],
    [
      'a filter that is a list',
      (s) => s.search(['docs'], { filter: [1] as never }),
      'INVALID_QUERY',
      /filter/,
    ],
    [
      'a misspelt operator',
      (s) => s.search(['docs'], { filter: { n: { $gtt: 1 } } }),
      'INVALID_QUERY',
      /filter\.n .*"\$gtt"/,
    ],
    [
      'a namespace match type other than prefix or suffix (taken as a suffix)',
      (s) =>
        s.batch([
          { matchConditions: [{ matchType: 'middle' as never, path: ['docs'] }], limit: 5, offset: 0 },
        ]),
      'INVALID_ARGUMENT',
      /listNamespaces: matchConditions\[0\]\.matchType/,
    ],
    ['a negative namespace limit', (s) => s.listNamespaces({ limit: -1 }), 'INVALID_ARGUMENT', /limit/],
    ['a NaN namespace offset', (s) => s.listNamespaces({ offset: Number.NaN }), 'INVALID_ARGUMENT', /offset/],
    ['a namespace depth of -1', (s) => s.listNamespaces({ maxDepth: -1 }), 'INVALID_ARGUMENT', /maxDepth/],
  ];
  for (const [title, call, code, where] of refused)
    it(title, async () => {
      await withStore(async (s) => {
        await expect(call(s)).rejects.toEqual(
          expect.objectContaining({ code, message: expect.stringMatching(where) }),
        );
      });
    });

  it('still honours every operator, and paging within bounds', async () => {
    await withStore(async (s) => {
      await s.put(['docs'], 'n', { n: 2 });
      const filter = { n: { $gt: 1, $lte: 2, $ne: 3, $in: [2], $nin: [4], $eq: 2, $gte: 2, $lt: 3 } };
      expect((await s.search(['docs'], { filter })).map((i) => i.key)).toEqual(['n']);
      expect(await s.listNamespaces({ limit: 0 })).toEqual([]);
      expect(await s.listNamespaces({ maxDepth: 1, offset: 0, limit: 5 })).toEqual([['docs']]);
    });
  });
});
