/**
 * Child script of the older-results crash test: opens a SQLite file holding a long session, reads it once through a
 * budgeted citation view (which then stores the older part's results in the background) and waits for that work.
 * Prints `read` after the read and `idle` once the background work is done; the parent SIGKILLs it in between.
 */

import { createContentStore } from '../../src/content/create-content-store.ts';
import { createSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../../src/memory/conversation-memory.ts';
import { createTokenCounter } from '../../src/tokens/create-token-counter.ts';
import { createCitationMemory } from '../../src/views/citation-memory.ts';
import { childConfig, emit } from './child-process.ts';

/** What the parent passes in argv[2]. */
export interface OlderResultsChildConfig {
  path: string;
  sessionId: string;
  maxTokens: number;
  /** Results over this many tokens are offloaded. */
  overTokens: number;
}

const config = childConfig<OlderResultsChildConfig>();
const counter = createTokenCounter({ encoding: 'o200k_base' });
const store = createSqliteStore({ path: config.path });
const conversation = createConversationMemory({ store, sessionId: config.sessionId, counter });
const content = createContentStore({ store, counter });
const errors: unknown[] = [];
const view = createCitationMemory({
  conversation,
  content,
  policy: { default: { offload: { overTokens: config.overTokens } } },
  maxTokens: config.maxTokens,
  onError: (error) => errors.push(error),
});
await view.read();
emit('read');
await view.idle();
if (errors.length > 0) throw errors[0];
emit('idle');
await store.close();
