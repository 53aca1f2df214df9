import { expect } from 'vitest';
import type { ContentItem } from '../../content/content-item.ts';
import type { ContentCriteria } from '../../content/content-query.ts';
import { itemInfo } from '../../content/prepare-content-item.ts';
import { compareItems } from '../../content/select-items.ts';
import type { Scope } from '../../core/scope.ts';
import { expectMemoryError } from '../fixtures.ts';
import { trickScopes } from '../scope-tricks.ts';
import type { ContentCase } from './content-case.ts';
import { at, ids, queryAll, space } from './content-case-helpers.ts';
import { model, portableSnapshot, tagQueries } from './content-property-cases.ts';
import { listSpaces } from './content-space-cases.ts';

const roundTrip: ContentCase = {
  name: 'items: text and JSON items read back identical, info without content',
  async run(t) {
    const scope = t.scope();
    const text = t.item({
      id: 'page',
      type: 'web_content',
      source: 'web_fetch',
      content: 'Héllo 👋\nline two',
      tags: ['web', 'docs'],
      relatedTo: ['other'],
      metadata: { url: 'https://example.com', n: 1, nested: { z: 1, a: [1, 'x', null] } },
      timestamp: at(5),
    });
    const json = t.item({
      id: 'rows',
      type: 'database_result',
      source: 'sql',
      content: { zeta: 1, alpha: [{ b: 2, a: 1 }], s: 'ü' },
    });
    const jsonString = t.item({ id: 'str', format: 'json', content: 'just a string' });
    for (const item of [text, json, jsonString]) {
      const info = await t.items.putItem(scope, space, item);
      expect(info).toEqual(itemInfo(item));
      expect(info).not.toHaveProperty('content');
      const back = await t.items.getItem(scope, space, item.id);
      expect(back).toEqual(item);
      expect(JSON.stringify(back?.content)).toBe(JSON.stringify(item.content)); // key order kept
      expect(back?.timestamp).toBeInstanceOf(Date);
      const infoBack = await t.items.getItemInfo(scope, space, item.id);
      expect(infoBack).toEqual(itemInfo(item));
      expect(infoBack).not.toHaveProperty('content');
    }
    expect((await t.items.getItem(scope, space, 'str'))?.format).toBe('json');
  },
};

const reopen: ContentCase = {
  name: 'items: everything reads back identical after a reopen',
  needsReopen: true,
  async run(t) {
    const scope = t.scope({ user: 'u1' });
    const a = t.item({ id: 'a', content: 'alpha text', tags: ['x'], timestamp: at(1) });
    const b = t.item({
      id: 'b',
      content: { k: [1, 2, { z: true, a: 'y' }] },
      metadata: { q: 'r' },
      timestamp: at(2),
    });
    await t.items.putItem(scope, space, a);
    await t.items.putItem(scope, 'other', b);
    const items = await t.reopen();
    expect(await items.getItem(scope, space, 'a')).toEqual(a);
    expect(await items.getItem(scope, 'other', 'b')).toEqual(b);
    expect(JSON.stringify((await items.getItem(scope, 'other', 'b'))?.content)).toBe(
      JSON.stringify(b.content),
    );
    expect(ids((await items.queryItems(scope, space)).items)).toEqual(['a']);
  },
};

const idempotent: ContentCase = {
  name: 'put: the same item again is a no-op; a different item under a taken id is refused and changes nothing',
  async run(t) {
    const scope = t.scope();
    const first = t.item({ id: 'same', content: 'one', timestamp: at(1), metadata: { a: 1, b: 2 } });
    await t.items.putItem(scope, space, first);
    const again = await t.items.putItem(scope, space, {
      ...first,
      timestamp: at(99),
      metadata: { b: 2, a: 1 },
    });
    expect(again.timestamp).toEqual(at(1));
    await expectMemoryError(
      t.items.putItem(scope, space, t.item({ id: 'same', content: 'two' })),
      'INVALID_ARGUMENT',
    );
    await expectMemoryError(t.items.putItem(scope, space, { ...first, tags: ['new'] }), 'INVALID_ARGUMENT');
    expect(await t.items.getItem(scope, space, 'same')).toEqual(first);
    expect((await t.items.queryItems(scope, space)).items).toHaveLength(1);
  },
};

