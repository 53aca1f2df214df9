/** Shapes the AI SDK produces that every view and `toAiSdkPrompt` must send as they are. */
import { generateText, type ModelMessage, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { user } from '../../test-support/view-helpers.ts';
import { toAiSdkPrompt } from '../ai-sdk/to-ai-sdk-prompt.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createTokenWindowMemory } from './token-window-memory.ts';

const counter = createTokenCounter();
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** What the AI SDK itself stores for a provider-executed call its `toolApproval` policy denies. */
async function deniedProviderCall(): Promise<ModelMessage[]> {
  const model = new MockLanguageModelV4({
    doGenerate: async () =>
      ({
        content: [
          { type: 'text', text: 'I will delete the repository.' },
          {
            type: 'tool-call',
            toolCallId: 'mcp_1',
            toolName: 'mcp.delete_repo',
            input: '{}',
            providerExecuted: true,
          },
        ],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      }) as never,
  });
  const out = await generateText({
    model,
    prompt: [{ role: 'user', content: 'delete the repo' }],
    tools: { 'mcp.delete_repo': tool({ inputSchema: z.object({}) }) },
    toolApproval: { 'mcp.delete_repo': 'denied' },
  });
  return out.response.messages;
}

describe('steps the AI SDK itself produces are sent whole', () => {
  it('a denied provider-executed call (its result answers a call the step does not leave open) is sent, not dropped', async () => {
    const response = await deniedProviderCall();
    // The SDK's own shape: the tool message answers the approval and gives the denial result of the provider call.
    expect(response.map((m) => m.role)).toEqual(['assistant', 'tool']);
    const log: ModelMessage[] = [user('delete the repo'), ...response, user('why not?')];
    // The AI SDK accepts this prompt as is (its own next step sends it).
    const seen: unknown[] = [];
    const echo = new MockLanguageModelV4({
      doGenerate: async (o) => {
        seen.push(o.prompt);
        return {
          content: [{ type: 'text', text: 'ok' }],
          finishReason: { unified: 'stop', raw: undefined },
          usage,
          warnings: [],
        } as never;
      },
    });
    await generateText({ model: echo, messages: log });
    expect(JSON.stringify(seen)).toContain('execution-denied');
    // engram sends the whole step (5bd3cb0 dropped it as strays: the model never learned of the denial).
    const prompt = toAiSdkPrompt(log);
    expect(prompt.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'user']);
    const memory = createConversationMemory({ counter });
    await memory.store(log);
    const window = createTokenWindowMemory({ conversation: memory, maxTokens: 10_000 });
    expect((await window.read()).map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'user']);
  });
});
