import { join } from 'node:path';
import type { JSONValue, ModelMessage } from 'ai';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { countEntryReads } from '../../test-support/counting-reads.ts';
import { fetchSteps } from '../../test-support/fetch-steps.ts';
import { propertyOnEveryDriver } from '../../test-support/reliability/property-on-drivers.ts';
import { tempDir } from '../../test-support/reliability/store-drivers.ts';
import type { ContentItem } from '../content/content-item.ts';
import type { ContentStoreV1 } from '../content/content-store-v1.ts';
import { type ContentStore, createContentStore } from '../content/create-content-store.ts';
import { isDurabilityDeferred } from '../core/deferred-durability.ts';
import { withRide } from '../core/ride-on-append.ts';
import { createJsonFileStore } from '../drivers/json-file/json-file-driver.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createSqliteStore, type SqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { type ConversationMemory, createConversationMemory } from '../memory/conversation-memory.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createCitationMemory } from './citation-memory.ts';
import { olderResultsKind } from './older-results.ts';

/**
 * A budgeted citation view holds only the newest part of a long session; the results of the older part are
 * stored in the background, so the content store (what `query_memory` searches) holds every offloaded result,
 * as a whole-log read would have stored them.
 */
const counter = createTokenCounter({ encoding: 'o200k_base' });
const policy = { default: { offload: { overTokens: 300 } } };
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanup) await c();
});

/** Entries a background pass reads a step (a page of the log, `older-results.ts`). */
const page = 256;
const small = (i: number) => `small result ${i}: ok`;
const large = (i: number) =>
  `large result ${i} about topic${i}: ${'alpha beta tokyo report plan '.repeat(120)}`;

/** `n` steps from `from`, each a call with a small or a large result (`isLarge`) and a reply. */
const steps = (n: number, from = 0, isLarge = (i: number) => i % 2 === 1): ModelMessage[] =>
  fetchSteps(n, (i) => (isLarge(i) ? large(i) : small(i)), from);

async function sqliteFile(): Promise<() => SqliteStore> {
  const dir = await tempDir('citation-older', true);
  cleanup.push(() => dir.remove());
  const path = join(dir.path, 'older.db');
  return () => createSqliteStore({ path, durability: 'process' });
}

async function jsonFiles(): Promise<() => ReturnType<typeof createJsonFileStore>> {
  const dir = await tempDir('citation-older-json', true);
  cleanup.push(() => dir.remove());
  return () => createJsonFileStore({ directory: dir.path });
}

function openView(
  store: MemoryStoreV1 & { contentItems: ContentStoreV1 },
  options: {
    maxTokens?: number;
    items?: ContentStoreV1;
    space?: string;
    background?: boolean;
    onError?: (e: unknown) => void;
  } = {},
) {
  const conversation = createConversationMemory({ store, sessionId: 'ses_old', counter });
  const { items, space, ...rest } = options;
  const content = createContentStore({
    store: items ?? store.contentItems,
    counter,
    ...(space ? { space } : {}),
  });
  return createCitationMemory({ conversation, content, policy, ...rest });
}

/** Every item id in the content store, sorted. */
async function itemIds(content: ContentStore): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await content.query({ limit: 1000, ...(cursor ? { cursor } : {}) });
    ids.push(...page.items.map((i) => i.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids.sort();
}

/** The large results of the session: each tool message's sequence number and its item id. */
async function largeItems(view: { itemIdFor(m: string, c: string): string }, memory: ConversationMemory) {
  return (await memory.entries()).flatMap((e) =>
    e.message.role === 'tool' && typeof e.message.content !== 'string'
      ? e.message.content.flatMap((p) =>
          p.type === 'tool-result' && p.output.type === 'text' && p.output.value.startsWith('large')
            ? [{ seq: e.seq, id: view.itemIdFor(e.message.id, p.toolCallId) }]
            : [],
        )
      : [],
  );
}

/**
 * `items` whose puts made by a background pass (inside deferred durability) of batches `which` picks (all by
 * default) wait until `open()`; `reached` resolves when the first one waits.
 */
function heldPuts(items: ContentStoreV1, which: (batch: readonly ContentItem[]) => boolean = () => true) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  let reachedNow!: () => void;
  const reached = new Promise<void>((resolve) => {
    reachedNow = resolve;
  });
  const held: ContentStoreV1 = {
    ...items,
    putItems: async (...a) => {
      if (isDurabilityDeferred() && which(a[2])) {
        reachedNow();
        await opened;
      }
      return items.putItems!(...a);
    },
  };
  return { items: held, reached, open };
}