const missing: ContentCase = {
  name: 'items: unknown ids read as undefined and delete as false',
  async run(t) {
    const scope = t.scope();
    expect(await t.items.getItem(scope, space, 'nope')).toBeUndefined();
    expect(await t.items.getItemInfo(scope, space, 'nope')).toBeUndefined();
    expect(await t.items.deleteItem(scope, space, 'nope')).toBe(false);
    expect(await t.items.clearItems(scope, space)).toBe(0);
    expect(await t.items.queryItems(scope, space)).toEqual({ items: [] });
  },
};

const badInput: ContentCase = {
  name: 'bad input: typed errors naming the field, nothing stored',
  async run(t) {
    const scope = t.scope();
    const good = t.item({ id: 'ok', content: 'fine' });
    await t.items.putItem(scope, space, good);
    const bad: unknown[] = [
      { ...good, id: '' },
      { ...good, id: 'x\u0000y' },
      { ...good, id: 'x', format: 'xml' },
      { ...good, id: 'x', format: 'text', content: { a: 1 } },
      { ...good, id: 'x', content: 'lone \ud800 surrogate' },
      { ...good, id: 'x', format: 'json', content: { a: Number.NaN } },
      { ...good, id: 'x', metadata: [] },
      { ...good, id: 'x', metadata: { d: new Date() } },
      { ...good, id: 'x', digest: 'abc' },
      { ...good, id: 'x', tags: ['ok', ''] },
      { ...good, id: 'x', size: -1 },
      { ...good, id: 'x', timestamp: new Date(Number.NaN) },
      { ...good, id: 'x', type: '' },
      { ...good, id: 'x', source: 'a'.repeat(300) },
    ];
    for (const item of bad) {
      await expectMemoryError(t.items.putItem(scope, space, item as ContentItem), 'INVALID_ARGUMENT');
    }
    await expectMemoryError(t.items.putItem(scope, '', good), 'INVALID_ARGUMENT');
    await expectMemoryError(t.items.getItem({ tenant: '' }, space, 'ok'), 'INVALID_ARGUMENT');
    await expectMemoryError(t.items.getItem(scope, space, ''), 'INVALID_ARGUMENT');
    const badCriteria: unknown[] = [
      { limit: 0 },
      { limit: 1001 },
      { limit: 2.5 },
      { order: 'random' },
      { tagMatch: 'some' },
      { colour: 'red' },
      { cursor: 'not-a-cursor' },
      { timeRange: { start: new Date(Number.NaN) } },
      { timeRange: { end: '2026-01-01' } },
      { timeRange: { from: new Date(0) } }, // a misspelt bound is no bound: every time matched
      { timeRange: [new Date(0)] },
      { text: 'w '.repeat(3000) },
      { type: [''] },
      { tags: 'x' },
      // More distinct tags or types than a list takes (each is a SQL variable on the SQL stores).
      { tags: Array.from({ length: 10_001 }, (_, i) => `t${i}`) },
      { type: Array.from({ length: 40_000 }, (_, i) => `t${i}`) },
    ];
    for (const criteria of badCriteria) {
      await expectMemoryError(t.items.queryItems(scope, space, criteria as ContentCriteria), 'INVALID_QUERY');
    }
    const many = (first: string) => [first, ...Array.from({ length: 9999 }, (_, i) => `t${i}`)];
    for (const tagMatch of ['any', 'all'] as const)
      expect((await t.items.queryItems(scope, space, { tags: many('x'), tagMatch })).items).toEqual([]);
    expect(ids((await t.items.queryItems(scope, space, { type: many(good.type) })).items)).toEqual(['ok']);
    // Repeats count once.
    expect((await t.items.queryItems(scope, space, { tags: Array(5000).fill('x') })).items).toEqual([]);
    expect(ids((await t.items.queryItems(scope, space)).items)).toEqual(['ok']);
    expect(await t.items.getItem(scope, space, 'ok')).toEqual(good);
  },
};

