/** Test rig: one of each view engram ships over a conversation, each with room for the whole log. Test-only. */
import type { ContentStore } from '../src/content/create-content-store.ts';
import type { ConversationMemory } from '../src/memory/conversation-memory.ts';
import { createAutoContextMemory } from '../src/views/auto-context/auto-context-memory.ts';
import { createExtractiveSummarizer } from '../src/views/auto-context/extractive-summarizer.ts';
import { createCitationMemory } from '../src/views/citation-memory.ts';
import type { ContextView } from '../src/views/context-view.ts';
import { createObservationalMemory } from '../src/views/observational/observational-memory.ts';
import { createSlidingWindowMemory } from '../src/views/sliding-window-memory.ts';
import { createSummarizingMemory } from '../src/views/summarizing-memory.ts';
import { createTokenWindowMemory } from '../src/views/token-window-memory.ts';

/** The token and sliding windows, citation (with and without a budget), AutoContext, observational, summarizing. */
export function everyView(
  conversation: ConversationMemory,
  content: ContentStore,
): Record<string, ContextView> {
  return {
    'token window': createTokenWindowMemory({ conversation, maxTokens: 100_000 }),
    'sliding window': createSlidingWindowMemory({ conversation, windowSize: 100 }),
    citation: createCitationMemory({ conversation, content }),
    'citation with a budget': createCitationMemory({ conversation, content, maxTokens: 100_000 }),
    AutoContext: createAutoContextMemory({ conversation, content, maxTokens: 100_000 }),
    observational: createObservationalMemory({ conversation, recentTokens: 100_000 }),
    summarizing: createSummarizingMemory({
      conversation,
      maxTokens: 100_000,
      keepRecent: 20,
      summarizer: createExtractiveSummarizer(),
    }),
  };
}