/**
 * A never-read session of 600 steps in a memory store, whose pass (the view's, `maxTokens` 3000) ends with a short
 * page: `short` holds the item ids of that page's results (the entries after `boundary`, the mark of the pass's
 * last whole page, up to `end`, the entry before the held part; learnt from a view in a space of its own).
 * `mark()` reads the default space's mark.
 */
async function shortPageSession() {
  const store = createMemoryStore();
  const memory = createConversationMemory({ store, sessionId: 'ses_old', counter });
  await memory.store([{ role: 'user', content: 'research' }, ...steps(600)]);
  const probe = openView(store, { maxTokens: 3000, space: 'probe' });
  await probe.read();
  await probe.idle();
  const [done] = await memory.listArtifacts(olderResultsKind);
  const end = (done!.data as { toSeq: number }).toSeq;
  const boundary = Math.floor((end - 1) / page) * page;
  expect(boundary).toBeGreaterThan(0);
  expect(end - boundary).toBeLessThan(page);
  const items = await largeItems(probe, memory);
  const ids = items.filter((i) => i.seq > boundary && i.seq <= end).map((i) => i.id);
  const short = Object.assign(new Set(ids), { boundary, end });
  const mark = async () => {
    const marks = await memory.listArtifacts(olderResultsKind);
    return marks.find((a) => a.id !== done!.id)?.data as { toSeq: number; short?: boolean } | undefined;
  };
  return { store, items, short, mark };
}

/** A view whose pass's puts of the short page never return (as under a kill), read and stopped there. */
async function stopInShortPage(store: ReturnType<typeof createMemoryStore>, short: ReadonlySet<string>) {
  const stuck = heldPuts(store.contentItems, (batch) => batch.some((item) => short.has(item.id)));
  const killed = openView(store, { maxTokens: 3000, items: stuck.items, onError: () => {} });
  await killed.read();
  await stuck.reached;
  return { stuck, killed };
}

/** The sequence numbers of `items` the default space does not hold. */
async function missing(
  store: ReturnType<typeof createMemoryStore>,
  items: readonly { seq: number; id: string }[],
): Promise<number[]> {
  const infos = await store.contentItems.getItemInfos!(
    { tenant: 'default' },
    'default',
    items.map((i) => i.id),
  );
  return items.filter((i) => !infos.has(i.id)).map((i) => i.seq);
}

