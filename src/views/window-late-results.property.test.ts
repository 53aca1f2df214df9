import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbRunStep, runMessages } from '../../test-support/agent-run-arbitrary.ts';
import { createCountingStore } from '../../test-support/view-helpers.ts';
import { createContentStore } from '../content/create-content-store.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { referenceWindow, withSmallPages } from '../testing/view-invariants.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createCitationMemory } from './citation-memory.ts';
import { createSlidingWindowMemory } from './sliding-window-memory.ts';
import { createTokenWindowMemory } from './token-window-memory.ts';
import { truncateToolResults } from './truncate-tool-results.ts';

const counter = createTokenCounter();

describe('window views over results that come late (a call and its result around other turns)', () => {
  it('a live view reading small pages equals the full-log reference after every append', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbRunStep(60), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 20, max: 400 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom('user' as const, 'any' as const),
        async (steps, pageSize, maxTokens, windowSize, startOn) => {
          const messages = runMessages(steps);
          const memory = createConversationMemory({ counter });
          const paged = withSmallPages(memory, pageSize);
          const token = createTokenWindowMemory({ conversation: paged, maxTokens, startOn });
          const sliding = createSlidingWindowMemory({ conversation: paged, windowSize, startOn });
          for (let i = 0; i < messages.length; i += 3) {
            await memory.store(messages.slice(i, i + 3));
            const log = await memory.entries();
            const tokenRef = referenceWindow(
              log,
              () => maxTokens,
              (items) => items.reduce((n, e) => n + e.tokens, 0),
              startOn,
              (items, room) => truncateToolResults(items, room, counter) !== undefined,
            );
            const out = await token.read().catch(() => undefined);
            if (out) expect(out.map((m) => m.id)).toEqual(tokenRef.ids);
            const slidingRef = referenceWindow(
              log,
              () => windowSize,
              (items) => items.length,
              startOn,
            );
            expect((await sliding.read()).map((m) => m.id)).toEqual(slidingRef.ids);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a result whose call was deleted (a genuine orphan) newer than the cut', () => {
  it('is looked up in the whole log once, not on every read (token window, citation view)', async () => {
    const { store, reads } = createCountingStore();
    const memory = createConversationMemory({ store, counter });
    const run: ModelMessage[] = [{ role: 'user', content: 'research' }];
    for (let i = 0; i < 1_500; i++)
      run.push(
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: `c${i}`, toolName: 'search', input: {} }],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: `c${i}`,
              toolName: 'search',
              output: { type: 'text', value: `page ${i}` },
            },
          ],
        },
      );
    const stored = await memory.store(run);
    await memory.delete(stored.at(-4)!.id); // the call of the second newest result: that result is an orphan
    const token = createTokenWindowMemory({ conversation: memory, maxTokens: 300 });
    const citation = createCitationMemory({
      conversation: memory,
      content: createContentStore({ counter }),
      maxTokens: 300,
      background: false,
    });
    for (const view of [token, citation]) {
      await view.read(); // holds the whole log once, to learn the orphan is one
      for (let turn = 0; turn < 5; turn++) {
        await memory.store([{ role: 'assistant', content: `note ${turn}` }]);
        reads.length = 0;
        const out = await view.read();
        expect(out.some((m) => m.role === 'user')).toBe(true); // the task first
        expect(reads.reduce((n, r) => n + r.entries, 0)).toBeLessThan(100);
      }
    }
  });
});
