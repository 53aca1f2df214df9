import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { countEntryReads } from '../../test-support/counting-reads.ts';
import { createContentStore } from '../content/create-content-store.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createCitationMemory } from './citation-memory.ts';

/**
 * A budgeted citation view holds only the log's newest part. Where that part starts inside a unit (a page of the
 * log read backward ends there, or a tool result came long after its call), the view holds more until its cut
 * falls where a view of the whole log puts it: it never sends a tool result without its call.
 */
const counter = createTokenCounter({ encoding: 'o200k_base' });
const never = { default: { offload: 'never' as const } };
const result = (id: string, text: string): ModelMessage => ({
  role: 'tool',
  content: [
    { type: 'tool-result', toolCallId: id, toolName: 'web_fetch', output: { type: 'text', value: text } },
  ],
});

async function sessionOf(messages: readonly ModelMessage[], sessionId: string) {
  const store = createMemoryStore();
  const conversation = createConversationMemory({ store, sessionId, counter });
  for (const m of messages) await conversation.store(m);
  return { store, conversation, content: createContentStore({ store, counter }) };
}

describe('citation view: the held part starts inside a unit', () => {
  it('a page boundary inside a call with three results: the unit is left out whole, as a whole-log view does', async () => {
    const log: ModelMessage[] = [
      { role: 'user', content: 'look up three things' },
      {
        role: 'assistant',
        content: ['c1', 'c2', 'c3'].map((id) => ({
          type: 'tool-call' as const,
          toolCallId: id,
          toolName: 'web_fetch',
          input: {},
        })),
      },
      result('c1', 'one'),
      result('c2', 'big '.repeat(3000)), // the unit does not fit the budget
      result('c3', 'three'),
    ];
    // 253 small messages after: the first page the view reads backward (256 entries) starts at c1's result.
    for (let i = 0; i < 253; i++) log.push({ role: i % 2 ? 'assistant' : 'user', content: 'ok' });
    const { conversation, content } = await sessionOf(log, 'ses_cut');
    const out = await createCitationMemory({ conversation, content, policy: never, maxTokens: 2500 }).read();
    expect(out[0]!.role).not.toBe('tool');
    expect(out).toHaveLength(253);
    const whole = await createCitationMemory({ conversation, content, policy: never }).read();
    expect(out).toEqual(whole.slice(whole.length - 253));
  });

  it('a result long after its call: the whole log makes call..result one unit, which does not fit', async () => {
    const log: ModelMessage[] = [
      { role: 'user', content: 'start the job' },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'job', toolName: 'web_fetch', input: {} }],
      },
    ];
    for (let i = 0; i < 300; i++) log.push({ role: i % 2 ? 'assistant' : 'user', content: 'ok' });
    log.push(
      result('job', 'finished'),
      { role: 'user', content: 'and?' },
      { role: 'assistant', content: 'done' },
    );
    const { conversation, content } = await sessionOf(log, 'ses_late');
    const out = await createCitationMemory({ conversation, content, policy: never, maxTokens: 200 }).read();
    expect(out.map((m) => m.content)).toEqual(['and?', 'done']);
  });

  it('lastAssembly() while the next read runs describes the last finished read', async () => {
    const step = (id: string): ModelMessage[] => [
      { role: 'user', content: 'look' },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: id, toolName: 'web_fetch', input: {} }],
      },
      result(id, 'x '.repeat(400)),
    ];
    const store = createMemoryStore();
    const conversation = createConversationMemory({ store, sessionId: 'ses_race', counter });
    // Content items slowed down: the read waits on them after it has synced the log (grown in place).
    const items = store.contentItems;
    const slow =
      <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
      async (...a: A): Promise<R> => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return f(...a);
      };
    const slowItems: typeof items = {
      ...items,
      getItemInfo: slow(items.getItemInfo.bind(items)),
      putItem: slow(items.putItem.bind(items)),
      ...(items.getItemInfos ? { getItemInfos: slow(items.getItemInfos.bind(items)) } : {}),
      ...(items.putItems ? { putItems: slow(items.putItems.bind(items)) } : {}),
    };
    const content = createContentStore({ store: slowItems, counter });
    const view = createCitationMemory({
      conversation,
      content,
      policy: { default: { offload: 'always' } },
      maxTokens: 100_000,
    });
    for (const m of step('a')) await conversation.store(m);
    await view.read();
    const before = view.lastAssembly()!.items.length;
    for (const m of step('b')) await conversation.store(m);
    let done = false;
    const reading = view.read().then(() => {
      done = true;
    });
    const seen = new Set<number>();
    while (!done) {
      seen.add(view.lastAssembly()!.items.length);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await reading;
    expect(seen).toEqual(new Set([before]));
    expect(view.lastAssembly()!.items.length).toBe(before + 3);
  });

  it('tool output whose call was deleted: left out; the whole log is held once, then followed (no read of it per read)', async () => {
    const log: ModelMessage[] = [];
    for (let i = 0; i < 600; i++) log.push({ role: i % 2 ? 'assistant' : 'user', content: `turn ${i}` });
    log.push(
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'gone', toolName: 'web_fetch', input: {} }],
      },
      result('gone', 'a result whose call is deleted'),
      { role: 'user', content: 'next' },
      { role: 'assistant', content: 'ok' },
    );
    const { store, conversation } = await sessionOf(log, 'ses_orphan');
    const call = (await conversation.entries()).find((e) => e.message.role === 'assistant' && e.seq === 601)!;
    await conversation.delete(call.message.id);
    const counted = countEntryReads(store);
    const reader = createConversationMemory({ store: counted.store, sessionId: 'ses_orphan', counter });
    const view = createCitationMemory({
      conversation: reader,
      content: createContentStore({ store, counter }),
      policy: never,
      maxTokens: 300,
    });
    const first = await view.read();
    // The orphan is within the budget's reach: the whole log is held (to know it is one), and it is never sent.
    expect(first.some((m) => m.role === 'tool')).toBe(false);
    expect(counted.entriesRead()).toBeGreaterThanOrEqual(603);
    const whole = await createCitationMemory({
      conversation,
      content: createContentStore({ store, counter }),
      policy: never,
    }).read();
    expect(first).toEqual(whole.slice(whole.length - first.length));
    for (let k = 0; k < 3; k++) {
      await reader.store({ role: 'user', content: `more ${k}` });
      counted.reset();
      await view.read();
      expect(counted.entriesRead()).toBeLessThanOrEqual(1); // the appended entry, not the log again
    }
  });
});
