import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { agent } from './agent.ts';
import { runBranches } from './run-branches.ts';

/** One branch answering `pro: fast`, over a memory holding one message. */
async function oneBranch() {
  const memory = createConversationMemory();
  await memory.store({ role: 'user', content: 'shared history' });
  const { model } = scriptedLanguageModel([{ text: 'pro: fast' }]);
  const pro = agent({ name: 'pro', description: 'argues for', model });
  return { memory, branches: [{ agent: pro, prompt: 'Argue for.' }] };
}

describe('runBranches: a merge rule that returns no array of messages (hunt)', () => {
  it.each<[string, unknown]>([
    ['nothing (a block body without return)', undefined],
    ['null', null],
    [
      'one message instead of an array of them (merged nothing, without a word)',
      { role: 'assistant', content: 'x' },
    ],
    ['a number', 3],
  ])('%s: INVALID_ARGUMENT naming merge and what it returned, memory unchanged', async (_, returned) => {
    const { memory, branches } = await oneBranch();
    const error = await runBranches({ memory, branches, merge: () => returned as ModelMessage[] }).catch(
      (e: unknown) => e,
    );
    expect(error).toEqual(
      expect.objectContaining({
        name: 'MemoryError',
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/runBranches\(options\): merge must return an array of messages/),
      }),
    );
    expect((await memory.read()).map((m) => m.content)).toEqual(['shared history']);
  });

  it('an empty array merges nothing, as before', async () => {
    const { memory, branches } = await oneBranch();
    const results = await runBranches({ memory, branches, merge: async () => [] });
    expect(results.map((r) => r.result.text)).toEqual(['pro: fast']);
    expect((await memory.read()).map((m) => m.content)).toEqual(['shared history']);
  });
});
