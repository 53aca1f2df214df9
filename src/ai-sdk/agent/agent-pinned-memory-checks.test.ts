import { describe, expect, it } from 'vitest';
import { scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createCoreMemory } from '../../working/core-memory.ts';
import { createWorkingMemory } from '../../working/working-memory.ts';
import { agent } from './agent.ts';
import type { AgentConfig } from './agent-types.ts';
import { createAgent } from './create-agent.ts';

const model = () => scriptedLanguageModel([{ text: 'ok' }]).model;
const scope = { tenant: 't' };

/**
 * Working memory and core memory given as something else: falsy ones (`cond && memory`) were skipped when the tools
 * were made, objects without render() passed the tools' checks; each run then failed with a raw TypeError
 * (`config.workingMemory?.render is not a function`) when its first step rendered the pinned memory.
 */
const wrong: [string, 'workingMemory' | 'coreMemory', unknown][] = [
  ['a working memory of false (cond && memory)', 'workingMemory', false],
  ["a working memory of ''", 'workingMemory', ''],
  ['a working memory of 0', 'workingMemory', 0],
  ['a working memory without render()', 'workingMemory', { update: async () => undefined }],
  ['a core memory of false', 'coreMemory', false],
  [
    'a core memory without render()',
    'coreMemory',
    { append: async () => 1, replace: async () => 1, insert: async () => 1, rethink: async () => 1 },
  ],
];

describe('agent(config) and createAgent(options) check workingMemory and coreMemory (hunt)', () => {
  it.each(wrong)(
    '%s: INVALID_ARGUMENT naming it at agent(), no raw TypeError at run',
    async (_, key, value) => {
      const memory = createConversationMemory();
      let made: ReturnType<typeof agent> | undefined;
      let error: unknown;
      try {
        made = agent({ name: 'a', description: 'd', model: model(), [key]: value } as unknown as AgentConfig);
        await made.run('Go', undefined, { memory }).result;
      } catch (e) {
        error = e;
      }
      expect({ made: made !== undefined, error }).toEqual({
        made: false,
        error: expect.objectContaining({
          name: 'MemoryError',
          code: 'INVALID_ARGUMENT',
          message: expect.stringMatching(
            new RegExp(`agent\\(config\\): ${key} must be an object with .*render\\(\\)`),
          ),
        }),
      });
      expect(await memory.read()).toEqual([]);
    },
  );

  it.each(wrong)('%s: createAgent names its own option', (_, key, value) => {
    expect(() =>
      createAgent({
        model: model(),
        store: createMemoryStore(),
        scope,
        longTermMemory: false,
        [key]: value,
      } as never),
    ).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(new RegExp(`createAgent\\(options\\): ${key} must be an object`)),
      }),
    );
  });

  it('a working memory and a core memory are taken and rendered as before', async () => {
    const workingMemory = createWorkingMemory({ scope, template: '# User\n- Name: Ada' });
    const coreMemory = createCoreMemory({ scope, blocks: [{ label: 'human', value: 'Likes tea' }] });
    const scripted = scriptedLanguageModel([{ text: 'ok' }]);
    const made = agent({ name: 'a', description: 'd', model: scripted.model, workingMemory, coreMemory });
    expect((await made.run('Go').result).text).toBe('ok');
    expect(JSON.stringify(scripted.prompts[0])).toMatch(/Name: Ada[\s\S]*Likes tea/);
  });
});
