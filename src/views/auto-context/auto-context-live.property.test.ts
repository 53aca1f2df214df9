import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbRunStep, runMessages } from '../../../test-support/agent-run-arbitrary.ts';
import { createContentStore } from '../../content/create-content-store.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { withSmallPages } from '../../testing/view-invariants.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import { createAutoContextMemory } from './auto-context-memory.ts';

const counter = createTokenCounter();

/**
 * A live view's read after each append against a fresh view's of the same log (the steps the live one stored
 * included): at small budgets a live read once threw ContextOverflowError where a fresh one fit (the newest unit's
 * results were not cut after the read's last summary made room for them).
 */
describe('AutoContextMemory read live, turn after turn', () => {
  it('gives what a fresh view of the same log and steps gives, results late or not, pages of any size (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbRunStep(400), { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 300, max: 3000 }),
        fc.boolean(),
        async (steps, pageSize, maxTokens, paged) => {
          const messages = runMessages(steps);
          const memory = createConversationMemory({ counter });
          const content = createContentStore({ counter });
          const live = createAutoContextMemory({
            conversation: paged ? withSmallPages(memory, pageSize) : memory,
            content,
            maxTokens,
            minGainTokens: 1,
          });
          for (let i = 0; i < messages.length; i += 3) {
            await memory.store(messages.slice(i, i + 3));
            const a = await live.read().then(
              (m) => m.map((x) => [x.role, JSON.stringify(x.content).slice(0, 60)]),
              (e) => String(e),
            );
            const fresh = createAutoContextMemory({
              conversation: memory,
              content,
              maxTokens,
              minGainTokens: 1,
            });
            const b = await fresh.read().then(
              (m) => m.map((x) => [x.role, JSON.stringify(x.content).slice(0, 60)]),
              (e) => String(e),
            );
            expect(a).toEqual(b);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
