import { generateText, stepCountIs } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedLanguageModel } from '../../test-support/scripted-language-model.ts';
import { createCoreMemory } from '../working/core-memory.ts';
import { createWorkingMemory } from '../working/working-memory.ts';
import { createCoreMemoryTools, createWorkingMemoryTool } from './working-memory-tools.ts';

const scope = { tenant: 't', user: 'ada' };

describe('working memory and core memory tools in a model run', () => {
  it('update_working_memory merges what the model sends; errors come back for it to fix', async () => {
    const wm = createWorkingMemory({
      scope,
      schema: z.object({ name: z.string(), city: z.string() }).partial(),
    });
    await wm.update({ name: 'Ada' });
    const { model, prompts } = scriptedLanguageModel([
      { toolCalls: [{ toolName: 'update_working_memory', input: { memory: { city: 'Lisbon' } } }] },
      { toolCalls: [{ toolName: 'update_working_memory', input: { memory: { city: 7 } } }] },
      { text: 'ok' },
    ]);
    await generateText({
      model,
      tools: createWorkingMemoryTool({ memory: wm }),
      prompt: 'go',
      stopWhen: stepCountIs(4),
    });
    expect((await wm.get()).data).toEqual({ name: 'Ada', city: 'Lisbon' });
    expect(JSON.stringify(prompts[2])).toContain('does not fit the schema: city');
  });

  it('memory_append / memory_replace / memory_insert / memory_rethink edit blocks; bad edits are explained', async () => {
    const core = createCoreMemory({
      scope,
      blocks: [
        { label: 'human', value: 'Name: Ada', limit: 100 },
        { label: 'persona', value: 'Helpful.', readOnly: true },
      ],
    });
    const { model, prompts } = scriptedLanguageModel([
      { toolCalls: [{ toolName: 'memory_append', input: { label: 'human', content: 'City: Lisbon' } }] },
      {
        toolCalls: [
          { toolName: 'memory_replace', input: { label: 'human', old_text: 'Lisbon', new_text: 'Porto' } },
        ],
      },
      { toolCalls: [{ toolName: 'memory_insert', input: { label: 'human', line: 'Likes jazz', at: 0 } }] },
      { toolCalls: [{ toolName: 'memory_rethink', input: { label: 'persona', value: 'Evil.' } }] },
      { text: 'ok' },
    ]);
    await generateText({
      model,
      tools: createCoreMemoryTools({ memory: core }),
      prompt: 'go',
      stopWhen: stepCountIs(6),
    });
    expect((await core.get('human')).value).toBe('Likes jazz\nName: Ada\nCity: Porto');
    expect((await core.get('persona')).value).toBe('Helpful.');
    expect(JSON.stringify(prompts[4])).toContain('read-only');
  });
});