const filters: ContentCase = {
  name: 'query: type, source, tags (any / all), time range with both ends included',
  async run(t) {
    const scope = t.scope();
    const put = (id: string, extra: Partial<ContentItem>) =>
      t.items.putItem(scope, space, t.item({ id, ...extra }));
    await put('a', { type: 'web_content', source: 'fetch', tags: ['x', 'y'], timestamp: at(10) });
    await put('b', { type: 'web_content', source: 'search', tags: ['y'], timestamp: at(20) });
    await put('c', { type: 'database_result', source: 'sql', tags: [], timestamp: at(30) });
    await put('d', { type: 'custom', source: 'fetch', tags: ['x', 'z'], timestamp: at(40) });
    const q = async (c: ContentCriteria) =>
      ids((await t.items.queryItems(scope, space, { order: 'oldest', ...c })).items);
    expect(await q({})).toEqual(['a', 'b', 'c', 'd']);
    expect(await q({ type: 'web_content' })).toEqual(['a', 'b']);
    expect(await q({ type: ['custom', 'database_result'] })).toEqual(['c', 'd']);
    expect(await q({ source: 'fetch' })).toEqual(['a', 'd']);
    expect(await q({ tags: ['x'] })).toEqual(['a', 'd']);
    expect(await q({ tags: ['y', 'z'] })).toEqual(['a', 'b', 'd']);
    expect(await q({ tags: ['x', 'y'], tagMatch: 'all' })).toEqual(['a']);
    expect(await q({ tags: [] })).toEqual([]);
    expect(await q({ tags: [], tagMatch: 'all' })).toEqual([]);
    expect(await q({ timeRange: { start: at(20), end: at(30) } })).toEqual(['b', 'c']);
    expect(await q({ timeRange: { start: at(21) } })).toEqual(['c', 'd']);
    expect(await q({ timeRange: { end: at(10) } })).toEqual(['a']);
    expect(await q({ type: 'web_content', tags: ['y'], source: 'search' })).toEqual(['b']);
    expect(await q({ order: 'newest' })).toEqual(['d', 'c', 'b', 'a']);
  },
};

const paging: ContentCase = {
  name: 'query: pages follow a stable order (timestamp, then id) across ties, without content',
  async run(t) {
    const scope = t.scope();
    const all: ContentItem[] = [];
    for (let i = 0; i < 23; i++) {
      const item = t.item({ id: `i${(i * 7) % 23}`, content: `item ${i}`, timestamp: at(Math.floor(i / 4)) });
      all.push(item);
      await t.items.putItem(scope, space, item);
    }
    const sorted = [...all].sort(compareItems);
    for (const order of ['oldest', 'newest'] as const) {
      const got = await queryAll(t.items, scope, space, { limit: 5, order });
      const want = order === 'oldest' ? sorted : [...sorted].reverse();
      expect(ids(got)).toEqual(ids(want));
      for (const info of got) expect(info).not.toHaveProperty('content');
    }
    const tagged = await queryAll(t.items, scope, space, { limit: 1000 });
    expect(tagged).toHaveLength(23);
  },
};

const text: ContentCase = {
  name: 'query: text needs every word, case-insensitive, over content, source and tags; syntax is plain text',
  async run(t) {
    const scope = t.scope();
    const put = (id: string, extra: Partial<ContentItem>) =>
      t.items.putItem(scope, space, t.item({ id, ...extra }));
    await put('a', { content: 'The quokka jumped over the wombat.', timestamp: at(1) });
    await put('b', { content: 'A wombat sleeps.', source: 'zoo_report', timestamp: at(2) });
    await put('c', { content: { animals: ['Quokka', 'emu'] }, tags: ['marsupial'], timestamp: at(3) });
    await put('d', { content: 'nothing to see', tags: ['zebra'], timestamp: at(4) });
    const q = async (text: string) =>
      ids((await t.items.queryItems(scope, space, { text, order: 'oldest' })).items).sort();
    expect(await q('quokka')).toEqual(['a', 'c']);
    expect(await q('QUOKKA wombat')).toEqual(['a']);
    expect(await q('wombat')).toEqual(['a', 'b']);
    expect(await q('zoo_report')).toEqual(['b']);
    expect(await q('marsupial')).toEqual(['c']);
    expect(await q('zebra')).toEqual(['d']);
    expect(await q('"quokka" AND (wombat')).toEqual(['a']);
    expect(await q('quokka*')).toEqual(['a', 'c']);
    expect(await q('animals: emu')).toEqual(['c']);
    expect(await q('?!')).toEqual([]);
    expect(await q('platypus')).toEqual([]);
    expect(ids((await t.items.queryItems(scope, space, { text: 'quokka', type: 'nope' })).items)).toEqual([]);
    // Canonically equivalent texts are the same words: an item holding "café" decomposed (e + U+0301, as macOS file
    // names and some pages hold it) is found by the very text it holds, and by the composed form.
    await put('e', { content: 'un cafe\u0301 noir', timestamp: at(5) });
    await put('f', { content: 'un caf\u00e9 blanc', timestamp: at(6) });
    expect(await q('cafe\u0301')).toEqual(['e', 'f']);
    expect(await q('caf\u00e9')).toEqual(['e', 'f']);
    expect(await q('cafe\u0301 noir')).toEqual(['e']);
  },
};

