import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { researchTrace } from '../../../test-support/research-trace.ts';
import { sendToModel } from '../../../test-support/send-to-model.ts';
import { createContentStore } from '../../content/create-content-store.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { MemoryMessage } from '../../core/message.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { groupMessages, isUnitComplete } from '../../messages/units.ts';
import { arbConversation } from '../../testing/conversation-arbitrary.ts';
import { checkContext, checkStartsOnUser } from '../../testing/view-invariants.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import { type AutoContextOptions, createAutoContextMemory } from './index.ts';

const counter = createTokenCounter({ encoding: 'o200k_base' });

function setup(options: Partial<AutoContextOptions> = {}) {
  const store = createMemoryStore();
  const memory = createConversationMemory({ store, counter, sessionId: 'run' });
  const content = createContentStore({ counter });
  const view = createAutoContextMemory({ conversation: memory, content, maxTokens: 200_000, ...options });
  return { store, memory, content, view };
}

const text = (m: MemoryMessage) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content));
const itemIds = (messages: readonly MemoryMessage[]) =>
  messages.flatMap((m) => [...text(m).matchAll(/content item \\?"(tr_[0-9a-f]+)\\?"/g)].map((x) => x[1]!));

describe('createAutoContextMemory: the compaction ladder', () => {
  it('rung 1 clears old tool results to citations, keeps facts retrievable, and is rebuilt identically from the log', async () => {
    const { store, memory, content, view } = setup({
      maxTokens: 60_000,
      tokenRatio: 0.5,
      lastKeep: 6,
      citations: false,
      minGainTokens: 1000,
    });
    const { messages, facts } = researchTrace({ iterations: 10 });
    for (const m of messages) await view.store(m);
    const out = await view.read();
    const stats = view.lastStats()!;
    expect(stats.triggered).toBe(true);
    expect(stats.ran).toEqual(['clear-tool-results']);
    expect(stats.tokens).toBeLessThanOrEqual(30_000);
    expect(stats.tokens).toBeLessThan(stats.logTokens / 2);
    const steps = await view.steps();
    checkContext(await memory.entries(), out, new Set(steps.map((s) => s.id)));
    checkStartsOnUser(await memory.entries(), out, new Set(steps.map((s) => s.id)));
    await sendToModel(out);
    // every planted fact is in the context or in a cited content item
    const cited = await Promise.all(
      itemIds(out).map(async (id) => (await content.retrieve(id)).content as string),
    );
    for (const f of facts)
      expect(out.some((m) => text(m).includes(f.text)) || cited.some((c) => String(c).includes(f.text))).toBe(
        true,
      );
    // a fresh view over the same store sees exactly the same context, without a new step
    const fresh = createAutoContextMemory({
      conversation: createConversationMemory({ store, counter, sessionId: 'run' }),
      content: createContentStore({ counter }),
      maxTokens: 60_000,
      tokenRatio: 0.5,
      lastKeep: 6,
      citations: false,
    });
    expect(await fresh.read()).toEqual(out);
    expect(fresh.lastStats()!.ran).toEqual([]);
    expect(steps[0]).toMatchObject({ step: 'clear-tool-results', tokensBefore: expect.any(Number) });
    expect(steps[0]!.tokensAfter).toBeLessThan(steps[0]!.tokensBefore);
  });

  it('context_reload puts a step back and leaves its range alone for reloadKeep messages', async () => {
    const { view, memory } = setup({ maxTokens: 60_000, tokenRatio: 0.5, lastKeep: 6, citations: false });
    const { messages, facts } = researchTrace({ iterations: 10 });
    for (const m of messages) await view.store(m);
    await view.read();
    const [step] = await view.steps();
    const result = await view.reload(step!.id);
    expect(result.restored).toBeGreaterThan(0);
    const out = await view.read();
    expect(out.some((m) => text(m).includes(facts[0]!.text))).toBe(true);
    expect(view.lastStats()!.ran).toEqual([]);
    await expect(view.reload(step!.id)).rejects.toSatisfy((e) => MemoryError.hasCode(e, 'INVALID_ARGUMENT'));
    await expect(view.reload('nope')).rejects.toSatisfy((e) => MemoryError.hasCode(e, 'INVALID_ARGUMENT'));
    checkContext(await memory.entries(), out, new Set((await view.steps()).map((s) => s.id)));
    checkStartsOnUser(await memory.entries(), out, new Set((await view.steps()).map((s) => s.id)));
  });

  it('rung 2 compacts runs of tool exchanges and rung 3 summarizes old rounds, recursively', async () => {
    const { view, memory } = setup({
      maxTokens: 500_000,
      msgThreshold: 12,
      lastKeep: 4,
      citations: false,
      minResultTokens: 1_000_000,
    });
    const { messages } = researchTrace({ iterations: 8, pageChars: 2000 });
    const noNotes = messages.filter(
      (m) => !(m.role === 'assistant' && JSON.stringify(m.content).includes('Noted')),
    );
    for (const m of noNotes) await view.store(m);
    const out = await view.read();
    const ran = view.lastStats()!.ran;
    expect(ran[0]).toBe('compact-tool-runs');
    const steps = await view.steps();
    checkContext(await memory.entries(), out, new Set(steps.map((s) => s.id)));
    checkStartsOnUser(await memory.entries(), out, new Set(steps.map((s) => s.id)));
    await sendToModel(out);
    expect(out.length).toBeLessThanOrEqual(12);
    // more rounds: a summary of the conversation folds in what came before
    for (let r = 0; r < 3; r++) {
      await view.store({ role: 'user', content: `round ${r}: go on` });
      for (const m of noNotes.slice(1, 7)) await view.store(m as ModelMessage);
    }
    const out2 = await view.read();
    const steps2 = await view.steps();
    expect(steps2.some((s) => s.step === 'summarize-rounds')).toBe(true);
    checkContext(await memory.entries(), out2, new Set(steps2.map((s) => s.id)));
    checkStartsOnUser(await memory.entries(), out2, new Set(steps2.map((s) => s.id)));
    await sendToModel(out2);
    expect(out2.length).toBeLessThanOrEqual(12);
  });

  it('never summarizes the question being answered: the newest user message stays word for word, whatever the tail', async () => {
    for (const lastKeep of [0, 1, 2, 4]) {
      const { view, memory } = setup({ msgThreshold: 6, lastKeep, minGainTokens: 0 });
      for (let r = 0; r < 4; r++) {
        await view.store({ role: 'user', content: `question ${r}: which dishes are safe?` });
        await view.store({ role: 'assistant', content: `answer ${r}` });
      }
      // The current round: a question, then two tool exchanges (longer than a short tail).
      await view.store({ role: 'user', content: 'Which dishes in the guide were safe for me?' });
      const { messages } = researchTrace({ iterations: 2, pageChars: 300 });
      for (const m of messages.slice(1).filter((m) => m.role !== 'user')) await view.store(m as ModelMessage);
      const out = await view.read();
      const steps = await view.steps();
      expect(
        steps.some((s) => s.step === 'summarize-rounds'),
        `lastKeep ${lastKeep}`,
      ).toBe(true);
      expect(out.filter((m) => m.role === 'user').map(text), `lastKeep ${lastKeep}`).toContain(
        'Which dishes in the guide were safe for me?',
      );
      checkContext(await memory.entries(), out, new Set(steps.map((s) => s.id)));
      checkStartsOnUser(await memory.entries(), out, new Set(steps.map((s) => s.id)));
      await sendToModel(out);
    }
  });

  it('msgThreshold holds with the default summarizer, default lastKeep and short messages (issue 21 #15)', async () => {
    for (const msgThreshold of [3, 12, 30, 60]) {
      const { view, memory } = setup({ msgThreshold });
      for (let i = 0; i < 80; i++)
        await view.store({ role: i % 2 ? 'assistant' : 'user', content: `message ${i}` });
      const out = await view.read();
      const stats = view.lastStats()!;
      expect(stats).toMatchObject({ triggered: true, overThreshold: false, ran: ['summarize-rounds'] });
      expect(out.length).toBeLessThanOrEqual(msgThreshold);
      checkContext(await memory.entries(), out, new Set((await view.steps()).map((s) => s.id)));
      checkStartsOnUser(await memory.entries(), out, new Set((await view.steps()).map((s) => s.id)));
      await sendToModel(out);
    }
  });

  it('refuses a context that cannot fit, and a read from inside its own summarizer', async () => {
    const store = createMemoryStore();
    const memory = createConversationMemory({ store, counter });
    const content = createContentStore({ counter });
    const tight = createAutoContextMemory({ conversation: memory, content, maxTokens: 50 });
    await memory.store({ role: 'system', content: 'a long instruction '.repeat(40) });
    await expect(tight.read()).rejects.toSatisfy((e) => MemoryError.hasCode(e, 'CONTEXT_OVERFLOW'));
    const memory2 = createConversationMemory({ store, counter });
    let view: ReturnType<typeof createAutoContextMemory>;
    view = createAutoContextMemory({
      conversation: memory2,
      content,
      maxTokens: 100_000,
      msgThreshold: 3,
      lastKeep: 1,
      summarizer: async () => {
        await view.read();
        return 'never';
      },
    });
    for (let i = 0; i < 6; i++) await memory2.store({ role: 'user', content: `message ${i}` });
    const error = await view.read().catch((e: unknown) => e);
    expect(MemoryError.hasCode(error, 'SUMMARIZER_ERROR')).toBe(true);
    expect(MemoryError.hasCode((error as Error).cause, 'INVALID_ARGUMENT')).toBe(true);
  });

  it('property: after every read the context is valid, accepted by the AI SDK, and rebuilt identically', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbConversation({ inFlight: false }),
        fc.record({
          msgThreshold: fc.integer({ min: 2, max: 12 }),
          lastKeep: fc.integer({ min: 0, max: 6 }),
          readEvery: fc.integer({ min: 1, max: 5 }),
        }),
        async (messages, o) => {
          const store = createMemoryStore();
          const memory = createConversationMemory({ store, counter, sessionId: 's' });
          const content = createContentStore({ counter });
          const options = {
            maxTokens: 1_000_000,
            msgThreshold: o.msgThreshold,
            lastKeep: o.lastKeep,
            minGainTokens: 0,
            minResultTokens: 0,
          };
          const view = createAutoContextMemory({ conversation: memory, content, ...options });
          for (const [i, m] of (messages as ModelMessage[]).entries()) {
            await view.store(m);
            if (i % o.readEvery !== 0 && i !== messages.length - 1) continue;
            const log = await memory.entries();
            const out = await view.read();
            const stepIds = new Set((await view.steps()).map((s) => s.id));
            checkContext(log, out, stepIds);
            checkStartsOnUser(log, out, stepIds);
            const lastUnit = groupMessages(log.map((e) => e.message)).at(-1);
            if (!lastUnit || isUnitComplete(lastUnit)) await sendToModel(out);
            const again = createAutoContextMemory({
              conversation: createConversationMemory({ store, counter, sessionId: 's' }),
              content,
              ...options,
              msgThreshold: 1_000_000,
            });
            expect(await again.read()).toEqual(out);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
