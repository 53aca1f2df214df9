import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { everyView } from '../../test-support/every-view.ts';
import { createContentStore } from '../content/create-content-store.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { type ConversationMemory, createConversationMemory } from '../memory/conversation-memory.ts';
import { createHierarchicalMemory } from '../patterns/hierarchical-memory.ts';
import { checkPairs } from '../testing/view-invariants.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createAutoContextMemory } from './auto-context/auto-context-memory.ts';
import { createObservationalMemory } from './observational/observational-memory.ts';

/**
 * Deleting one message of a tool exchange leaves the log with a result whose call is gone, or a call without its
 * result: no view sends either (a model refuses both), whatever else it keeps.
 */
const counter = createTokenCounter({ encoding: 'o200k_base' });

/** An AutoContext view whose ladder runs after a few messages (10; the newest 4 kept). */
const smallLadder = (store: ReturnType<typeof createMemoryStore>, conversation: ConversationMemory) =>
  createAutoContextMemory({
    conversation,
    content: createContentStore({ store, counter }),
    maxTokens: 100_000,
    msgThreshold: 10,
    lastKeep: 4,
  });

/** A web_fetch call and its result. */
const exchange = (id: string, text: string): ModelMessage[] => [
  { role: 'assistant', content: [{ type: 'tool-call', toolCallId: id, toolName: 'web_fetch', input: {} }] },
  {
    role: 'tool',
    content: [
      { type: 'tool-result', toolCallId: id, toolName: 'web_fetch', output: { type: 'text', value: text } },
    ],
  },
];

describe('every view after a tool call or a tool result was deleted', () => {
  it('sends no result without its call and no call without its result', async () => {
    const store = createMemoryStore();
    const conversation = createConversationMemory({ store, sessionId: 'ses_deleted', counter });
    const log: ModelMessage[] = [{ role: 'user', content: 'go' }];
    for (let i = 0; i < 5; i++) log.push(...exchange(`c${i}`, `r${i} `.repeat(50)));
    log.push({ role: 'assistant', content: 'done' });
    for (const m of log) await conversation.store(m);
    const entries = await conversation.entries();
    await conversation.delete(entries[3]!.message.id); // c1's call: its result is left alone
    await conversation.delete(entries[6]!.message.id); // c2's result: its call is left alone
    const content = createContentStore({ store, counter });
    const views = {
      ...everyView(conversation, content),
      'observational, most observed': createObservationalMemory({ conversation, recentTokens: 50 }),
    };
    const broken: string[] = [];
    for (const [name, view] of Object.entries(views)) {
      const out = await view.read();
      expect(out.length).toBeGreaterThan(5);
      try {
        checkPairs(out);
      } catch (error) {
        broken.push(`${name}: ${(error as Error).message}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("AutoContext: an orphaned first result is left out, and its summaries still start at the log's head", async () => {
    const store = createMemoryStore();
    const conversation = createConversationMemory({ store, sessionId: 'ses_head', counter });
    await conversation.store([{ role: 'user', content: 'start' }, ...exchange('c0', 'r0')]);
    const [user, call, result] = await conversation.entries();
    await conversation.delete(user!.message.id);
    await conversation.delete(call!.message.id);
    const view = smallLadder(store, conversation);
    for (let round = 0; round < 6; round++) {
      for (let k = 0; k < 8; k++)
        await conversation.store([
          { role: 'user', content: `question ${round}.${k}` },
          { role: 'assistant', content: `answer ${round}.${k}` },
        ]);
      checkPairs(await view.read());
    }
    const summaries = (await view.steps()).filter((s) => s.summary && s.reloadedAtSeq === undefined);
    expect(summaries.length).toBeGreaterThan(0);
    // The newest summary covers the head (the orphaned result), so later reads start after it.
    expect(summaries.at(-1)!.fromSeq).toBe(result!.seq);
  });

  it('hierarchical memory and consolidation: the context holds no orphan, and observing goes past one', async () => {
    const store = createMemoryStore();
    const conversation = createConversationMemory({ store, sessionId: 'ses_levels', counter });
    for (let i = 0; i < 40; i++)
      await conversation.store([
        { role: 'user', content: `look up ${i}` },
        ...exchange(`c${i}`, `result ${i} `.repeat(8)),
      ]);
    const entries = await conversation.entries();
    await conversation.delete(entries[4]!.message.id); // c1's call
    checkPairs(
      await createHierarchicalMemory({ memory: conversation, workingLimit: 200 }).getContextForLlm(),
    );
    const view = createObservationalMemory({ conversation, recentTokens: 300, background: false });
    await view.consolidate();
    const out = await view.read();
    checkPairs(out.filter((m) => m.role !== 'user' || !String(m.content).startsWith('<observations>')));
    expect(view.lastStats()!.observedTo).toBeGreaterThan(entries[5]!.seq); // past the orphaned result
    expect(out.length).toBeLessThan(40);
  });

  it('AutoContext: a result stored after a summary covered its call is not sent alone', async () => {
    const store = createMemoryStore();
    const conversation = createConversationMemory({ store, sessionId: 'ses_late', counter });
    const [call, result] = exchange('late', 'finished');
    await conversation.store([{ role: 'user', content: 'q0' }, call!]);
    for (let k = 0; k < 12; k++)
      await conversation.store([
        { role: 'user', content: `question ${k}` },
        { role: 'assistant', content: `answer ${k}` },
      ]);
    const view = smallLadder(store, conversation);
    checkPairs(await view.read());
    expect((await view.steps()).some((s) => s.summary !== undefined)).toBe(true);
    await conversation.store(result!);
    checkPairs(await view.read());
  });
});
