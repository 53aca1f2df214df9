import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { call, memoryWith, result, say, user } from '../../test-support/view-helpers.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { toMemoryMessage } from '../messages/from-model-message.ts';
import { expectMemoryError } from '../testing/fixtures.ts';
import { createSummarizingMemory } from '../views/summarizing-memory.ts';
import {
  createLanguageModelSummarizer,
  defaultSummaryPrompt,
  formatTranscript,
} from './language-model-summarizer.ts';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};
const textModel = (text: string) =>
  new MockLanguageModelV4({
    doGenerate: async () => ({
      content: [{ type: 'text', text }],
      finishReason: { unified: 'stop', raw: undefined },
      usage,
      warnings: [],
    }),
  });

describe('createLanguageModelSummarizer', () => {
  it('sends the instructions, the previous summary and only the new messages to the model', async () => {
    const model = textModel('The user asked about Tokyo weather: sunny.');
    const summarizer = createLanguageModelSummarizer({ model, maxOutputTokens: 200 });
    const messages = [
      user('weather in tokyo?'),
      call('c1'),
      result('c1', 'sunny, 24C'),
      say('It is sunny.'),
    ].map((m) => toMemoryMessage(m));
    const text = await summarizer({ previousSummary: 'Earlier: greetings.', messages });
    expect(text).toBe('The user asked about Tokyo weather: sunny.');
    const [options] = model.doGenerateCalls;
    expect(options!.maxOutputTokens).toBe(200);
    expect(options!.prompt[0]).toEqual({ role: 'system', content: defaultSummaryPrompt });
    const prompt = JSON.stringify(options!.prompt[1]);
    expect(prompt).toContain('Summary so far:\\nEarlier: greetings.');
    expect(prompt).toContain('user: weather in tokyo?');
    expect(prompt).toContain('[called search({\\"q\\":\\"c1\\"})]');
    expect(prompt).toContain('[search returned sunny, 24C]');
  });

  it('wraps model errors as SUMMARIZER_ERROR with the cause', async () => {
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        throw new Error('provider down');
      },
    });
    const error = await createLanguageModelSummarizer({ model })({
      messages: [toMemoryMessage(user('hi'))],
    }).catch((e) => e);
    expect(MemoryError.hasCode(error, 'SUMMARIZER_ERROR')).toBe(true);
    expect(error.message).toContain('provider down');
    expect(error.cause).toBeDefined();
  });

  it('drives a summarizing memory', async () => {
    const model = textModel('summary text');
    const memory = await memoryWith([user('q0'), say('a0'), user('q1'), say('a1'), user('q2'), say('a2')]);
    const view = createSummarizingMemory({
      conversation: memory,
      maxMessages: 3,
      keepRecent: 2,
      summarizer: createLanguageModelSummarizer({ model }),
    });
    const out = await view.read();
    expect(out[0]!.content).toBe('[Summary of earlier conversation: summary text]');
    expect(out).toHaveLength(3);
    expect(model.doGenerateCalls).toHaveLength(1);
    await view.read();
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it('formats long tool payloads shortened', () => {
    const text = formatTranscript([toMemoryMessage(result('c', 'x'.repeat(50)))], 10);
    expect(text).toBe('tool: [search returned xxxxxxxxxx… (40 more characters)]');
  });

  it('refuses a misspelt option (promt: summaries with the default prompt) naming it', async () => {
    const model = new MockLanguageModelV4();
    const make = () => createLanguageModelSummarizer({ model, promt: 'Keep names.' } as never);
    const error = await expectMemoryError(make, 'INVALID_ARGUMENT');
    expect(error.message).toMatch(/createLanguageModelSummarizer\(options\)\.promt: not an option/);
  });
});