const isolation: ContentCase = {
  name: 'isolation: look-alike scopes and spaces never see, change or clear each other',
  async run(t) {
    const base = t.scope();
    const scopes: Scope[] = [
      base,
      { tenant: `${base.tenant}1` },
      { tenant: base.tenant, user: 'u' },
      { tenant: base.tenant, user: 'u1' },
      { tenant: base.tenant, agent: 'u' },
      { tenant: base.tenant, user: 'u', agent: 'a' },
    ];
    const spaces = ['a', 'a:1', 'A', 'a/..', 'ä'];
    for (const [i, scope] of scopes.entries()) {
      for (const [j, sp] of spaces.entries()) {
        await t.items.putItem(
          scope,
          sp,
          t.item({ id: 'shared id', content: `secret ${i}-${j} kiwi`, tags: [`s${i}`] }),
        );
      }
    }
    for (const [i, scope] of scopes.entries()) {
      for (const [j, sp] of spaces.entries()) {
        expect((await t.items.getItem(scope, sp, 'shared id'))?.content).toBe(`secret ${i}-${j} kiwi`);
        const found = await t.items.queryItems(scope, sp, { text: 'kiwi' });
        expect(found.items.map((x) => x.tags)).toEqual([[`s${i}`]]);
      }
    }
    expect(await t.items.clearItems(scopes[2]!, 'a')).toBe(1);
    expect(await t.items.deleteItem(scopes[0]!, 'a:1', 'shared id')).toBe(true);
    await t.items.replaceItems(scopes[1]!, 'A', []);
    let present = 0;
    for (const scope of scopes) {
      for (const sp of spaces) if (await t.items.getItemInfo(scope, sp, 'shared id')) present++;
    }
    expect(present).toBe(scopes.length * spaces.length - 3);
    expect(await t.items.getItemInfo(scopes[3]!, 'a', 'shared id')).toBeDefined();
    expect(await t.items.getItemInfo(scopes[0]!, 'a', 'shared id')).toBeDefined();
    // A scope whose fields are inherited or getters is refused, whatever the call.
    for (const trick of trickScopes(base.tenant)) {
      await expectMemoryError(t.items.putItem(trick, 'b', t.item({ id: 'trick' })), 'INVALID_ARGUMENT');
      await expectMemoryError(t.items.getItem(trick, 'a', 'shared id'), 'INVALID_ARGUMENT');
      await expectMemoryError(t.items.queryItems(trick, 'a'), 'INVALID_ARGUMENT');
      await expectMemoryError(t.items.clearItems(trick, 'a:1'), 'INVALID_ARGUMENT');
    }
    for (const scope of scopes) expect((await t.items.queryItems(scope, 'b')).items).toEqual([]);
    expect(await t.items.getItemInfo(scopes[2]!, 'a:1', 'shared id')).toBeDefined();
  },
};

