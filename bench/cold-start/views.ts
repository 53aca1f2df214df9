/**
 * The views of the cold-start suite, opened as an application opens them on a SQLite session: one store, one
 * conversation, one content store, and the view. The builder and the measuring child open them the same way.
 */

import type { CitationView, ContextView } from '../../src/index.ts';
import {
  type ContentStore,
  type ConversationMemory,
  createAutoContextMemory,
  createCitationMemory,
  createContentStore,
  createConversationMemory,
  createExtractiveSummarizer,
  createSlidingWindowMemory,
  createSummarizingMemory,
  createTokenCounter,
  createTokenWindowMemory,
} from '../../src/index.ts';
import { createSqliteStore } from '../../src/sqlite.ts';

/** The views measured, in table order. */
export const viewNames = [
  'token-window',
  'sliding-window',
  'citation',
  'summarizing',
  'auto-context',
] as const;

/** A view's name. */
export type ViewName = (typeof viewNames)[number];

/** The views that keep state beside the log (artifacts, offloads): the builder reads through them as it grows. */
export const statefulViews: readonly ViewName[] = ['citation', 'summarizing', 'auto-context'];

/** The views whose read after one new turn is measured (the token window as the reference). */
export const stepViews: readonly ViewName[] = ['token-window', 'citation', 'auto-context'];

/** Labels in the report. */
export const viewLabel: Record<ViewName, string> = {
  'token-window': '`createTokenWindowMemory`',
  'sliding-window': '`createSlidingWindowMemory`',
  citation: '`createCitationMemory`',
  summarizing: '`createSummarizingMemory` (extractive)',
  'auto-context': '`createAutoContextMemory`',
};

/** The model window every budgeted view keeps to. */
export const MAX_TOKENS = 128_000;

/** How each view is configured (stated in the section). */
export const viewOptions: Record<ViewName, string> = {
  'token-window': `maxTokens: ${MAX_TOKENS}`,
  'sliding-window': 'windowSize: 100',
  citation: `content, maxTokens: ${MAX_TOKENS}`,
  summarizing: `maxTokens: ${MAX_TOKENS}, keepRecent: 20, summarizer: createExtractiveSummarizer()`,
  'auto-context': `content, maxTokens: ${MAX_TOKENS}`,
};

/** An open session and its views. */
export interface OpenSession {
  /** The conversation. */
  conversation: ConversationMemory;
  /** Its content store (the views' offloads). */
  content: ContentStore;
  /** Opens one view over it. */
  view(name: ViewName): ContextView;
  /** Waits for the background work of the views opened (the citation view's storing of older results). */
  idle(): Promise<void>;
  /** Content items stored for the session's owner. */
  contentItems(): Promise<number>;
  /** Closes the store. */
  close(): Promise<void>;
}

/** Opens the session `sessionId` in the SQLite file at `path` (durability `power`, the default). */
export function openSession(path: string, sessionId: string): OpenSession {
  const store = createSqliteStore({ path });
  const scope = { tenant: 'bench', user: 'ada' };
  const counter = createTokenCounter({ encoding: 'o200k_base' });
  const conversation = createConversationMemory({ store, scope, sessionId, counter });
  const content = createContentStore({ store, scope, counter });
  const citations: CitationView[] = [];
  const open: Record<ViewName, () => ContextView> = {
    'token-window': () => createTokenWindowMemory({ conversation, maxTokens: MAX_TOKENS }),
    'sliding-window': () => createSlidingWindowMemory({ conversation, windowSize: 100 }),
    citation: () => {
      const view = createCitationMemory({ conversation, content, maxTokens: MAX_TOKENS });
      citations.push(view);
      return view;
    },
    summarizing: () =>
      createSummarizingMemory({
        conversation,
        maxTokens: MAX_TOKENS,
        keepRecent: 20,
        summarizer: createExtractiveSummarizer(),
      }),
    'auto-context': () => createAutoContextMemory({ conversation, content, maxTokens: MAX_TOKENS }),
  };
  return {
    conversation,
    content,
    view: (name) => open[name](),
    idle: async () => {
      for (const view of citations) await view.idle();
    },
    contentItems: () => countItems(content),
    close: () => store.close(),
  };
}

/** Items in a content store's space (its query, a page of 1,000 at a time). */
async function countItems(content: ContentStore): Promise<number> {
  let n = 0;
  let cursor: string | undefined;
  do {
    const page = await content.query({ limit: 1000, ...(cursor ? { cursor } : {}) });
    n += page.items.length;
    cursor = page.nextCursor;
  } while (cursor);
  return n;
}
