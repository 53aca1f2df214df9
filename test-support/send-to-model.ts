import { generateText, type ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { MemoryMessage } from '../src/core/message.ts';
import { toModelMessage } from '../src/messages/to-model-message.ts';
import { checkPairs } from '../src/testing/view-invariants.ts';

const model = new MockLanguageModelV4({
  // The provider takes every http(s) URL itself, so a file part with a URL is checked, not downloaded.
  supportedUrls: { '*/*': [/^https?:/] },
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

/** Whether AI SDK v7 `generateText` sends `messages` to the mock model without throwing. */
export async function modelAccepts(messages: ModelMessage[]): Promise<boolean> {
  return generateText({ model, messages }).then(
    () => true,
    () => false,
  );
}

/**
 * Test helper: sends a view's output as an agent does (system messages to `instructions`, the rest to
 * `messages`) through AI SDK v7 `generateText` with a mock model, after the stricter pairing check; throws
 * whatever the SDK throws (MissingToolResultsError, InvalidPromptError, …).
 */
export async function sendToModel(out: readonly MemoryMessage[], instructions?: string): Promise<void> {
  checkPairs(out); // stricter than generateText, which lets orphaned tool results through (providers reject them)
  const system = out.filter((m) => m.role === 'system').map((m) => m.content as string);
  if (instructions) system.push(instructions);
  const messages: ModelMessage[] = out.filter((m) => m.role !== 'system').map((m) => toModelMessage(m));
  if (messages.length === 0) return;
  await generateText({
    model,
    messages,
    ...(system.length > 0 ? { instructions: system.join('\n\n') } : {}),
  });
}
