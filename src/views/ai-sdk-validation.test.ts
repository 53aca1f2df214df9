import { generateText, type ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemoryMessage } from '../core/message.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { toModelMessage } from '../messages/to-model-message.ts';
import { arbConversation } from '../testing/conversation-arbitrary.ts';
import { checkPairs } from '../testing/view-invariants.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createSlidingWindowMemory } from './sliding-window-memory.ts';
import { createSummarizingMemory } from './summarizing-memory.ts';
import { createTokenWindowMemory } from './token-window-memory.ts';

const counter = createTokenCounter();
const model = new MockLanguageModelV4({
  doGenerate: async () => ({
    content: [{ type: 'text', text: 'ok' }],
    finishReason: { unified: 'stop', raw: undefined },
    usage: {
      inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 1, text: 1, reasoning: 0 },
    },
    warnings: [],
  }),
});

/**
 * Sends a view's output the way an agent does: system messages (which AI SDK v7 rejects inside `messages`)
 * go to `instructions`, the rest to `messages`. Throws whatever `generateText` throws
 * (MissingToolResultsError, InvalidPromptError, InvalidToolApprovalError, …), after the stricter pairing check.
 */
async function send(out: MemoryMessage[], instructions?: string): Promise<void> {
  checkPairs(out); // stricter than generateText, which lets orphaned tool results through (providers reject them)
  const system = out.filter((m) => m.role === 'system').map((m) => m.content as string);
  if (instructions) system.push(instructions);
  const messages: ModelMessage[] = out.filter((m) => m.role !== 'system').map((m) => toModelMessage(m));
  if (messages.length === 0) return; // nothing to send (a log of system messages only)
  await generateText({
    model,
    messages,
    ...(system.length > 0 ? { instructions: system.join('\n\n') } : {}),
  });
}

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
          await send(await createSlidingWindowMemory({ memory, windowSize }).read());
          const tokenView = createTokenWindowMemory({ memory, maxTokens });
          const out = await tokenView.read().catch((e) => {
            expect(e.code).toBe('CONTEXT_OVERFLOW');
            return undefined;
          });
          if (out) await send(out);
          const summarizer = async () => 'what happened before';
          await send(
            await createSummarizingMemory({ memory, maxMessages, keepRecent: 3, summarizer }).read(),
          );
          const asInstructions = createSummarizingMemory({
            memory,
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
