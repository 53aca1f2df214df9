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

  it('refuses a misspelt option (instruction: sent without the system prompt) naming it', () => {
    expect(() => toAiSdkPrompt([], { instruction: 'Be brief.' } as never)).toThrow(
      /toAiSdkPrompt\(options\)\.instruction: not an option/,
    );
  });

  it('leaves instructions undefined when there is no system text', () => {
    expect(toAiSdkPrompt([{ role: 'user', content: 'hi' }]).instructions).toBeUndefined();
  });

  it('leaves out what a model refuses: a result whose call was deleted, a call left without its result', async () => {
    const memory = createConversationMemory();
    const call = (id: string) => ({
      role: 'assistant' as const,
      content: [{ type: 'tool-call' as const, toolCallId: id, toolName: 'weather', input: {} }],
    });
    const result = (id: string) => ({
      role: 'tool' as const,
      content: [
        {
          type: 'tool-result' as const,
          toolCallId: id,
          toolName: 'weather',
          output: { type: 'text' as const, value: id },
        },
      ],
    });
    await memory.store([
      { role: 'user', content: 'one' },
      call('gone'),
      result('gone'),
      { role: 'user', content: 'two' },
      call('unanswered'),
      result('unanswered'),
      { role: 'user', content: 'three' },
      call('running'),
    ]);
    const stored = await memory.read();
    await memory.delete(stored[1]!.id); // the call of 'gone'
    await memory.delete(stored[5]!.id); // the result of 'unanswered'
    const { messages } = toAiSdkPrompt(await memory.read());
    expect(messages.map((m) => (typeof m.content === 'string' ? m.content : m.role))).toEqual([
      'one',
      'two',
      'three',
      'assistant', // the newest call, still running, is kept
    ]);
    const model = new MockLanguageModelV4({
      doGenerate: async () => ({
        content: [{ type: 'text', text: 'ok' }],
        finishReason: { unified: 'stop', raw: undefined },
        usage,
        warnings: [],
      }),
    });
    // Without the running call (its result comes in the same step), the AI SDK takes the rest.
    await expect(generateText({ model, messages: messages.slice(0, -1) })).resolves.toBeDefined();
  });
});
