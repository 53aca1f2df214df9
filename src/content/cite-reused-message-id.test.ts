import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import { type OpenedStore, reliabilityDrivers } from '../../test-support/reliability/store-drivers.ts';
import type { MemoryMessage } from '../core/message.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { type ConversationMemory, createConversationMemory } from '../memory/conversation-memory.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createAutoContextMemory } from '../views/auto-context/auto-context-memory.ts';
import { createCitationMemory } from '../views/citation-memory.ts';
import { outputCountKind } from '../views/output-count-artifacts.ts';
import { type ContentStore, createContentStore } from './create-content-store.ts';

/**
 * A tool-result message deleted and stored again under its id (same tool call, other output) is a new version
 * of the message: its citation resolves to the new output, in the view that cited the old one, in a fresh view
 * over the same stores, and whatever the old item held.
 */
const counter = createTokenCounter({ encoding: 'o200k_base' });
const policy = { default: { offload: 'always' as const } };
const opened: OpenedStore[] = [];
afterAll(async () => {
  for (const o of opened) await o.dispose();
});

const drivers = reliabilityDrivers({ postgresUrl: testPostgresUrl(), fast: true });

const call: ModelMessage = {
  role: 'assistant',
  content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'web_fetch', input: {} }],
};
const result = (text: string): ModelMessage & { id: string } => ({
  id: 'm3',
  role: 'tool',
  content: [
    { type: 'tool-result', toolCallId: 'c1', toolName: 'web_fetch', output: { type: 'text', value: text } },
  ],
});

const calls2: ModelMessage = {
  role: 'assistant',
  content: ['c1', 'c2'].map((toolCallId) => ({
    type: 'tool-call',
    toolCallId,
    toolName: 'web_fetch',
    input: {},
  })),
};
const part = (toolCallId: string, text: string) => ({
  type: 'tool-result' as const,
  toolCallId,
  toolName: 'web_fetch',
  output: { type: 'text' as const, value: text },
});
const overThreshold = { default: { offload: { overTokens: 300 } } };

/** The views that save the output counts they take (each offloads results over 300 tokens). */
const viewsOverSavedCounts = [
  function citation(conversation: ConversationMemory, content: ContentStore) {
    return createCitationMemory({ conversation, content, policy: overThreshold });
  },
  function autoContext(conversation: ConversationMemory, content: ContentStore) {
    return createAutoContextMemory({ conversation, content, maxTokens: 100_000, citations: overThreshold });
  },
];

/** The conversation with its saving of output counts held until `open()`; `reached` when a save waits. */
function gatedCounts(conversation: ConversationMemory) {
  let reach!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((r) => {
    reach = r;
  });
  const opened = new Promise<void>((r) => {
    release = r;
  });
  const gated: ConversationMemory = {
    ...conversation,
    async putArtifact(artifact) {
      if (artifact.kind === outputCountKind) {
        reach();
        await opened;
      }
      return conversation.putArtifact(artifact);
    },
  };
  return { conversation: gated, reached, open: release };
}

/** The id of the item a cited message's result names. */
const citedId = (m: MemoryMessage | undefined): string => {
  const part = m && typeof m.content !== 'string' ? m.content[0] : undefined;
  const text = part?.type === 'tool-result' && part.output.type === 'text' ? part.output.value : '';
  const id = /content item "([^"]+)"/.exec(text)?.[1];
  if (!id) throw new Error(`not a citation: ${text.slice(0, 80)}`);
  return id;
};

