import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedLanguageModel, unansweredToolCalls } from '../../../test-support/scripted-language-model.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { agent } from './agent.ts';
import type { AgentEvent } from './agent-types.ts';

const cyclic = () => {
  const o: Record<string, unknown> = { name: 'loop' };
  o.self = o;
  return o;
};

/** Runs an agent whose `odd` tool returns `output`: the model calls it once, then answers. */
async function runWith(execute: () => unknown, extra: Record<string, unknown> = {}) {
  const odd = tool({ description: 'Returns something odd', inputSchema: z.object({}), execute, ...extra });
  const { model, prompts } = scriptedLanguageModel([
    { toolCalls: [{ toolName: 'odd', input: {} }] },
    { text: 'Sorry.' },
  ]);
  const memory = createConversationMemory();
  const run = agent({ name: 'a', description: 'd', model, tools: { odd } }).run('Go', undefined, { memory });
  const events: AgentEvent[] = [];
  const read = (async () => {
    for await (const e of run.stream) events.push(e);
  })();
  const result = await run.result;
  await read;
  return { result, events, prompts, memory };
}

describe('a tool whose result the AI SDK cannot serialize (as JSON)', () => {
  it.each<[string, () => unknown, RegExp]>([
    ['a BigInt', async () => ({ count: 10n }), /BigInt/],
    ['a cyclic object', async () => cyclic(), /circular/],
    [
      'a toJSON that throws',
      async () => ({
        toJSON() {
          throw new Error('not today');
        },
      }),
      /not today/,
    ],
    [
      // Before: building the error's text (String() of a value without a prototype) threw a raw TypeError.
      'a toJSON that throws an object without a prototype',
      async () => ({
        toJSON() {
          throw Object.create(null);
        },
      }),
      /\(an object\)/,
    ],
    [
      'a stream of results, one of them a BigInt',
      async function* () {
        yield 'working';
        yield { count: 10n };
      },
      /BigInt/,
    ],
  ])(
    '%s: a tool error naming the tool, which the model sees, as for a tool that throws',
    async (_, execute, why) => {
      // Before: the run rejected with the AI SDK's raw TypeError ("Do not know how to serialize a BigInt"), after the
      // tool-result event, and nothing of the step was stored.
      const { result, events, prompts, memory } = await runWith(execute);
      const failed = events.find((e) => e.type === 'tool-error');
      expect(failed).toMatchObject({
        toolName: 'odd',
        error: expect.stringMatching(/tool odd returned a result/),
      });
      expect(failed?.type === 'tool-error' && failed.error).toMatch(why);
      expect(JSON.stringify(prompts[1])).toContain('tool odd returned a result that cannot be sent as JSON');
      expect(unansweredToolCalls(prompts[1]!)).toEqual([]);
      expect(result.text).toBe('Sorry.');
      const stored = await memory.read();
      expect(stored.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
      expect(JSON.stringify(stored[2])).toContain('error-text');
    },
  );

  it('a result JSON takes (a Date, a class instance, undefined) and one a toModelOutput shapes are left as they are', async () => {
    const when = new Date('2026-01-02T03:04:05.000Z');
    class Row {
      id: number;
      constructor(id: number) {
        this.id = id;
      }
    }
    const plain = await runWith(async () => ({ when, row: new Row(7), missing: undefined }));
    expect(plain.events.find((e) => e.type === 'tool-error')).toBeUndefined();
    expect(JSON.stringify(plain.prompts[1])).toContain('{"when":"2026-01-02T03:04:05.000Z","row":{"id":7}}');
    const shaped = await runWith(async () => ({ count: 10n }), {
      toModelOutput: ({ output }: { output: { count: bigint } }) => ({
        type: 'text',
        value: `count ${output.count}`,
      }),
    });
    expect(shaped.events.find((e) => e.type === 'tool-error')).toBeUndefined();
    expect(JSON.stringify(shaped.prompts[1])).toContain('count 10');
  });
});
