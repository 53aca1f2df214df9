import { type ModelMessage, streamText, ToolLoopAgent } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { lookupTools, unansweredToolCalls } from '../../test-support/scripted-language-model.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { agent } from './agent/agent.ts';
import { closeFailedStep, failedCallText } from './failed-step.ts';
import { memoryPrepareStep } from './memory-prepare-step.ts';
import { withMemory } from './with-memory.ts';

const tools = lookupTools();

/** A model whose stream carries a tool call, then fails (a provider error mid-step), before the step's finish. */
const failingAfterCall = () =>
  new MockLanguageModelV4({
    doStream: async () => ({
      stream: convertArrayToReadableStream([
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Looking it up.' },
        { type: 'text-end', id: 't' },
        { type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: '{"word":"ada"}' },
        { type: 'error', error: new Error('provider broke') },
      ]),
    }),
  });

/** Every tool call in memory has its result, and a next `agent()` run on it reaches its model. */
async function expectWholeCalls(memory: ReturnType<typeof createConversationMemory>) {
  const stored = (await memory.read()) as ModelMessage[];
  expect(unansweredToolCalls(stored as never)).toEqual([]);
  expect(JSON.stringify(stored)).toContain(failedCallText);
  // Before: the next run rejected with the AI SDK's MissingToolResultsError (the stored call had no result).
  const next = new MockLanguageModelV4({
    doStream: async () => ({
      stream: convertArrayToReadableStream([
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'fine' },
        { type: 'text-end', id: 't' },
        {
          type: 'finish',
          finishReason: { unified: 'stop', raw: undefined },
          usage: {
            inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
            outputTokens: { total: 1, text: 1, reasoning: 0 },
          },
        },
      ]),
    }),
  });
  const run = agent({ name: 'a', description: 'd', model: next, tools }).run('Again.', undefined, { memory });
  expect((await run.result).text).toBe('fine');
}

async function drain(stream: { fullStream: AsyncIterable<unknown> }) {
  for await (const _ of stream.fullStream);
}

describe('a stream that fails after a tool call part never stores the call without its result', () => {
  it('withMemory over agent settings', async () => {
    // The AI SDK reports a stream's error to console.error when the caller gives no onError: kept out of the log.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const memory = createConversationMemory();
    const wrapped = withMemory({ model: failingAfterCall(), tools, maxRetries: 0 }, { memory });
    await drain(await wrapped.stream({ prompt: 'Define ada.' }));
    await wrapped.settled();
    await expectWholeCalls(memory);
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/provider broke/);
    logged.mockRestore();
  });

  it('withMemory over an existing ToolLoopAgent', async () => {
    // The AI SDK reports a stream's error to console.error when the caller gives no onError: kept out of the log.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const memory = createConversationMemory();
    const inner = new ToolLoopAgent({ model: failingAfterCall(), tools, maxRetries: 0 });
    const wrapped = withMemory(inner, { memory });
    await drain(await wrapped.stream({ prompt: 'Define ada.' }));
    await wrapped.settled();
    await expectWholeCalls(memory);
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/provider broke/);
    logged.mockRestore();
  });

  it('memoryPrepareStep with streamText, finished with the stream finishReason', async () => {
    const memory = createConversationMemory();
    const prepareStep = memoryPrepareStep({ view: memory });
    const result = streamText({
      model: failingAfterCall(),
      tools,
      prompt: 'Define ada.',
      prepareStep,
      maxRetries: 0,
      onError: () => undefined,
    });
    await drain(result);
    await prepareStep.finish({
      responseMessages: result.responseMessages,
      finishReason: result.finishReason,
    });
    await expectWholeCalls(memory);
  });
});

const call = (id: string): ModelMessage => ({
  role: 'assistant',
  content: [{ type: 'tool-call', toolCallId: id, toolName: 't', input: {} }],
});
const result = (id: string) => ({
  type: 'tool-result' as const,
  toolCallId: id,
  toolName: 't',
  output: { type: 'text' as const, value: 'r' },
});

describe('closeFailedStep', () => {
  it("answers only a failed run's open calls: not an approval's, not a run that ended otherwise", () => {
    const asking: ModelMessage = {
      role: 'assistant',
      content: [
        { type: 'tool-call', toolCallId: 'a', toolName: 't', input: {} },
        { type: 'tool-approval-request', approvalId: 'p', toolCallId: 'a' },
      ],
    };
    expect(closeFailedStep([asking], 'error')).toEqual([asking]);
    expect(closeFailedStep([call('c')], 'tool-calls')).toEqual([call('c')]);
    expect(closeFailedStep([call('c')], undefined)).toEqual([call('c')]);
  });

  it('property: after a failed run every call of the last step has exactly one result, the given ones kept', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1 }),
        fc.boolean(),
        (ids, withTool) => {
          const answered = ids.filter((_, i) => i % 2 === 0);
          const messages: ModelMessage[] = [
            {
              role: 'assistant',
              content: ids.map((id) => ({
                type: 'tool-call' as const,
                toolCallId: id,
                toolName: 't',
                input: {},
              })),
            },
            ...(withTool && answered.length > 0
              ? [{ role: 'tool' as const, content: answered.map(result) }]
              : []),
          ];
          const before = structuredClone(messages);
          const closed = closeFailedStep(messages, 'error');
          expect(messages).toEqual(before);
          const results = closed.flatMap((m) =>
            m.role === 'tool' ? m.content.flatMap((p) => (p.type === 'tool-result' ? [p] : [])) : [],
          );
          expect(results.map((r) => r.toolCallId).sort()).toEqual([...ids].sort());
          expect(closed.filter((m) => m.role === 'tool')).toHaveLength(1);
          for (const id of withTool ? answered : [])
            expect(results.find((r) => r.toolCallId === id)?.output).toEqual({ type: 'text', value: 'r' });
        },
      ),
    );
  });
});
