import { generateText } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createTokenWindowMemory } from '../views/token-window-memory.ts';
import { toAiSdkPrompt } from './to-ai-sdk-prompt.ts';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

describe('toAiSdkPrompt', () => {
  it('moves system messages to instructions and strips engram fields, so generateText accepts a view', async () => {
    const memory = createConversationMemory();
    await memory.store([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather?' },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: {} }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'weather',
            output: { type: 'text', value: 'sunny' },
          },
        ],
      },
      { role: 'system', content: 'Answer in French.' },
    ]);
    const view = createTokenWindowMemory({ conversation: memory, maxTokens: 10_000 });
    const prompt = toAiSdkPrompt(await view.read(), { instructions: 'You are engram.' });
    expect(prompt.instructions).toBe('You are engram.\n\nBe brief.\n\nAnswer in French.');
    expect(prompt.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(prompt.messages.every((m) => !('id' in m))).toBe(true);
    let seen: unknown;
    const model = new MockLanguageModelV4({
      doGenerate: async (options) => {
        seen = options.prompt;
        return {
          content: [{ type: 'text', text: 'Il fait beau.' }],
          finishReason: { unified: 'stop', raw: undefined },
          usage,
          warnings: [],
        };
      },
    });
    const result = await generateText({ model, ...prompt });
    expect(result.text).toBe('Il fait beau.');
    expect((seen as { role: string }[]).map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
  });

  it('leaves instructions undefined when there is no system text', () => {
    expect(toAiSdkPrompt([{ role: 'user', content: 'hi' }]).instructions).toBeUndefined();
  });
});
