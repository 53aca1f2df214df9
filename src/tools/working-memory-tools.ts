import type { JSONValue, Tool } from 'ai';
import { z } from 'zod';
import { tool } from '../core/ai-sdk-module.ts';
import { checkKnownKeys, checkMethods, checkOptions } from '../core/check-options.ts';
import type { CoreMemory } from '../working/core-memory.ts';
import type { WorkingMemory } from '../working/working-memory.ts';
import { type ToolError, toolCall } from './tool-output.ts';

/** The tool {@link createWorkingMemoryTool} returns. */
export type WorkingMemoryTool = {
  /** Updates the working memory (sections by heading, or a partial object merged). */
  update_working_memory: Tool<
    { memory: string | Record<string, unknown> },
    { version: number; chars: number } | ToolError
  >;
};

/**
 * Mastra's `update_working_memory` over a {@link WorkingMemory}: in Markdown mode the model sends the sections to
 * replace (by heading); in schema mode the fields to change (a partial object: the fields it leaves out are kept,
 * `null` removes one). A result over the limit or outside the schema comes back as an error the model can fix.
 * @example
 * const tools = { ...createWorkingMemoryTool({ memory: createWorkingMemory({ store, scope, template }) }) };
 */
export function createWorkingMemoryTool(options: { memory: WorkingMemory }): WorkingMemoryTool {
  checkOptions(options, 'createWorkingMemoryTool', 'tools');
  checkKnownKeys(options, { memory: true }, 'createWorkingMemoryTool', 'tools');
  const wm = checkMethods(options.memory, 'createWorkingMemoryTool(options): memory', 'tools', ['update']);
  const markdown = wm.mode === 'markdown';
  return {
    update_working_memory: tool({
      description: markdown
        ? 'Update your working memory (Markdown). Send only the sections to change, each with its heading; sections ' +
          'you leave out are kept. Without any heading the whole memory is replaced.'
        : 'Update your working memory (an object). Send only the fields to change; fields you leave out are kept, ' +
          'null removes a field.',
      inputSchema: z.object({
        memory: (markdown
          ? z.string().max(20_000).describe('The sections to replace, with their headings')
          : z.record(z.string(), z.unknown()).describe('The fields to change')) as z.ZodType<
          string | Record<string, unknown>
        >,
      }),
      execute: (input) =>
        toolCall('Read <working_memory> in your context, then send a smaller or valid update.', async () => {
          const { memory } = checkOptions(input, 'update_working_memory(input)', 'tools');
          const state = await wm.update(memory as string | Record<string, JSONValue>);
          return { version: state.version, chars: state.text.length };
        }),
    }),
  };
}

/** The tools {@link createCoreMemoryTools} returns (Letta's block edits). */
export type CoreMemoryTools = {
  memory_append: Tool<{ label: string; content: string }, { label: string; chars: number } | ToolError>;
  memory_replace: Tool<
    { label: string; old_text: string; new_text: string },
    { label: string; chars: number } | ToolError
  >;
  memory_insert: Tool<
    { label: string; line: string; at?: number },
    { label: string; chars: number } | ToolError
  >;
  memory_rethink: Tool<{ label: string; value: string }, { label: string; chars: number } | ToolError>;
};

/**
 * Letta's core-memory edit tools over a {@link CoreMemory}: `memory_append`, `memory_replace` (exact text, exactly
 * one match), `memory_insert` (a line at an index) and `memory_rethink` (rewrite). Limits, read-only blocks,
 * missing or ambiguous matches come back as errors that say what to do; a `memory` without those four methods is
 * refused (`INVALID_ARGUMENT`).
 * @example
 * const tools = createCoreMemoryTools({ memory: createCoreMemory({ store, scope, blocks }) });
 */
export function createCoreMemoryTools(options: { memory: CoreMemory }): CoreMemoryTools {
  checkOptions(options, 'createCoreMemoryTools', 'tools');
  checkKnownKeys(options, { memory: true }, 'createCoreMemoryTools', 'tools');
  const core = checkMethods(options.memory, 'createCoreMemoryTools(options): memory', 'tools', [
    'append',
    'replace',
    'insert',
    'rethink',
  ]);
  const hint = 'Check the block in <memory_blocks> (label, chars/limit, read_only) and try again.';
  const done = (b: { label: string; value: string }) => ({ label: b.label, chars: b.value.length });
  const label = z.string().describe('The block label');
  return {
    memory_append: tool({
      description: 'Append text to a core memory block, on a new line.',
      inputSchema: z.object({ label, content: z.string().min(1).max(10_000) }),
      execute: ({ label, content }) => toolCall(hint, async () => done(await core.append(label, content))),
    }),
    memory_replace: tool({
      description: 'Replace an exact piece of text in a core memory block (it must occur exactly once).',
      inputSchema: z.object({ label, old_text: z.string().min(1), new_text: z.string() }),
      execute: ({ label, old_text, new_text }) =>
        toolCall(hint, async () => done(await core.replace(label, old_text, new_text))),
    }),
    memory_insert: tool({
      description: 'Insert a line into a core memory block at a line index (0 = first; default: the end).',
      inputSchema: z.object({ label, line: z.string().max(10_000), at: z.number().int().min(0).optional() }),
      execute: ({ label, line, at }) => toolCall(hint, async () => done(await core.insert(label, line, at))),
    }),
    memory_rethink: tool({
      description: 'Rewrite a core memory block completely (to reorganise or shorten it).',
      inputSchema: z.object({ label, value: z.string().max(100_000) }),
      execute: ({ label, value }) => toolCall(hint, async () => done(await core.rethink(label, value))),
    }),
  };
}
