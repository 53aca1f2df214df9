import type { tool as aiTool } from 'ai';
import { MemoryError } from './errors/memory-error.ts';

/**
 * The AI SDK (`ai`), loaded at its first use: engram's root entry (its stores, views, tools and long-term memory)
 * does not import it, so a process that never embeds, prunes or runs a model does not pay its load (~150 ms CPU,
 * ~25 MB). Every caller shares one import; `MISSING_DEPENDENCY` when the SDK (a peer dependency) is not installed.
 */
let loading: Promise<typeof import('ai')> | undefined;
export const loadAiSdk = (): Promise<typeof import('ai')> => {
  loading ??= import('ai').catch((error: unknown) => {
    loading = undefined; // installed later: the next use tries again
    throw new MemoryError({
      code: 'MISSING_DEPENDENCY',
      component: 'core',
      message: `embedding and pruning need the AI SDK: run \`npm install ai\` (${error instanceof Error ? error.message : String(error)})`,
      cause: error,
    });
  });
  return loading;
};

/**
 * The AI SDK's `tool()`: an identity that types a tool definition (the SDK's returns its argument), here without
 * loading the SDK. `engram/ai-sdk` and users' own tools keep the SDK's.
 */
export const tool: typeof aiTool = ((definition: unknown) => definition) as typeof aiTool;
