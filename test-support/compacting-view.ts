import { createAutoContextMemory } from '../src/views/auto-context/auto-context-memory.ts';
import type { AutoContextOptions } from '../src/views/auto-context/auto-context-options.ts';

/**
 * The AutoContext view of the full-stack agent tests (commits, crashes, riding records, the slicer): a 16,000-token
 * budget compacting from 4 messages, keeping the last 2, for any gain, so a run of a few large tool results offloads
 * and writes ladder steps within its steps; `options` changes any of them.
 */
export const compactingView = (
  conversation: AutoContextOptions['conversation'],
  content: AutoContextOptions['content'],
  options: Partial<Omit<AutoContextOptions, 'conversation' | 'content'>> = {},
) =>
  createAutoContextMemory({
    conversation,
    content,
    maxTokens: 16_000,
    msgThreshold: 4,
    lastKeep: 2,
    minGainTokens: 0,
    ...options,
  });
