import { join } from 'node:path';
import type { ModelMessage } from 'ai';
import { afterAll, describe, expect, it } from 'vitest';
import { countEntryReads } from '../../test-support/counting-reads.ts';
import { fetchSteps } from '../../test-support/fetch-steps.ts';
import { tempDir } from '../../test-support/reliability/store-drivers.ts';
import type { ContentStoreV1 } from '../content/content-store-v1.ts';
import { createContentStore } from '../content/create-content-store.ts';
import { createSqliteStore, type SqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import { createCitationMemory } from './citation-memory.ts';

/**
 * A view opened on a long session decides offloading from what is stored: an entry's count bounds its
 * outputs', a stored item gives its output's count. Outputs are counted only when nothing stored decides, once.
 */
const base = createTokenCounter({ encoding: 'o200k_base' });
const policy = { default: { offload: { overTokens: 300 } } };
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanup) await c();
});

/** A counter that records every text it counts. */
function countingCounter(): TokenCounter & { texts: string[]; messages: number } {
  const texts: string[] = [];
  const self = {
    encoding: base.encoding,
    texts,
    messages: 0,
    countText: (t: string) => {
      texts.push(t);
      return base.countText(t);
    },
    count: (m: Parameters<TokenCounter['count']>[0]) => {
      self.messages++;
      return base.count(m);
    },
  };
  return self;
}

/** Content calls that record how items were read and written (the optional batch calls left out when `batch` is false). */
function spiedItems(items: ContentStoreV1, batch: boolean) {
  const calls = { getItemInfo: 0, getItemInfos: 0, putItem: 0, putItems: 0 };
  const spied: ContentStoreV1 = {
    specificationVersion: 'v1',
    putItem: (...a) => {
      calls.putItem++;
      return items.putItem(...a);
    },
    getItem: (...a) => items.getItem(...a),
    getItemInfo: (...a) => {
      calls.getItemInfo++;
      return items.getItemInfo(...a);
    },
    queryItems: (...a) => items.queryItems(...a),
    deleteItem: (...a) => items.deleteItem(...a),
    clearItems: (...a) => items.clearItems(...a),
    replaceItems: (...a) => items.replaceItems(...a),
    ...(batch
      ? {
          getItemInfos: (...a) => {
            calls.getItemInfos++;
            return items.getItemInfos!(...a);
          },
          putItems: (...a) => {
            calls.putItems++;
            return items.putItems!(...a);
          },
        }
      : {}),
  };
  return { spied, calls };
}

const small = (i: number) => `small result ${i}: ok`;
const large = (i: number) => `large result ${i}: ${'alpha beta tokyo report plan '.repeat(120)}`;

/** A session of `n` steps, each a call with a small or a large result and a reply. */
const session = (n: number): ModelMessage[] => [
  { role: 'user', content: 'research' },
  ...fetchSteps(n, (i) => (i % 2 === 0 ? small(i) : large(i))),
];

async function sqliteFile(): Promise<() => SqliteStore> {
  const dir = await tempDir('citation-cold', true);
  cleanup.push(() => dir.remove());
  const path = join(dir.path, 'cold.db');
  return () => createSqliteStore({ path, durability: 'process' });
}

function openView(store: SqliteStore, counter: TokenCounter, items: ContentStoreV1 = store.contentItems) {
  const conversation = createConversationMemory({ store, sessionId: 'ses_cold', counter: base });
  const content = createContentStore({ store: items, counter });
  return createCitationMemory({ conversation, content, policy });
}