describe.each(drivers)('a result message stored again under its id ($name)', (driver) => {
  const open = async () => {
    const o = await driver.open();
    opened.push(o);
    return o.store;
  };
  it('is cited with the new output, by the view that cited the old one and by a fresh view', async (t) => {
    if (driver.missing) return t.skip(driver.missing);
    const store = await open();
    const conversation = createConversationMemory({ store, counter, sessionId: 'ses_reused' });
    const content = createContentStore({ store: store.contentItems, counter });
    const view = createCitationMemory({ conversation, content, policy });
    await conversation.store([
      { role: 'user', content: 'fetch' },
      call,
      result('OLD tokyo report'),
      { role: 'assistant', content: 'read it' },
    ]);
    const before = await view.read();
    const oldId = citedId(before[2]);
    expect((await content.retrieve(oldId)).content).toBe('OLD tokyo report');

    const entries = await conversation.entries();
    await conversation.delete('m3');
    await conversation.delete(entries[3]!.message.id);
    await conversation.store([result('NEW osaka figures'), { role: 'assistant', content: 'read it again' }]);

    const after = await view.read();
    expect(after[2]!.id).toBe('m3');
    const id = citedId(after[2]);
    expect(id).toBe(oldId); // the id names the message and the call, as before
    expect((await content.retrieve(id)).content).toBe('NEW osaka figures');

    const fresh = createCitationMemory({
      conversation: createConversationMemory({ store, counter, sessionId: 'ses_reused' }),
      content: createContentStore({ store: store.contentItems, counter }),
      policy,
    });
    expect(await fresh.read()).toEqual(after);
  });

  it('a session deleted and created again under its id, its result the same size, is cited with the new output', async (t) => {
    if (driver.missing) return t.skip(driver.missing);
    const store = await open();
    const scope = { tenant: 'acme' };
    const conversation = () => createConversationMemory({ store, scope, counter, sessionId: 'ses_again' });
    const content = createContentStore({ store: store.contentItems, scope, counter });
    const log = (text: string): ModelMessage[] => [
      { role: 'user', content: 'fetch' },
      call,
      result(text),
      { role: 'assistant', content: 'read it' },
    ];
    await conversation().store(log('OLD tokyo report'));
    const view = createCitationMemory({ conversation: conversation(), content, policy });
    expect((await content.retrieve(citedId((await view.read())[2]))).content).toBe('OLD tokyo report');
    await store.deleteSession(scope, 'ses_again');
    // The same message ids and sequence numbers, an output of the same size; a millisecond later at least.
    await new Promise((r) => setTimeout(r, 2));
    await conversation().store(log('NEW osaka report'));
    for (const reader of [view, createCitationMemory({ conversation: conversation(), content, policy })])
      expect((await content.retrieve(citedId((await reader.read())[2]))).content).toBe('NEW osaka report');
  });

  it('a count saved of a deleted session is not taken for the session created again under its id: its output is counted', async (t) => {
    if (driver.missing) return t.skip(driver.missing);
    const store = await open();
    const scope = { tenant: 'acme' };
    const conversation = () => createConversationMemory({ store, scope, counter, sessionId: 'ses_counts' });
    const content = createContentStore({ store: store.contentItems, scope, counter });
    // Two outputs each under the threshold in a message over it: counted (the message's count cannot decide them)
    // and saved. Created again, the same ids and positions hold outputs of the same size, each over it.
    const cheap = 'alpha beta tokyo '.repeat(60);
    const dear = '7 '.repeat(510);
    expect([Buffer.byteLength(cheap), counter.countText(cheap) < 300]).toEqual([1020, true]);
    expect([Buffer.byteLength(dear), counter.countText(dear) > 300]).toEqual([1020, true]);
    const log = (text: string): ModelMessage[] => [
      { role: 'user', content: 'fetch' },
      calls2,
      { id: 'm3', role: 'tool', content: [part('c1', text), part('c2', text)] } as ModelMessage,
      { role: 'assistant', content: 'read it' },
    ];
    for (const make of viewsOverSavedCounts) {
      await conversation().store(log(cheap));
      // The old session's read saves its counts as the session is deleted and created again (another process).
      const gate = gatedCounts(conversation());
      const reading = make(gate.conversation, content).read();
      await gate.reached;
      await store.deleteSession(scope, 'ses_counts');
      await new Promise((r) => setTimeout(r, 2)); // a millisecond later at least
      await conversation().store(log(dear));
      gate.open();
      expect(JSON.stringify(await reading)).toContain(JSON.stringify(cheap));
      const out = await make(conversation(), content).read();
      expect(JSON.stringify(out[2]), make.name).not.toContain(JSON.stringify(dear));
      await store.deleteSession(scope, 'ses_counts');
    }
  });

  it('a fresh view replaces an item stored before items named their entry (no seq in its metadata)', async (t) => {
    if (driver.missing) return t.skip(driver.missing);
    const store = await open();
    const conversation = createConversationMemory({ store, counter, sessionId: 'ses_legacy' });
    const content = createContentStore({ store: store.contentItems, counter });
    await conversation.store([
      { role: 'user', content: 'fetch' },
      call,
      result('OLD tokyo report'),
      { role: 'assistant', content: 'read it' },
    ]);
    const id = citedId((await createCitationMemory({ conversation, content, policy }).read())[2]);
    // The item as an older engram stored it: its metadata names no entry.
    const item = (await store.contentItems.getItem(content.scope, content.space, id))!;
    const { seq: _seq, ...metadata } = item.metadata;
    expect(_seq).toBeTypeOf('number');
    await store.contentItems.deleteItem(content.scope, content.space, id);
    await store.contentItems.putItem(content.scope, content.space, { ...item, metadata });
    // Unchanged: a fresh view cites the old item as it is.
    const same = await createCitationMemory({ conversation, content, policy }).read();
    expect(citedId(same[2])).toBe(id);
    expect(
      (await store.contentItems.getItemInfo(content.scope, content.space, id))!.metadata.seq,
    ).toBeUndefined();
    // Stored again: the fresh view replaces it.
    const entries = await conversation.entries();
    await conversation.delete('m3');
    await conversation.delete(entries[3]!.message.id);
    await conversation.store([result('NEW osaka figures'), { role: 'assistant', content: 'read it again' }]);
    const after = await createCitationMemory({ conversation, content, policy }).read();
    expect((await content.retrieve(citedId(after[2]))).content).toBe('NEW osaka figures');
  });
});

describe('reused result ids, any order of stores and reads', () => {
  it('every read cites what the log holds now', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ text: fc.constantFrom('alpha', 'beta', 'alphb', 'gamma delta'), read: fc.boolean() }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        async (versions) => {
          const store = createMemoryStore();
          const conversation = createConversationMemory({ store, counter, sessionId: 'ses_prop' });
          const content = createContentStore({ store, counter });
          const view = createCitationMemory({ conversation, content, policy });
          await conversation.store([{ role: 'user', content: 'fetch' }, call]);
          for (const v of versions) {
            const live = await conversation.entries();
            for (const e of live.slice(2)) await conversation.delete(e.message.id);
            await conversation.store([result(v.text), { role: 'assistant', content: 'ok' }]);
            if (!v.read) continue;
            const out = await view.read();
            expect((await content.retrieve(citedId(out[2]))).content).toBe(v.text);
          }
          const out = await view.read();
          expect((await content.retrieve(citedId(out[2]))).content).toBe(versions.at(-1)!.text);
        },
      ),
      { numRuns: 40 },
    );
  });
});
