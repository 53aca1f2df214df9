import { describe, expect, it } from 'vitest';
import { scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { agent } from './agent.ts';
import type { AgentRunOptions } from './agent-types.ts';

const refused = (where: RegExp) =>
  expect.objectContaining({
    name: 'MemoryError',
    code: 'INVALID_ARGUMENT',
    message: expect.stringMatching(where),
  });

describe('run(prompt, context, options) refuses options it would misread, storing nothing', () => {
  it.each<[string, unknown, RegExp]>([
    ['null options', null, /run\(prompt, context, options\): options must be an object/],
    [
      'a misspelt abortsignal (the run could not be cancelled)',
      { abortsignal: new AbortController().signal },
      /options\.abortsignal: not an option/,
    ],
    ['an abortSignal that is no AbortSignal', { abortSignal: 'stop' }, /abortSignal must be an AbortSignal/],
    ['a from that is no string', { from: 5 }, /from must be a string/],
  ])('%s', async (_, options, where) => {
    const { model, prompts } = scriptedLanguageModel([{ text: 'hi' }]);
    const memory = createConversationMemory();
    const a = agent({ name: 'a', description: 'd', model, memory });
    await expect(a.run('Hello', undefined, options as AgentRunOptions).result).rejects.toEqual(
      refused(where),
    );
    expect(prompts).toHaveLength(0);
    expect(await memory.read()).toEqual([]);
  });
});
