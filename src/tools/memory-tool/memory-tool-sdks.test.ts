import { anthropic } from '@ai-sdk/anthropic';
import type Anthropic from '@anthropic-ai/sdk';
import { generateText, stepCountIs } from 'ai';
import { describe, expect, it } from 'vitest';
import { scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createMemoryToolHandler } from './memory-tool-handler.ts';

const scope = { tenant: 'acme', user: 'ada' };

/** One command of each kind (and two refusals), with the start of the result the model reads. */
const script: [input: Record<string, unknown>, expected: string][] = [
  [
    { command: 'view', path: '/memories' },
    "Here're the files and directories up to 2 levels deep in /memories",
  ],
  [
    { command: 'create', path: '/memories/user.md', file_text: '# User\nName: Ada\nCity: Oslo\n' },
    'File created successfully at: /memories/user.md',
  ],
  [
    { command: 'str_replace', path: '/memories/user.md', old_str: 'Oslo', new_str: 'Lisbon' },
    'The memory file has been edited.',
  ],
  [
    { command: 'str_replace', path: '/memories/user.md', old_str: 'Paris', new_str: 'Rome' },
    'Error: No replacement was performed, old_str `Paris` did not appear verbatim',
  ],
  [
    { command: 'insert', path: '/memories/user.md', insert_line: 3, insert_text: 'Allergy: peanuts' },
    'The file /memories/user.md has been edited.',
  ],
  [
    { command: 'view', path: '/memories/user.md', view_range: [2, 4] },
    "Here's the content of /memories/user.md with line numbers:\n     2\tName: Ada\n     3\tCity: Lisbon\n     4\tAllergy: peanuts",
  ],
  [
    { command: 'rename', old_path: '/memories/user.md', new_path: '/memories/people/ada.md' },
    'Successfully renamed /memories/user.md to /memories/people/ada.md',
  ],
  [
    { command: 'view', path: '/memories/../etc/passwd' },
    'Error: The path "/memories/../etc/passwd" is not allowed',
  ],
  [{ command: 'delete', path: '/memories/people' }, 'Successfully deleted /memories/people'],
];

describe('the memory tool from the AI SDK: anthropic.tools.memory_20250818({ execute })', () => {
  it('runs every command a scripted model calls through generateText, each result back to the model', async () => {
    const memory = createMemoryToolHandler({ store: createMemoryStore(), scope });
    const { model, prompts } = scriptedLanguageModel([
      ...script.map(([input]) => ({ toolCalls: [{ toolName: 'memory', input }] })),
      { text: 'Saved.' },
    ]);
    const result = await generateText({
      model,
      tools: { memory: anthropic.tools.memory_20250818({ execute: memory.execute }) },
      prompt: 'Remember that I moved to Lisbon.',
      stopWhen: stepCountIs(script.length + 1),
    });
    expect(result.text).toBe('Saved.');
    const outputs = result.steps.flatMap((s) => s.toolResults.map((r) => r.output));
    expect(outputs).toHaveLength(script.length);
    script.forEach(([, expected], i) => {
      expect(String(outputs[i])).toContain(expected);
    });
    // Each result went back to the model as the tool's output, refusals included.
    const sent = JSON.stringify(prompts.at(-1));
    expect(sent).toContain('did not appear verbatim');
    expect(sent).toContain('is not allowed');
  });
});

describe('the memory tool from @anthropic-ai/sdk: a tool_use block in, a tool_result block out', () => {
  it('maps each tool_use input to a tool_result the Messages API accepts, refusals marked is_error', async () => {
    const memory = createMemoryToolHandler({ store: createMemoryStore(), scope });
    // The assistant turn as the Messages API returns it (no network: the blocks are written out).
    const blocks: Anthropic.Beta.BetaToolUseBlock[] = script.map(([input], i) => ({
      type: 'tool_use',
      id: `toolu_${i}`,
      name: 'memory',
      input,
      caller: { type: 'direct' },
    }));
    const results: Anthropic.Beta.BetaToolResultBlockParam[] = [];
    for (const block of blocks) results.push(await memory.toolResult(block));
    const next: Anthropic.Beta.BetaMessageParam = { role: 'user', content: results };
    expect(next.content).toHaveLength(script.length);
    results.forEach((r, i) => {
      expect(r.tool_use_id).toBe(`toolu_${i}`);
      expect(String(r.content)).toContain(script[i]![1]);
      expect(r.is_error === true).toBe(script[i]![1].startsWith('Error:'));
    });
    // The tool definition to send with the request: { type: 'memory_20250818', name: 'memory' }.
    const tool: Anthropic.Beta.BetaMemoryTool20250818 = { type: 'memory_20250818', name: 'memory' };
    expect(tool.name).toBe(blocks[0]!.name);
  });
});
