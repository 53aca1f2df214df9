import { describe, expect, it } from 'vitest';
import { toAiSdkPrompt } from '../ai-sdk/to-ai-sdk-prompt.ts';
import { InvalidMessageError } from '../core/errors/invalid-message-error.ts';
import { expectMemoryError } from '../testing/fixtures.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { countPromptTokens } from '../tokens/token-counter.ts';
import { fromAnthropicMessages, toAnthropicMessages } from './anthropic-messages.ts';
import { toMemoryMessage, toMemoryMessages } from './from-model-message.ts';
import { formatForModel } from './multi-agent-format.ts';
import { fromOpenAIChatMessages, toOpenAIChatMessages } from './openai-chat.ts';
import { toModelMessage, toModelMessages } from './to-model-message.ts';
import { groupMessages } from './units.ts';
import { validateMessages } from './validate.ts';

const ok = { role: 'user', content: 'hi' };
const bad = { role: 'user', content: 5 };

/** Issue 21: every function that takes messages checks them and names the index and field of the first bad one. */
describe('functions that take messages answer bad ones with InvalidMessageError naming index and field', () => {
  const counter = createEstimateTokenCounter();
  const calls: [string, (messages: unknown) => unknown][] = [
    ['toModelMessages', (m) => toModelMessages(m as never)],
    ['toMemoryMessages', (m) => toMemoryMessages(m as never)],
    ['groupMessages', (m) => groupMessages(m as never)],
    ['toAnthropicMessages', (m) => toAnthropicMessages(m as never)],
    ['toOpenAIChatMessages', (m) => toOpenAIChatMessages(m as never)],
    ['formatForModel', (m) => formatForModel(m as never, { self: 'a' })],
    ['toAiSdkPrompt', (m) => toAiSdkPrompt(m as never)],
    ['countPromptTokens', (m) => countPromptTokens(counter, m as never)],
    ['fromOpenAIChatMessages', (m) => fromOpenAIChatMessages(m as never)],
    ['fromAnthropicMessages', (m) => fromAnthropicMessages({ messages: m } as never)],
  ];
  it.each(calls)('%s', async (_name, call) => {
    const error = await expectMemoryError(() => call([ok, bad]), 'INVALID_MESSAGE');
    expect(error).toBeInstanceOf(InvalidMessageError);
    expect((error as InvalidMessageError).location).toBe('messages[1]');
    expect((error as InvalidMessageError).issues[0]?.path).toBe('content');
    // Not an array, a hole, BigInts, symbols and a cycle: typed errors too, never a raw TypeError.
    const cyclic: Record<string, unknown> = { role: 'user' };
    cyclic.content = [cyclic];
    const holed = [ok, ok];
    delete holed[1];
    for (const input of [
      undefined,
      5n,
      Symbol('m'),
      'text',
      holed,
      [cyclic],
      [{ role: 'user', content: 1n }],
    ])
      await expectMemoryError(() => call(input), 'INVALID_MESSAGE');
  });

  it('toModelMessage / toMemoryMessage check their one message and the extras', async () => {
    await expectMemoryError(() => toModelMessage(bad as never), 'INVALID_MESSAGE');
    await expectMemoryError(() => toMemoryMessage(ok as never, { id: 5 } as never), 'INVALID_MESSAGE');
    await expectMemoryError(() => toMemoryMessage(ok as never, 5 as never), 'INVALID_ARGUMENT');
    expect(toMemoryMessage(ok as never, { id: 'm1' }).id).toBe('m1');
  });

  it('validateMessages refuses a location that is not a string', async () => {
    await expectMemoryError(() => validateMessages([], Object.create(null)), 'INVALID_ARGUMENT');
  });
});

describe('the provider converters refuse a tool call without input instead of changing it', () => {
  const call = { type: 'tool-call', toolCallId: 'c1', toolName: 'look' } as const;
  const converters: [string, (messages: never) => unknown][] = [
    ['toOpenAIChatMessages', toOpenAIChatMessages],
    ['toAnthropicMessages', toAnthropicMessages],
  ];
  it.each(converters)('%s', async (_name, convert) => {
    // OpenAI sent `{}` (read back as input {}); Anthropic a tool_use without the `input` the API requires.
    for (const part of [call, { ...call, input: undefined }]) {
      const messages = [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: [{ type: 'text', text: 'looking' }, part] },
      ];
      const error = await expectMemoryError(() => convert(messages as never), 'INVALID_ARGUMENT');
      expect(error).toMatchObject({ path: 'messages[1].content[1].input' });
    }
    expect(() => convert([{ role: 'assistant', content: [{ ...call, input: {} }] }] as never)).not.toThrow();
  });
});
