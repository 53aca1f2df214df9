import { describe, expect, it } from 'vitest';
import { tempSqliteStores } from '../../../test-support/temp-sqlite-store.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import type { HasLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { createScriptedConversation } from '../../testing/scripted-conversation.ts';
import { createEstimateTokenCounter } from '../../tokens/estimate-token-counter.ts';
import { cursorVersionsKept } from './consolidation.ts';
import { createObservationalMemory } from './observational-memory.ts';

const sqliteStore = tempSqliteStores('cursor-versions');

/**
 * The consolidation cursor writes two versions a range (a claim and a release); pruned to its newest
 * `cursorVersionsKept` every so often, it keeps at most `2 × cursorVersionsKept − 1` however many ranges are
 * observed (before: two more a range, for good).
 */
describe('observational consolidation cursor', () => {
  for (const [name, open] of [
    ['memory', () => createMemoryStore()],
    ['sqlite', () => sqliteStore()],
  ] as const)
    it(`${name}: stays within 2 × ${cursorVersionsKept} − 1 versions over hundreds of ranges`, async () => {
      const store: MemoryStoreV1 & HasLongTermRecords = open();
      const counter = createEstimateTokenCounter();
      const script = createScriptedConversation({ seed: 3, messages: 1500, toolResultBytes: 0.05 });
      const conversation = createConversationMemory({ store, counter, sessionId: 'long' });
      await conversation.store(script);
      const errors: unknown[] = [];
      const view = createObservationalMemory({
        conversation,
        background: false,
        maxRangeTokens: 400,
        onError: (error) => errors.push(error),
      });
      const ranges = await view.consolidate();
      expect(ranges).toBeGreaterThan(100);
      expect(errors).toEqual([]);
      const id = `engram.observer:${conversation.sessionId}`;
      const history = await store.longTermRecords.history(conversation.scope, id);
      const current = await store.longTermRecords.getRecord(conversation.scope, id);
      expect(current?.version).toBe(2 * ranges);
      expect(history.length).toBeLessThanOrEqual(2 * cursorVersionsKept - 1);
      expect(history.at(-1)).toEqual(current);
      await store.close();
    }, 120_000);
});
