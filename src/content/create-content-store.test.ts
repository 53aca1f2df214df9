import { describe, expect, it } from 'vitest';
import { expectMemoryError } from '../testing/fixtures.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { createContentStore } from './create-content-store.ts';
import { createMemoryContentItems } from './memory-content-items.ts';
import { contentForSubAgent } from './sub-agent-content.ts';

const counter = createEstimateTokenCounter();
const fixed = { now: () => new Date('2026-01-02T03:04:05Z') };

describe('createContentStore (seed 004 AgentMemory)', () => {
  it('store → id, retrieve in full, info, query by criteria, delete, clear', async () => {
    const content = createContentStore({ counter, clock: fixed });
    const id = await content.store({
      type: 'web_content',
      source: 'web_fetch',
      content: '<h1>Hi</h1>',
      tags: ['web'],
      metadata: { url: 'https://x.test' },
    });
    expect(id).toMatch(/^cnt_/);
    const item = await content.retrieve(id);
    expect(item).toMatchObject({
      id,
      type: 'web_content',
      format: 'text',
      source: 'web_fetch',
      content: '<h1>Hi</h1>',
      size: 11,
      tags: ['web'],
      timestamp: fixed.now(),
    });
    expect(item.transform).toEqual({ type: 'full', complete: true, description: expect.any(String) });
    expect(item.tokens).toBe(counter.countText('<h1>Hi</h1>'));
    expect(await content.info(id)).not.toHaveProperty('content');
    const json = await content.store({
      id: 'rows',
      type: 'database_result',
      source: 'sql',
      content: [{ a: 1 }],
    });
    expect(json).toBe('rows');
    expect((await content.query({ type: 'database_result' })).items.map((i) => i.id)).toEqual(['rows']);
    expect((await content.query({ tags: ['web'] })).items.map((i) => i.id)).toEqual([id]);
    expect(await content.delete('rows')).toBe(true);
    expect(await content.clear()).toBe(1);
    expect((await content.query()).items).toEqual([]);
  });

  it('typed errors: unknown ids, bad items, bad criteria, a store without content items', async () => {
    const content = createContentStore({ counter, maxContentBytes: 100 });
    await expectMemoryError(content.retrieve('nope'), 'ITEM_NOT_FOUND');
    await expectMemoryError(content.info('nope'), 'ITEM_NOT_FOUND');
    await expectMemoryError(
      content.store({ type: 'custom', source: 'x', content: 'y'.repeat(101) }),
      'PAYLOAD_TOO_LARGE',
    );
    await expectMemoryError(content.store({ type: 'custom', source: '', content: 'y' }), 'INVALID_ARGUMENT');
    await expectMemoryError(
      content.store({ type: 'custom', source: 's', content: { n: Number.NaN } }),
      'INVALID_ARGUMENT',
    );
    await expectMemoryError(
      content.store({ type: 'custom', source: 's', content: 'y', colour: 'red' } as never),
      'INVALID_ARGUMENT',
    );
    await expectMemoryError(content.query({ limit: 0 }), 'INVALID_QUERY');
    // A Date or an un-awaited promise is not criteria (it was taken as none: every item listed).
    for (const criteria of [new Date(), Promise.resolve({}), new Map()])
      await expectMemoryError(content.query(criteria as never), 'INVALID_QUERY');
    // @ts-expect-error a store without content items is a compile error; a JavaScript caller gets INVALID_ARGUMENT
    expect(() => createContentStore({ store: {} })).toThrow(/putItem\(\)/);
    expect(() => createContentStore({ space: '' })).toThrow(/space/);
    // A misspelt limit was ignored: items up to the default 64 MiB were taken.
    expect(() => createContentStore({ counter, maxContentByte: 100 } as never)).toThrow(
      /createContentStore\(options\)\.maxContentByte: not an option/,
    );
    expect((await content.query()).items).toEqual([]);
  });

  it('refuses a bad option when created: null scope, space or store, bad counter, clock, limit, summarizer, compactors', async () => {
    // null scope and space silently became tenant "default" and space "default"; null store, a bad summarizer or
    // compactors were raw TypeErrors (at creation or at the first describe); a bad counter, clock or
    // maxContentBytes were taken and failed every put, naming prepareContentItem.
    const bad: Record<string, unknown>[] = [
      { scope: null },
      { space: null },
      { store: null },
      { counter: 5 },
      { clock: {} },
      { maxContentBytes: -5 },
      { maxContentBytes: 'x' },
      { summarizer: {} },
      { compactors: 5 },
      { compactors: [5] },
    ];
    for (const options of bad) {
      const error = await expectMemoryError(() => createContentStore(options as never), 'INVALID_ARGUMENT');
      expect(error.message).toContain(Object.keys(options)[0]);
    }
    // withSpace(null) gave the default space, not a space of its own
    expect(() => createContentStore({ space: 'run' }).withSpace(null as never)).toThrow(/space/);
  });

  it('withSpace refuses a missing space instead of giving the default space, naming the call', async () => {
    const run = createContentStore({ counter, space: 'run' });
    await run.withSpace('default').store({ id: 'other', type: 'custom', source: 's', content: 'not yours' });
    // withSpace(undefined) was createContentStore({ space: undefined }): the 'default' space, holding `other`.
    for (const space of [undefined, null, 5, '', 'x'.repeat(257)]) {
      const error = await expectMemoryError(() => run.withSpace(space as never), 'INVALID_ARGUMENT');
      expect(error.message).toContain('withSpace(space)');
    }
  });

  it('put refuses bad input with a rejected promise, not a synchronous throw', async () => {
    // put prepared the item before it returned a promise: content.put(bad).catch(handle) threw past the catch.
    const content = createContentStore({ counter });
    let result: Promise<unknown> | undefined;
    expect(() => {
      result = content.put({ type: 'custom', source: '', content: 'x' });
    }).not.toThrow();
    await expectMemoryError(result!, 'INVALID_ARGUMENT');
  });

  it('null is not a missing value: retrieve(id, null) and null tags or relatedTo are INVALID_ARGUMENT', async () => {
    // retrieve(id, null) returned the full content and put({ tags: null }) stored [] without a word.
    const content = createContentStore({ counter });
    const id = await content.store({ type: 'custom', source: 's', content: 'hello' });
    await expectMemoryError(content.retrieve(id, null as never), 'INVALID_ARGUMENT');
    for (const key of ['tags', 'relatedTo'])
      await expectMemoryError(
        content.put({ type: 'custom', source: 's', content: 'x', [key]: null } as never),
        'INVALID_ARGUMENT',
      );
    expect((await content.query()).items.map((i) => i.id)).toEqual([id]);
  });

  it('describe checks its options as compact does: null, a bad maxChars or goal is INVALID_ARGUMENT', async () => {
    const content = createContentStore({ counter });
    const id = await content.store({ type: 'custom', source: 's', content: 'hello world' });
    // null read options.maxChars (a raw TypeError); -1 and NaN gave an empty or cut summary; a number goal passed.
    for (const options of [
      null,
      'x',
      { maxChars: -1 },
      { maxChars: Number.NaN },
      { maxChars: 1.5 },
      { goal: 5 },
    ])
      await expectMemoryError(content.describe(id, options as never), 'INVALID_ARGUMENT');
    for (const options of [null, { maxChars: -1 }, { goal: 5 }])
      await expectMemoryError(
        content.compact(await content.retrieve(id), options as never),
        'INVALID_ARGUMENT',
      );
    expect((await content.describe(id, { maxChars: 200, goal: 'greeting' })).text).toContain('hello world');
  });

  it('snapshot and restore: a portable copy, restored atomically and checked', async () => {
    const items = createMemoryContentItems();
    const a = createContentStore({ store: items, counter, space: 'a' });
    await a.store({ id: 'one', type: 'custom', source: 's', content: 'first', timestamp: new Date(1) });
    await a.store({ id: 'two', type: 'custom', source: 's', content: { k: ['v'] }, timestamp: new Date(2) });
    const snap = await a.snapshot();
    expect(snap.version).toBe(1);
    expect(snap.items.map((i) => i.id)).toEqual(['one', 'two']);
    const b = a.withSpace('b');
    await b.store({ id: 'old', type: 'custom', source: 's', content: 'gone after restore' });
    await b.restore(JSON.parse(JSON.stringify(snap)));
    expect((await b.query({ order: 'oldest' })).items.map((i) => i.id)).toEqual(['one', 'two']);
    expect((await b.retrieve('two')).content).toEqual({ k: ['v'] });
    // a tampered snapshot is refused whole, and the space keeps what it had
    const bad = {
      version: 1 as const,
      items: [...snap.items, { ...snap.items[0]!, id: 'x', content: { n: Number.NaN } }],
    };
    await expectMemoryError(b.restore(bad), 'INVALID_ARGUMENT');
    await expectMemoryError(b.restore({ version: 2 } as never), 'INVALID_ARGUMENT');
    expect((await b.query()).items).toHaveLength(2);
    // digests and sizes are recomputed, not trusted
    await b.restore({ version: 1, items: [{ ...snap.items[0]!, size: 999, digest: 'f'.repeat(64) }] });
    expect((await b.info('one')).size).toBe(5);
  });

  it('sub-agents share the store, get a snapshot of it, or their own', async () => {
    const parent = createContentStore({ counter, space: 'run' });
    await parent.store({ id: 'p', type: 'custom', source: 's', content: 'parent item' });
    const shared = await contentForSubAgent(parent, 'shared');
    await shared.store({ id: 'from-child', type: 'custom', source: 's', content: 'child item' });
    expect((await parent.info('from-child')).id).toBe('from-child');
    const snap = await contentForSubAgent(parent, 'snapshot');
    expect(snap.space).not.toBe(parent.space);
    expect((await snap.query()).items.map((i) => i.id).sort()).toEqual(['from-child', 'p']);
    await snap.store({ id: 'only-in-snapshot', type: 'custom', source: 's', content: 'x' });
    await expectMemoryError(parent.info('only-in-snapshot'), 'ITEM_NOT_FOUND');
    const own = await contentForSubAgent(parent, 'isolated', 'child-space');
    expect(own.space).toBe('child-space');
    expect((await own.query()).items).toEqual([]);
    await expect(contentForSubAgent(parent, 'borrowed' as never)).rejects.toThrow(/mode must be/);
  });
});