describe('citation view: older results stored in the background', () => {
  it('a never-read long session: after idle() every offloaded result is stored and found by its words', async () => {
    const open = await sqliteFile();
    const store = open();
    const memory = createConversationMemory({ store, sessionId: 'ses_old', counter });
    await memory.store([{ role: 'user', content: 'research' }, ...steps(400)]); // 200 results of ~600 tokens
    const view = openView(store, { maxTokens: 3000 });
    const out = await view.read();
    expect(view.lastStats()!.droppedMessages).toBeGreaterThan(900);
    await view.idle();
    const ids = await itemIds(view.content);
    expect(ids).toHaveLength(200);
    // The same items a whole-log read stores (same ids, in a space of its own), and the same context.
    const whole = openView(store, { space: 'whole' });
    const all = await whole.read();
    expect(await itemIds(whole.content)).toEqual(ids);
    expect(out[0]).toEqual(all[0]); // the turn's user message opens the prompt
    expect(out.slice(1)).toEqual(all.slice(all.length - out.length + 1));
    // The oldest result, never held by the view, is found by a word only it has.
    const hit = await view.content.query({ text: 'topic1' });
    const [toolMessage] = await memory.entries({ fromSeq: 6, limit: 1 }); // user, then c0's three, then c1's call
    expect(hit.items.map((i) => i.id)).toEqual([view.itemIdFor(toolMessage!.message.id, 'c1')]);
    // The mark: every entry before the held part.
    const [mark] = await memory.listArtifacts(olderResultsKind);
    expect(mark!.data).toMatchObject({ toSeq: expect.any(Number) });
    expect((mark!.data as { toSeq: number }).toSeq).toBeGreaterThan(1000);
    await store.close();
  });

  it.each(['sqlite', 'json-file'] as const)(
    'reopened (%s): the pass starts at the mark (nothing read before it, nothing put)',
    async (kind) => {
      const open = kind === 'sqlite' ? await sqliteFile() : await jsonFiles();
      const first = open();
      const memory = createConversationMemory({ store: first, sessionId: 'ses_old', counter });
      await memory.store([{ role: 'user', content: 'research' }, ...steps(300)]);
      const view = openView(first, { maxTokens: 3000 });
      await view.read();
      await view.idle();
      await first.close();
      const store = open();
      const counted = countEntryReads(store);
      const puts = { n: 0 };
      const items: ContentStoreV1 = {
        ...store.contentItems,
        putItems: (...a) => {
          puts.n++;
          return store.contentItems.putItems!(...a);
        },
        putItem: (...a) => {
          puts.n++;
          return store.contentItems.putItem(...a);
        },
      };
      const again = openView(counted.store, { maxTokens: 3000, items });
      const out = await again.read();
      await again.idle();
      expect(puts.n).toBe(0);
      // The view's own part (at most twice what the budget needs), and nothing before the mark.
      expect(counted.entriesRead()).toBeLessThan(out.length * 2 + 64);
      await store.close();
    },
  );

  it('runs outside the caller’s agent step: writes its own items to the store, leaves the step’s riding ones to it', async () => {
    const store = createMemoryStore();
    await createConversationMemory({ store, sessionId: 'ses_old', counter }).store([
      { role: 'user', content: 'research' },
      ...steps(200),
    ]);
    const view = openView(store, { maxTokens: 3000 });
    const written = async () =>
      (await store.contentItems.queryItems({ tenant: 'default' }, 'default', { limit: 1000 })).items.length;
    await withRide(async () => {
      await view.read();
      await view.idle();
      // Inside the step, before any append: the driver holds the older part's items (the pass wrote them), not
      // the held part's (they ride on the step's append).
      const n = await written();
      expect(n).toBeGreaterThan(50);
      expect(n).toBeLessThan(100);
    });
    expect(await written()).toBe(100); // the ride ended without an append: its items were written alone
  });

  it('the mark never covers a result that only rides on a running step (a crash before its append would lose it)', async () => {
    const store = createMemoryStore();
    const memory = createConversationMemory({ store, sessionId: 'ses_old', counter });
    await memory.store([{ role: 'user', content: 'research' }, ...steps(200)]);
    const view = openView(store, { maxTokens: 3000 });
    await view.read();
    await view.idle();
    await memory.store(steps(100, 200)); // the held part slides: results the view read ride on the next step
    const items = await largeItems(view, memory);
    await withRide(async () => {
      await view.read();
      await view.idle();
      const [mark] = await memory.listArtifacts(olderResultsKind);
      const toSeq = (mark!.data as { toSeq: number }).toSeq;
      const claimed = items.filter((i) => i.seq <= toSeq).map((i) => i.id);
      const infos = await store.contentItems.getItemInfos!({ tenant: 'default' }, 'default', claimed);
      expect(claimed.filter((id) => !infos.has(id))).toEqual([]);
    });
  });

  it('an error goes to onError, the read is unaffected, and a later read tries again', async () => {
    const store = createMemoryStore();
    await createConversationMemory({ store, sessionId: 'ses_old', counter }).store([
      { role: 'user', content: 'research' },
      ...steps(200),
    ]);
    let fail = true;
    const items: ContentStoreV1 = {
      ...store.contentItems,
      putItems: (...a) => {
        if (fail) return Promise.reject(new Error('disk full'));
        return store.contentItems.putItems!(...a);
      },
    };
    const errors: unknown[] = [];
    const view = openView(store, { maxTokens: 3000, items, onError: (e) => errors.push(e) });
    fail = false;
    const out = await view.read(); // the view's own part is stored
    fail = true;
    await view.idle();
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('disk full');
    fail = false;
    expect(await view.read()).toEqual(out);
    await view.idle();
    expect(await itemIds(view.content)).toHaveLength(100);
    // A listener that throws, or an async one that rejects, leaves no unhandled rejection.
    const unhandled: unknown[] = [];
    const collect = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', collect);
    try {
      const listeners = [
        () => {
          throw new Error('listener');
        },
        async () => {
          throw new Error('log service down');
        },
      ];
      for (const onError of listeners) {
        fail = false;
        const other = openView(store, {
          maxTokens: 3000,
          items,
          onError,
          space: `s${listeners.indexOf(onError)}`,
        });
        await other.read();
        fail = true;
        await other.idle();
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', collect);
    }
    // Without a listener the error is logged, not lost (createAgent({ context: 'citations' }) gives none).
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      fail = false;
      const quiet = openView(store, { maxTokens: 3000, items, space: 'unlistened' });
      await quiet.read();
      fail = true;
      await quiet.idle();
      expect(logged).toHaveBeenCalledWith(
        '[engram] [views] storing older tool results failed:',
        expect.any(Error),
      );
    } finally {
      logged.mockRestore();
    }
  });

  it('a store closed under a pass (a script that reads, then closes) stops it without an error; the next view goes on', async () => {
    const file = await sqliteFile();
    const first = file();
    await createConversationMemory({ store: first, sessionId: 'ses_old', counter }).store([
      { role: 'user', content: 'research' },
      ...steps(200),
    ]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // The pass's first put waits until the store is closing: its next call meets the closed store.
      const held = heldPuts(first.contentItems);
      const view = openView(first, { maxTokens: 3000, items: held.items }); // the default listener: console.error
      const out = await view.read();
      await held.reached;
      const closing = first.close();
      held.open();
      await closing;
      await view.idle();
      expect(logged).not.toHaveBeenCalled();
      // The next process's view reads the same and stores every large result.
      const second = file();
      try {
        const again = openView(second, { maxTokens: 3000 });
        expect(await again.read()).toEqual(out);
        await again.idle();
        expect(await itemIds(again.content)).toHaveLength(100);
        expect(logged).not.toHaveBeenCalled();
      } finally {
        await second.close();
      }
    } finally {
      logged.mockRestore();
    }
  });

  it('a pass stopped inside its last, short page (a kill): the next view goes on from the mark, however few entries are left', async () => {
    // The crash test's seed 19643 on a loaded machine: a child killed after the mark of its pass's last whole page,
    // before the short page's puts. Here that pass's puts of the short page never return (as under a kill), and a
    // view opened afresh (as the next process) goes on from what it left.
    const { store, items, short, mark } = await shortPageSession();
    const { stuck, killed } = await stopInShortPage(store, short);
    expect((await mark())?.toSeq).toBe(short.boundary);
    // What a read holds it stores itself; the short page's oldest results only a pass stores.
    await openView(store, { maxTokens: 3000, background: false }).read();
    expect((await missing(store, items)).length).toBeGreaterThan(0);
    const next = openView(store, { maxTokens: 3000 });
    await next.read();
    await next.idle();
    expect(await missing(store, items)).toEqual([]);
    expect((await mark())?.toSeq).toBe(short.end);
    stuck.open(); // the stopped pass ends (its items already stored: nothing changes)
    await killed.idle();
    expect((await mark())?.toSeq).toBe(short.end);
  });

  it('a mark an earlier version left inside a pass (no short field) is gone on from, however few entries are left', async () => {
    const { store, items, short, mark } = await shortPageSession();
    const { stuck, killed } = await stopInShortPage(store, short);
    // The mark as the version before `short` wrote it.
    const memory = createConversationMemory({ store, sessionId: 'ses_old', counter });
    const left = (await memory.listArtifacts(olderResultsKind)).find(
      (a) => (a.data as { short?: boolean }).short,
    );
    const { short: _short, ...old } = left!.data as Record<string, JSONValue>;
    await memory.putArtifact({ ...left!, data: old });
    expect(await mark()).toEqual({ logId: expect.any(String), toSeq: short.boundary });
    const next = openView(store, { maxTokens: 3000 });
    await next.read();
    await next.idle();
    expect(await missing(store, items)).toEqual([]);
    expect((await mark())?.toSeq).toBe(short.end);
    stuck.open();
    await killed.idle();
  });

  it('an error in a pass’s last, short page: a later read of the same view tries it again', async () => {
    const { store, items, short } = await shortPageSession();
    let fail = true;
    const failing: ContentStoreV1 = {
      ...store.contentItems,
      putItems: (scope, space, batch) =>
        fail && isDurabilityDeferred() && batch.some((item) => short.has(item.id)) // the pass's puts
          ? Promise.reject(new Error('disk full'))
          : store.contentItems.putItems!(scope, space, batch),
    };
    const errors: unknown[] = [];
    const view = openView(store, { maxTokens: 3000, items: failing, onError: (e) => errors.push(e) });
    await view.read();
    await view.idle();
    expect(errors).toHaveLength(1);
    expect((await missing(store, items)).length).toBeGreaterThan(0);
    fail = false;
    await view.read();
    await view.idle();
    expect(await missing(store, items)).toEqual([]);
  });

  it('a chat cleared while a pass stores a page is not filled again', async () => {
    const store = createMemoryStore();
    const memory = createConversationMemory({ store, sessionId: 'ses_old', counter });
    await memory.store([{ role: 'user', content: 'research' }, ...steps(200)]);
    const gate = heldPuts(store.contentItems);
    const view = openView(store, { maxTokens: 3000, items: gate.items });
    await view.read();
    await gate.reached; // the pass waits at its first put
    await memory.clear();
    await view.content.clear();
    gate.open();
    await view.idle();
    expect(await itemIds(view.content)).toEqual([]);
  });

  it('a session deleted while a pass stores a page stops it without an error, its page’s items dropped; a read of the session created again goes on', async () => {
    for (const open of [async () => createMemoryStore(), async () => (await sqliteFile())()]) {
      const store = await open();
      const memory = createConversationMemory({ store, sessionId: 'ses_old', counter });
      await memory.store([{ role: 'user', content: 'research' }, ...steps(200)]);
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const gate = heldPuts(store.contentItems);
        const view = openView(store, { maxTokens: 3000, items: gate.items }); // the default listener: console.error
        await view.read();
        await view.content.clear(); // what the read stored: only the pass's page is left to look at
        await gate.reached; // the pass waits at its first put
        await store.deleteSession({ tenant: 'default' }, 'ses_old');
        gate.open();
        await view.idle();
        expect(logged).not.toHaveBeenCalled();
        expect(await itemIds(view.content)).toEqual([]);
        // The session created again: the same view's next read stores its older part from its start.
        await store.createSession({ tenant: 'default' }, { id: 'ses_old' });
        await memory.store([{ role: 'user', content: 'again' }, ...steps(200)]);
        await view.read();
        await view.idle();
        expect(logged).not.toHaveBeenCalled();
        expect(await itemIds(view.content)).toHaveLength(100);
      } finally {
        logged.mockRestore();
        await store.close();
      }
    }
  });

  it('a read asking while a pass runs is served when it ends: idle() leaves the newest read’s older part stored', async () => {
    const store = createMemoryStore();
    const memory = createConversationMemory({ store, sessionId: 'ses_old', counter });
    await memory.store([{ role: 'user', content: 'research' }, ...steps(200)]);
    const gate = heldPuts(store.contentItems);
    const view = openView(store, { maxTokens: 3000, items: gate.items });
    await view.read(); // pass 1 starts, waits at its first put
    await gate.reached;
    await memory.store(steps(400, 200)); // more than a read follows: the next read holds a new newest part
    await view.read(); // asks while pass 1 runs
    gate.open();
    await view.idle();
    const whole = openView(store, { space: 'whole' });
    await whole.read();
    expect(await itemIds(view.content)).toEqual(await itemIds(whole.content));
    expect(await itemIds(view.content)).toHaveLength(300);
  });

  it('a warm view writes the mark again only once a page of entries has slid out of what it holds', async () => {
    const store = createMemoryStore();
    const memory = createConversationMemory({ store, sessionId: 'ses_old', counter });
    await memory.store([{ role: 'user', content: 'research' }, ...steps(300)]);
    const view = openView(store, { maxTokens: 3000 });
    const markAt = async () =>
      ((await memory.listArtifacts(olderResultsKind))[0]!.data as { toSeq: number }).toSeq;
    await view.read();
    await view.idle();
    const first = await markAt();
    for (let i = 0; i < 5; i++) {
      await memory.store(steps(10, 300 + i * 10)); // 30 entries a turn
      await view.read();
      await view.idle();
    }
    expect(await markAt()).toBe(first);
    await memory.store(steps(100, 400));
    await view.read();
    await view.idle();
    expect(await markAt()).toBeGreaterThan(first + 255);
    const whole = openView(store, { space: 'whole' });
    await whole.read();
    const wanted = await itemIds(whole.content);
    const held = await itemIds(view.content);
    expect(wanted.filter((id) => !held.includes(id))).toEqual([]);
  });

  it('background: false stores only what reads hold; a session created again starts from its start', async () => {
    const store = createMemoryStore();
    const memory = createConversationMemory({ store, sessionId: 'ses_old', counter });
    await memory.store([{ role: 'user', content: 'research' }, ...steps(200)]);
    const lazy = openView(store, { maxTokens: 3000, background: false });
    await lazy.read();
    await lazy.idle();
    const few = (await itemIds(lazy.content)).length;
    expect(few).toBeGreaterThan(0);
    expect(few).toBeLessThan(100);
    const view = openView(store, { maxTokens: 3000 });
    await view.read();
    await view.idle();
    expect(await itemIds(view.content)).toHaveLength(100);
    // Cleared and filled again (the same log id: the mark's entries are gone, the new ones come after it).
    await memory.clear();
    await view.content.clear();
    await memory.store([{ role: 'user', content: 'again' }, ...steps(200, 1000)]);
    await view.read();
    await view.idle();
    expect(await itemIds(view.content)).toHaveLength(100);
  });

  it('rejects bad options with INVALID_ARGUMENT', () => {
    const store = createMemoryStore();
    const conversation = createConversationMemory({ store, sessionId: 'ses_old', counter });
    const content = createContentStore({ store: store.contentItems, counter });
    for (const bad of [{ background: 'yes' }, { onError: 5 }, { enabled: 1 }])
      expect(() => createCitationMemory({ conversation, content, ...(bad as object) })).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
      );
  });
});

