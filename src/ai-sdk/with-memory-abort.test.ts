import { jsonSchema, type ModelMessage, stepCountIs, ToolLoopAgent, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { scriptedLanguageModel, unansweredToolCalls } from '../../test-support/scripted-language-model.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { withMemory } from './with-memory.ts';

/**
 * An existing ToolLoopAgent looking up `a` (a finished step: its call and result), then `b`, during which the
 * caller stops the call: the step in flight (its call, its result not yet given) never finishes.
 */
function stoppedInSecondStep() {
  const stop = new AbortController();
  const lookup = tool({
    description: 'Looks a word up.',
    inputSchema: jsonSchema<{ word: string }>({ type: 'object', properties: { word: { type: 'string' } } }),
    execute: async ({ word }) => {
      if (word === 'b') stop.abort();
      return `${word}: found`;
    },
  });
  const { model, prompts } = scriptedLanguageModel([
    { toolCalls: [{ toolName: 'lookup', input: { word: 'a' } }] },
    { toolCalls: [{ toolName: 'lookup', input: { word: 'b' } }] },
    { text: 'never' },
  ]);
  const agent = new ToolLoopAgent({ model, tools: { lookup }, stopWhen: stepCountIs(5) });
  return { stop, agent, prompts };
}

/** Each stored message in short: `role:part|part` (tool results by their output). */
const shapes = (messages: readonly ModelMessage[]) =>
  messages.map((m) =>
    typeof m.content === 'string'
      ? `${m.role}:${m.content}`
      : `${m.role}:${m.content
          .map((p) =>
            p.type === 'tool-result' ? `result ${JSON.stringify(p.output)}` : 'text' in p ? p.text : p.type,
          )
          .join('|')}`,
  );

describe('withMemory over an existing agent: a call the caller stopped (abortSignal)', () => {
  it('stream: the steps that finished before the stop are stored, each call with its result', async () => {
    const memory = createConversationMemory();
    const { stop, agent } = stoppedInSecondStep();
    const wrapped = withMemory(agent, { memory });
    let ends = 0;
    const stream = await wrapped.stream({
      prompt: 'Look up a, then b.',
      abortSignal: stop.signal,
      onStepEnd: () => {
        ends++;
      },
    });
    for await (const _ of stream.fullStream);
    await wrapped.settled();
    expect(ends).toBe(1); // the caller's own onStepEnd still runs
    const stored = await memory.read();
    // Before: only the prompt (the SDK never calls onEnd for a stopped stream, and only onEnd stored).
    expect(shapes(stored)).toEqual([
      'user:Look up a, then b.',
      'assistant:tool-call',
      'tool:result {"type":"text","value":"a: found"}',
    ]);
    // The next call sees them, and no call without its result.
    const next = scriptedLanguageModel([{ text: 'a was found' }]);
    const again = withMemory(new ToolLoopAgent({ model: next.model }), { memory });
    await again.generate({ prompt: 'And?' });
    expect(unansweredToolCalls(next.prompts[0]!)).toEqual([]);
    expect(JSON.stringify(next.prompts[0])).toContain('a: found');
  });

  it('generate: the steps that finished are stored as it rejects (generateText finishes the step whose tool ran)', async () => {
    const memory = createConversationMemory();
    const { stop, agent } = stoppedInSecondStep();
    const wrapped = withMemory(agent, { memory });
    await expect(
      wrapped.generate({ prompt: 'Look up a, then b.', abortSignal: stop.signal }),
    ).rejects.toThrow();
    await wrapped.settled();
    // Before: only the prompt (the result never came, and only the result was stored).
    expect(shapes(await memory.read())).toEqual([
      'user:Look up a, then b.',
      'assistant:tool-call',
      'tool:result {"type":"text","value":"a: found"}',
      'assistant:tool-call',
      'tool:result {"type":"text","value":"b: found"}',
    ]);
  });

  it('a stop after the stream ended stores nothing twice', async () => {
    const memory = createConversationMemory();
    const stop = new AbortController();
    const { model } = scriptedLanguageModel([{ text: 'hello' }]);
    const wrapped = withMemory(new ToolLoopAgent({ model }), { memory });
    await (await wrapped.stream({ prompt: 'Hi', abortSignal: stop.signal })).consumeStream();
    await wrapped.settled();
    stop.abort();
    await wrapped.settled();
    expect(shapes(await memory.read())).toEqual(['user:Hi', 'assistant:hello']);
  });
});
