import { isStepCount, jsonSchema, type ModelMessage, tool } from 'ai';
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

describe('runBranches: the default merge never splits a tool call from its result', () => {
  const lookup = tool({
    description: 'Looks something up',
    inputSchema: jsonSchema<{ q: string }>({ type: 'object', properties: { q: { type: 'string' } } }),
    execute: async ({ q }) => `found ${q}`,
  });

  it('a branch stopped after a step with tool calls merges its prompt alone; the next run on memory works', async () => {
    const memory = createConversationMemory();
    await memory.store({ role: 'user', content: 'shared history' });
    const { model } = scriptedLanguageModel([{ toolCalls: [{ toolName: 'lookup', input: { q: 'x' } }] }]);
    const researcher = agent({
      name: 'researcher',
      description: 'looks up',
      model,
      tools: { lookup },
      stopWhen: isStepCount(1),
    });
    const { model: other } = scriptedLanguageModel([{ text: 'con: slow' }]);
    const con = agent({ name: 'con', description: 'argues against', model: other });
    await runBranches({
      memory,
      branches: [
        { agent: researcher, prompt: 'Look it up.' },
        { agent: con, prompt: 'Argue against.' },
      ],
    });
    const merged = await memory.read();
    // Before: the researcher's assistant message with its tool call, stored without the call's result.
    expect(JSON.stringify(merged)).not.toContain('tool-call');
    expect(merged.map((m) => m.content)).toEqual([
      'shared history',
      'Look it up.',
      'Argue against.',
      [{ type: 'text', text: 'con: slow' }],
    ]);
    // Before: every later run on the memory rejected with the AI SDK's MissingToolResultsError.
    const { model: next } = scriptedLanguageModel([{ text: 'summed up' }]);
    const run = agent({ name: 'lead', description: 'sums up', model: next }).run('Sum up.', undefined, {
      memory,
    });
    expect((await run.result).text).toBe('summed up');
  });

  it('an answer with text and tool calls keeps its text only', async () => {
    const memory = createConversationMemory();
    const { model } = scriptedLanguageModel([]);
    const branch = agent({ name: 'b', description: 'd', model });
    const results = await runBranches({
      memory,
      branches: [{ agent: branch, prompt: 'Go.' }],
      merge: () => [],
    });
    const result = results[0]!.result;
    const appended: ModelMessage[] = [
      { role: 'user', content: 'Go.' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'checking' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: { q: 'x' } },
        ],
      },
    ];
    const fake = {
      ...branch,
      run: () => ({ stream: (async function* () {})(), result: Promise.resolve({ ...result, appended }) }),
    };
    await runBranches({ memory, branches: [{ agent: fake, prompt: 'Go.' }] });
    expect((await memory.read()).map((m) => m.content)).toEqual([
      'Go.',
      [{ type: 'text', text: 'checking' }],
    ]);
  });
});