type Op =
  | { kind: 'append'; n: number }
  | { kind: 'delete'; at: number }
  | { kind: 'reload' }
  | { kind: 'reopen' }
  | { kind: 'read' };
interface Scenario {
  ops: Op[];
  maxTokens: number;
  seed: number;
}
const scenario = (ops: number): fc.Arbitrary<Scenario> =>
  fc.record({
    ops: fc.array(
      fc.oneof(
        // Appends weigh double: the coverage check below needs most runs to read a log longer than the budget,
        // which with every kind equally likely came out at exactly its bound (20) in a CI run on 2026-12-04.
        {
          arbitrary: fc.record({ kind: fc.constant('append' as const), n: fc.integer({ min: 1, max: 150 }) }),
          weight: 2,
        },
        fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
        fc.record({ kind: fc.constant('reload' as const) }),
        fc.record({ kind: fc.constant('reopen' as const) }),
        fc.record({ kind: fc.constant('read' as const) }),
      ),
      { minLength: 1, maxLength: ops },
    ),
    maxTokens: fc.integer({ min: 400, max: 4000 }),
    seed: fc.integer({ min: 0, max: 1000 }),
  });
const seen = { partial: 0, reopens: 0 };
let run = 0;

propertyOnEveryDriver<Scenario>({
  suite: 'citation view over $name: older results stored in the background',
  test: (driver) =>
    `after appends, deletes, reloads${driver.reopens ? ', reopens' : ''} and reads, idle() leaves every item a whole-log read stores (property)`,
  budget: {
    memory: { runs: 30, ops: 8 },
    sqlite: { runs: 12, ops: 8 },
    libsql: { runs: 12, ops: 8 },
    'json-file': { runs: 8, ops: 6 },
  },
  fallback: { runs: 6, ops: 6 },
  scenario,
  prepare: async (driver) => {
    const opened = await driver.open();
    cleanup.push(() => opened.dispose());
    return async ({ ops, maxTokens, seed }) => {
      run++;
      const sessionId = `ses_p${run}`;
      const scope = { tenant: 'acme', user: `u${run}` };
      const make = (space: string, budget?: number) => {
        const conversation = createConversationMemory({ store: opened.store, scope, sessionId, counter });
        const content = createContentStore({ store: opened.store, scope, counter, space });
        return createCitationMemory({
          conversation,
          content,
          policy,
          ...(budget ? { maxTokens: budget } : {}),
          onError: () => {}, // reopens close the store under a running pass: its errors are expected
        });
      };
      const isLarge = (i: number) => (i * 7919 + seed) % 3 === 0;
      let view = make('view', maxTokens);
      await view.conversation.store({ role: 'user', content: 'research' });
      let from = 0;
      const deleted = new Set<string>();
      for (const o of [...ops, { kind: 'read' } as Op]) {
        const memory = view.conversation;
        if (o.kind === 'append') {
          await memory.store(steps(o.n, from, isLarge));
          from += o.n;
        } else if (o.kind === 'delete') {
          const entries = await memory.entries();
          if (entries.length === 0) continue;
          const gone = entries[o.at % entries.length]!.message;
          await memory.delete(gone.id);
          deleted.add(gone.id);
        } else if (o.kind === 'reload') view = make('view', maxTokens);
        else if (o.kind === 'reopen') {
          if (!opened.reopen) continue;
          // A pass still running on the old store object ends with the store closed; the new view's goes on from the mark.
          await opened.reopen();
          view = make('view', maxTokens);
          seen.reopens++;
        } else {
          await view.read();
          if (view.lastStats()!.droppedMessages > 0) seen.partial++;
        }
      }
      await view.idle();
      const whole = make('whole');
      await whole.read();
      const expected = await itemIds(whole.content);
      const ids = await itemIds(view.content);
      // Every item a whole-log read stores; besides, only items of results deleted after they were stored.
      expect(expected.filter((id) => !ids.includes(id))).toEqual([]);
      expect(ids.filter((id) => !expected.includes(id)).length).toBeLessThanOrEqual(deleted.size);
    };
  },
  timeout: 240_000,
});

describe('citation view, older results: coverage', () => {
  it('most runs read a log longer than the budget, and stores were reopened', () => {
    expect(seen.partial).toBeGreaterThan(20);
    expect(seen.reopens).toBeGreaterThan(3);
  });
});