const deleting: ContentCase = {
  name: 'delete and clear: one item, or every item of one space, with counts',
  async run(t) {
    const scope = t.scope();
    for (const id of ['x', 'y', 'z']) await t.items.putItem(scope, 'one', t.item({ id }));
    await t.items.putItem(scope, 'two', t.item({ id: 'x' }));
    expect(await t.items.deleteItem(scope, 'one', 'y')).toBe(true);
    expect(await t.items.deleteItem(scope, 'one', 'y')).toBe(false);
    expect(ids((await t.items.queryItems(scope, 'one', { order: 'oldest' })).items).sort()).toEqual([
      'x',
      'z',
    ]);
    expect(await t.items.clearItems(scope, 'one')).toBe(2);
    expect((await t.items.queryItems(scope, 'one')).items).toEqual([]);
    expect(await t.items.getItemInfo(scope, 'two', 'x')).toBeDefined();
    await t.items.putItem(scope, 'one', t.item({ id: 'y', content: 'a new y' }));
    expect((await t.items.getItem(scope, 'one', 'y'))?.content).toBe('a new y');
  },
};

const replace: ContentCase = {
  name: 'replace: the space holds exactly the items; a refused list changes nothing',
  async run(t) {
    const scope = t.scope();
    const old = [t.item({ id: 'o1', content: 'old one' }), t.item({ id: 'o2', content: 'old two' })];
    for (const item of old) await t.items.putItem(scope, space, item);
    const next = [t.item({ id: 'o2', content: 'new two' }), t.item({ id: 'n1', content: { n: 1 } })];
    await expectMemoryError(t.items.replaceItems(scope, space, [...next, next[0]!]), 'INVALID_ARGUMENT');
    await expectMemoryError(
      t.items.replaceItems(scope, space, [next[0]!, { ...next[1]!, digest: 'bad' }]),
      'INVALID_ARGUMENT',
    );
    expect((await queryAll(t.items, scope, space)).map((i) => i.id).sort()).toEqual(['o1', 'o2']);
    expect((await t.items.getItem(scope, space, 'o2'))?.content).toBe('old two');
    await t.items.replaceItems(scope, space, next);
    expect((await queryAll(t.items, scope, space)).map((i) => i.id).sort()).toEqual(['n1', 'o2']);
    expect(await t.items.getItem(scope, space, 'o2')).toEqual(next[0]);
    expect(await t.items.getItem(scope, space, 'n1')).toEqual(next[1]);
    await t.items.replaceItems(scope, space, []);
    expect(await queryAll(t.items, scope, space)).toEqual([]);
  },
};

const large: ContentCase = {
  name: 'large: a 20 MB item round-trips; its info and queries do not carry the content',
  async run(t) {
    const scope = t.scope();
    const line = 'lorem ipsum dolor sit amet 0123456789 ünïcødé\n';
    const big = t.item({ id: 'big', content: line.repeat(Math.ceil((20 * 1024 * 1024) / line.length)) });
    await t.items.putItem(scope, space, big);
    await t.items.putItem(scope, space, t.item({ id: 'small', content: 'small' }));
    const back = await t.items.getItem(scope, space, 'big');
    expect(back?.content === big.content).toBe(true);
    const info = await t.items.getItemInfo(scope, space, 'big');
    expect(info?.size).toBe(Buffer.byteLength(big.content as string));
    const page = await t.items.queryItems(scope, space, { limit: 10 });
    expect(page.items.map((i) => i.id).sort()).toEqual(['big', 'small']);
    expect(JSON.stringify(page).length).toBeLessThan(10_000);
  },
};

const closed: ContentCase = {
  name: 'closed: every call after close throws STORE_CLOSED',
  needsClose: true,
  async run(t) {
    const scope = t.scope();
    const items = t.items;
    await t.close();
    await expectMemoryError(items.putItem(scope, space, t.item({ id: 'a' })), 'STORE_CLOSED');
    await expectMemoryError(items.getItem(scope, space, 'a'), 'STORE_CLOSED');
    await expectMemoryError(items.queryItems(scope, space), 'STORE_CLOSED');
    await expectMemoryError(items.clearItems(scope, space), 'STORE_CLOSED');
  },
};

/** Every content conformance case, in order. */
export const contentCases: readonly ContentCase[] = [
  roundTrip,
  reopen,
  idempotent,
  missing,
  badInput,
  filters,
  paging,
  text,
  isolation,
  deleting,
  replace,
  large,
  closed,
  model,
  tagQueries,
  portableSnapshot,
  listSpaces,
];
