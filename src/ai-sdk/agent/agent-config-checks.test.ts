import { jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createLongTermMemory } from '../../longterm/create-long-term-memory.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { agent } from './agent.ts';
import type { AgentConfig } from './agent-types.ts';
import { createAgent } from './create-agent.ts';

const lookup = tool({
  description: 'Looks a thing up',
  inputSchema: jsonSchema<Record<string, never>>({ type: 'object', properties: {} }),
  execute: async () => 'found',
});
const base = () => ({
  name: 'a',
  description: 'd',
  model: scriptedLanguageModel([{ toolCalls: [{ toolName: 'lookup', input: {} }] }, { text: 'ok' }]).model,
});
/** A typed INVALID_ARGUMENT naming `where`. */
const refused = (where: RegExp) =>
  expect.objectContaining({
    name: 'MemoryError',
    code: 'INVALID_ARGUMENT',
    message: expect.stringMatching(where),
  });

describe('agent(config) and createAgent(options) refuse a config they would misread', () => {
  it.each<[string, Record<string, unknown>, RegExp]>([
    [
      'a misspelt key (instruction)',
      { instruction: 'Be brief.' },
      /agent\(config\)\.instruction: not an option/,
    ],
    ['a misspelt key (stopwhen)', { stopwhen: () => true }, /agent\(config\)\.stopwhen: not an option/],
    ['a stopWhen that is no condition', { stopWhen: 5 }, /agent\(config\): stopWhen/],
    ['a stopWhen array holding no condition', { stopWhen: [null] }, /agent\(config\): stopWhen\[0\]/],
    ['tools that are no object of tools', { tools: 'lookup' }, /agent\(config\): tools/],
    ['a tool that is null', { tools: { lookup: null } }, /agent\(config\): tools\.lookup/],
    ['instructions that are no string', { instructions: 42 }, /agent\(config\): instructions/],
    ['an unknown memoryPlacement', { memoryPlacement: 'system' }, /agent\(config\): memoryPlacement/],
    ['a recordAssembly of the wrong type', { recordAssembly: 'yes' }, /agent\(config\): recordAssembly/],
    [
      'a misspelt recordAssembly key (kep)',
      { recordAssembly: { kep: 5 } },
      /agent\(config\)\.recordAssembly\.kep: not an option/,
    ],
    [
      "a memory inside recordAssembly (it would replace the view's conversation)",
      { recordAssembly: { memory: {} } },
      /agent\(config\)\.recordAssembly\.memory: not an option/,
    ],
    [
      "a misspelt longTermMemory key (mod: the agent ran in 'static' mode)",
      { longTermMemory: { memory: createLongTermMemory({ scope: { tenant: 't' } }), mod: 'agent' } },
      /agent\(config\)\.longTermMemory\.mod: not an option of agent\(config\)\.longTermMemory/,
    ],
    ['a componentName that is no string', { componentName: 7 }, /agent\(config\): componentName/],
    // Taken, then recalled from at the first run: a raw TypeError reading its memory.
    [
      'a longTermMemory that is a number',
      { longTermMemory: 7 },
      /agent\(config\)\.longTermMemory must be false or an object, got 7/,
    ],
  ])('%s is INVALID_ARGUMENT at agent(), before any step runs', (_, extra, where) => {
    expect(() => agent({ ...base(), tools: { lookup }, ...extra } as unknown as AgentConfig)).toThrow(
      refused(where),
    );
  });

  it('a stopWhen that is no condition used to fail the run with a raw TypeError after its first step was stored', async () => {
    const memory = createConversationMemory();
    let error: unknown;
    try {
      await agent({ ...base(), tools: { lookup }, stopWhen: 5 as never }).run('Go', undefined, { memory })
        .result;
    } catch (e) {
      error = e;
    }
    expect(MemoryError.isInstance(error), String(error)).toBe(true);
    expect(await memory.read()).toEqual([]);
  });

  it('a longTermMemory of false is none, as it was (createAgent documents it; agent() took it alike)', async () => {
    const run = agent({ ...base(), tools: { lookup }, longTermMemory: false as never }).run('Go');
    expect((await run.result).text).toBe('ok');
  });

  it('createAgent: a misspelt sessionId is refused, not replaced by the default session', () => {
    const store = createMemoryStore();
    expect(() =>
      createAgent({ model: base().model, store, scope: { tenant: 't' }, sesionId: 'chat-2' } as never),
    ).toThrow(refused(/createAgent\(options\)\.sesionId: not an option/));
    expect(() =>
      createAgent({ model: base().model, store, scope: { tenant: 't' }, maxToken: 500 } as never),
    ).toThrow(refused(/createAgent\(options\)\.maxToken: not an option/));
    // agent()'s memory and content store are what createAgent builds from the store: giving them is refused.
    for (const key of ['memory', 'contentStore'])
      expect(() =>
        createAgent({ model: base().model, store, scope: { tenant: 't' }, [key]: {} } as never),
      ).toThrow(refused(new RegExp(`createAgent\\(options\\)\\.${key}: not an option`)));
    // Nested: a misspelt mode, and a memory (createAgent makes it; one given was replaced without a word); the
    // error names createAgent, not the agent() it calls.
    const nested: [string, Record<string, unknown>][] = [
      ['longTermMemory.mod', { longTermMemory: { mod: 'agent' } }],
      ['longTermMemory.memory', { longTermMemory: { memory: {} } }],
      ['recordAssembly.kep', { recordAssembly: { kep: 2 } }],
    ];
    for (const [path, extra] of nested)
      expect(() =>
        createAgent({ model: base().model, store, scope: { tenant: 't' }, ...extra } as never),
      ).toThrow(refused(new RegExp(`createAgent\\(options\\)\\.${path.replace('.', '\\.')}: not an option`)));
  });

  it('every documented option is still taken', () => {
    const store = createMemoryStore();
    expect(() =>
      createAgent({
        model: base().model,
        store,
        scope: { tenant: 't' },
        sessionId: 's',
        name: 'n',
        description: 'd',
        maxTokens: 1000,
        context: 'citations',
        longTermMemory: { mode: 'both', recallTokens: 100 },
        instructions: 'i',
        tools: { lookup },
        memoryPlacement: 'user',
        stopWhen: [() => false],
        componentName: 'c',
        memoryRetention: 'session',
        recordAssembly: { keep: 3 },
      }),
    ).not.toThrow();
  });
});
