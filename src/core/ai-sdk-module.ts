import type { tool as aiTool } from 'ai';
import { importPeer, type PeerNeed } from './peer-module.ts';

/** What the views, tools and embedders that call a model need. */
const aiPeer: PeerNeed = {
  component: 'core',
  needs: 'embedding and pruning need the AI SDK',
  packages: ['ai'],
};

/**
 * The AI SDK (`ai`), loaded at its first use: engram's root entry (its stores, views, tools and long-term memory)
 * does not import it, so a process that never embeds, prunes or runs a model does not pay its load (~150 ms CPU,
 * ~25 MB). Every caller shares one import; `MISSING_DEPENDENCY` when the SDK (a peer dependency) is not installed.
 */
let loading: Promise<typeof import('ai')> | undefined;
export const loadAiSdk = (): Promise<typeof import('ai')> => {
  loading ??= (importPeer('ai', aiPeer) as Promise<typeof import('ai')>).catch((error: unknown) => {
    loading = undefined; // installed later: the next use tries again
    throw error;
  });
  return loading;
};

/**
 * The AI SDK's `tool()`: an identity that types a tool definition (the SDK's returns its argument), here without
 * loading the SDK. `engram/ai-sdk` and users' own tools keep the SDK's.
 */
export const tool: typeof aiTool = ((definition: unknown) => definition) as typeof aiTool;