describe('citation view: cold start from stored state', () => {
  it("a never-read session: no output is tokenized (each read off its entry's stored count); items put in batches", async () => {
    const open = await sqliteFile();
    const store = open();
    const memory = createConversationMemory({ store, sessionId: 'ses_cold', counter: base });
    for (const m of session(80)) await memory.store(m);
    const counter = countingCounter();
    const { spied, calls } = spiedItems(store.contentItems, true);
    const view = openView(store, counter, spied);
    const out = await view.read();
    const outputs = counter.texts.filter((t) => t.startsWith('small result') || t.startsWith('large result'));
    // Small ones decided by the entries' stored counts; each large one's count is its entry's less the count of
    // the same message with the output emptied (a message of one result), which the item keeps.
    expect(outputs).toEqual([]);
    expect(counter.messages).toBe(40);
    expect(view.lastStats()).toMatchObject({ cited: 40, fullFirstUse: 0 });
    expect(calls).toEqual({ getItemInfo: 0, getItemInfos: 1, putItem: 0, putItems: 1 }); // 40 ids in one page, 40 small items in one transaction
    expect(out).toEqual(await openView(store, base).read());
    await store.close();
  });

  it('reopened: nothing is counted again, infos are read a page at a time, nothing is put', async () => {
    const open = await sqliteFile();
    const first = open();
    const memory = createConversationMemory({ store: first, sessionId: 'ses_cold', counter: base });
    for (const m of session(60)) await memory.store(m);
    const before = await openView(first, base).read();
    await first.close();
    const store = open();
    const counter = countingCounter();
    const { spied, calls } = spiedItems(store.contentItems, true);
    const view = openView(store, counter, spied);
    expect(await view.read()).toEqual(before);
    expect(counter.texts).toEqual([]); // no output, no citation, no cited message counted: the counter is not loaded
    expect(counter.messages).toBe(0);
    expect(calls).toEqual({ getItemInfo: 0, getItemInfos: 1, putItem: 0, putItems: 0 });
    // The next step costs its own result only, and not its tokenizing: its count is read off its entry's.
    await view.store({
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: 'n', toolName: 'web_fetch', input: {} }],
    });
    await view.store({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'n',
          toolName: 'web_fetch',
          output: { type: 'text', value: large(999) },
        },
      ],
    });
    counter.texts.length = 0;
    await view.read();
    expect(counter.texts.filter((t) => t.startsWith('large result'))).toEqual([]);
    expect(counter.messages).toBe(1);
    expect(calls).toEqual({ getItemInfo: 0, getItemInfos: 2, putItem: 0, putItems: 1 });
    await store.close();
  });

  it('a store without the batch calls: the same view through getItemInfo and putItem', async () => {
    const open = await sqliteFile();
    const store = open();
    const memory = createConversationMemory({ store, sessionId: 'ses_cold', counter: base });
    for (const m of session(10)) await memory.store(m);
    const { spied, calls } = spiedItems(store.contentItems, false);
    const out = await openView(store, base, spied).read();
    expect(calls).toEqual({ getItemInfo: 10, getItemInfos: 0, putItem: 5, putItems: 0 });
    expect(out).toEqual(await openView(store, base).read());
    await store.close();
  });

  it('outputs each under the threshold in a message over it: counted once, then decided from saved counts', async () => {
    // Three parallel results of ~120 tokens each: the message's stored count (over 300) cannot decide them.
    const medium = (i: number, k: number) => `medium result ${i}.${k}: ${'alpha beta tokyo '.repeat(38)}`;
    const steps: ModelMessage[] = [{ role: 'user', content: 'research' }];
    for (let i = 0; i < 12; i++) {
      const ids = [0, 1, 2].map((k) => `p${i}_${k}`);
      steps.push({
        role: 'assistant',
        content: ids.map((toolCallId) => ({
          type: 'tool-call' as const,
          toolCallId,
          toolName: 'web_fetch',
          input: {},
        })),
      });
      steps.push({
        role: 'tool',
        content: ids.map((toolCallId, k) => ({
          type: 'tool-result' as const,
          toolCallId,
          toolName: 'web_fetch',
          output: { type: 'text' as const, value: medium(i, k) },
        })),
      });
      steps.push({ role: 'assistant', content: `step ${i}` });
    }
    const open = await sqliteFile();
    const first = open();
    const memory = createConversationMemory({ store: first, sessionId: 'ses_cold', counter: base });
    for (const m of steps) await memory.store(m);
    const counted = countingCounter();
    const before = await openView(first, counted).read();
    const outputs = counted.texts.filter((t) => t.startsWith('medium result'));
    // Each counted at most once, each message's longest read off its stored count: none is offloaded (each under 300).
    expect(outputs).toHaveLength(24);
    expect(new Set(outputs).size).toBe(24);
    expect(base.countText(outputs[0]!)).toBeLessThan(300);
    // In full (not offloaded).
    expect(JSON.stringify(before)).toContain(JSON.stringify(medium(0, 0)));
    await first.close();
    // A new process decides them from the counts the first one saved beside the log: nothing is counted.
    const store = open();
    const counter = countingCounter();
    expect(await openView(store, counter).read()).toEqual(before);
    expect(counter.texts).toEqual([]);
    // Without saved counts (the artifacts deleted), the next new view counts them again: the same output.
    const conversation = createConversationMemory({ store, sessionId: 'ses_cold', counter: base });
    for (const a of await conversation.listArtifacts('engram.output-counts'))
      await conversation.deleteArtifact(a.id);
    const again = countingCounter();
    expect(await openView(store, again).read()).toEqual(before);
    expect(again.texts.filter((t) => t.startsWith('medium result'))).toHaveLength(24);
    await store.close();
  });

  it('with a budget: a new view reads only the newest part the budget needs, and returns what a whole-log read cuts', async () => {
    const open = await sqliteFile();
    const first = open();
    const memory = createConversationMemory({ store: first, sessionId: 'ses_cold', counter: base });
    for (const m of session(400)) await memory.store(m); // 1,201 messages, 200 results of ~600 tokens
    const whole = await openView(first, base).read(); // offloads every large result
    await first.close();
    const store = open();
    const counted = countEntryReads(store);
    const conversation = createConversationMemory({
      store: counted.store,
      sessionId: 'ses_cold',
      counter: base,
    });
    const content = createContentStore({ store: store.contentItems, counter: base });
    // The read's own work (the older part's results are stored in the background, `citation-older-results.test.ts`).
    const view = createCitationMemory({ conversation, content, policy, maxTokens: 3000, background: false });
    const out = await view.read();
    const stats = view.lastStats()!;
    expect(stats.tokens).toBeLessThanOrEqual(3000);
    expect(stats.droppedMessages).toBeGreaterThan(900);
    // The user message that opened the session's one long turn, then the whole-log read's newest part, cited the same.
    expect(out[0]).toEqual(whole[0]);
    expect(out.slice(1)).toEqual(whole.slice(whole.length - out.length + 1));
    expect(stats.messages + stats.droppedMessages).toBe(whole.length);
    // Held: at most twice what the budget needed (the held part grows by doubling), never the whole log.
    expect(counted.entriesRead()).toBeLessThan(out.length * 2 + 64);
    const left = view.lastAssembly()!.dropped.filter((d) => d.messages > 0);
    expect(left).toEqual([
      expect.objectContaining({ rule: 'budget', messages: stats.droppedMessages, fromSeq: 1 }),
    ]);
    await store.close();
  });
});
