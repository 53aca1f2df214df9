import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sendToModel as send } from '../../test-support/send-to-model.ts';
import type { MemoryMessage } from '../core/message.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { arbConversation } from '../testing/conversation-arbitrary.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createSlidingWindowMemory } from './sliding-window-memory.ts';
import { createSummarizingMemory } from './summarizing-memory.ts';
import { createTokenWindowMemory } from './token-window-memory.ts';

const counter = createTokenCounter();
// Conversations as a real run stores them between steps: every call answered (an in-flight step is never sent).
const arbLog = arbConversation({ inFlight: false });

describe('view outputs are accepted by AI SDK v7 generateText', () => {
  it('the raw log itself (sanity check of the arbitrary)', async () => {
    await fc.assert(
      fc.asyncProperty(arbLog, async (messages) => {
        await send(messages.map((m, i) => ({ ...m, id: `m${i}`, createdAt: new Date(0) }) as MemoryMessage));
      }),
      { numRuns: 200 },
    );
  });

  it('while a cut that leaves a call unanswered is rejected (the harness can fail)', async () => {
    const result = await fc.check(
      fc.asyncProperty(arbLog, fc.integer({ min: 1, max: 6 }), async (messages, n) => {
        await send(
          messages
            .slice(0, n)
            .map((m, i) => ({ ...m, id: `m${i}`, createdAt: new Date(0) }) as MemoryMessage),
        );
      }),
      { numRuns: 200 },
    );
    expect(result.failed).toBe(true);
    expect(String(result.errorInstance)).toMatch(/Tool result is missing/);
  });

  it('sliding window, token window (with truncation) and summarizing memory', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbLog,
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 200, max: 1500 }),
        fc.integer({ min: 2, max: 12 }),
        async (messages, windowSize, maxTokens, maxMessages) => {
          const memory = createConversationMemory({ counter, initialMessages: messages });
          await send(await createSlidingWindowMemory({ conversation: memory, windowSize }).read());
          const tokenView = createTokenWindowMemory({ conversation: memory, maxTokens });
          const out = await tokenView.read().catch((e) => {
            expect(e.code).toBe('CONTEXT_OVERFLOW');
            return undefined;
          });
          if (out) await send(out);
          const summarizer = async () => 'what happened before';
          await send(
            await createSummarizingMemory({
              conversation: memory,
              maxMessages,
              keepRecent: 3,
              summarizer,
            }).read(),
          );
          const asInstructions = createSummarizingMemory({
            conversation: memory,
            maxMessages,
            keepRecent: 3,
            summarizer,
            summaryRole: 'instructions',
          });
          await send(await asInstructions.read(), await asInstructions.instructions());
        },
      ),
      { numRuns: 200 },
    );
  });
});
