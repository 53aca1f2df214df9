import type { Tool } from 'ai';
import { z } from 'zod';
import { tool } from '../core/ai-sdk-module.ts';
import { checkMethods } from '../core/check-options.ts';
import { type ToolError, toolCall } from './tool-output.ts';

/** What `context_reload` calls: an AutoContextMemory view, or anything with its `reload`. */
export interface Reloadable {
  /** Puts a compaction step's range back in full. */
  reload(stepId: string): Promise<{ restored: number; description: string }>;
}

/** The tool {@link createContextReloadTool} returns. */
export type ContextReloadTool = {
  /** Puts a compaction step's range back in full. */
  context_reload: Tool<{ id: string }, { reloaded: string; restored: number; note: string } | ToolError>;
};

/**
 * `context_reload(id)`: puts a range that compaction replaced (a summary or cleared tool results, named by the
 * id in its marker) back into the context in full, from the next step on. Unknown or already reloaded ids come
 * back as `{ error }`; a target without `reload` is refused (`INVALID_ARGUMENT`).
 * @example
 * const tools = { ...createContextReloadTool({ reload: (id) => view.reload(id) }) };
 */
export function createContextReloadTool(target: Reloadable): ContextReloadTool {
  checkMethods(target, 'createContextReloadTool(target)', 'tools', ['reload']);
  return {
    context_reload: tool({
      description:
        'Bring back, in full, messages that were summarized or cleared to save context: pass the id from the "[engram: … context_reload with id …]" marker. They appear again from your next step on.',
      inputSchema: z.object({ id: z.string().describe('The id named in the marker') }),
      execute: ({ id }) =>
        toolCall('Use an id named in an "[engram: …]" marker of your context.', async () => {
          const r = await target.reload(id);
          return { reloaded: id, restored: r.restored, note: r.description };
        }),
    }),
  };
}
