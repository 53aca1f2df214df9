import type { UserContent } from 'ai';
import { describe, expect, it } from 'vitest';
import { scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { agent } from './agent.ts';
import { runBranches } from './run-branches.ts';

const empty: [string, string | UserContent][] = [
  ["''", ''],
  ['[]', []],
];

describe('run(prompt) with an empty prompt', () => {
  it.each(empty)(
    '%s: INVALID_ARGUMENT naming run(prompt); nothing stored, the model not called',
    async (_, prompt) => {
      const memory = createConversationMemory();
      await memory.store({ role: 'user', content: 'earlier' });
      const { model, prompts } = scriptedLanguageModel([{ text: 'hm?' }]);
      const error = await agent({ name: 'a', description: 'd', model })
        .run(prompt, undefined, { memory })
        .result.catch((e: unknown) => e);
      // Before: the run succeeded, storing an empty user message (which many providers refuse on every later call).
      expect(error).toEqual(
        expect.objectContaining({
          name: 'MemoryError',
          code: 'INVALID_ARGUMENT',
          message: expect.stringMatching(/run\(prompt\): prompt is empty/),
        }),
      );
      expect(prompts).toHaveLength(0);
      expect((await memory.read()).map((m) => m.content)).toEqual(['earlier']);
    },
  );

  it('a prompt of a file part alone, or text with a blank part beside it, runs', async () => {
    const { model } = scriptedLanguageModel([{ text: 'ok' }, { text: 'ok' }]);
    const a = agent({ name: 'a', description: 'd', model });
    const file: UserContent = [{ type: 'file', data: 'aGk=', mediaType: 'text/plain' }];
    expect((await a.run(file).result).text).toBe('ok');
    expect(
      (
        await a.run([
          { type: 'text', text: '' },
          { type: 'text', text: 'hi' },
        ]).result
      ).text,
    ).toBe('ok');
  });

  it('runBranches refuses a branch with an empty prompt before any branch runs', async () => {
    const memory = createConversationMemory();
    const { model, prompts } = scriptedLanguageModel([{ text: 'x' }]);
    const b = agent({ name: 'b', description: 'd', model });
    const error = await runBranches({
      memory,
      branches: [
        { agent: b, prompt: 'Go.' },
        { agent: b, prompt: '' },
      ],
    }).catch((e: unknown) => e);
    expect(error).toEqual(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/branches\[1\]\.prompt is empty/),
      }),
    );
    expect(prompts).toHaveLength(0);
    expect(await memory.read()).toEqual([]);
  });
});
