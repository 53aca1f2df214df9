import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hookRecords, type RecordsMethod } from '../../test-support/hooked-records.ts';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import { topicEmbeddingModel, topicModelId } from '../../test-support/topic-embedding-model.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import type { HasLongTermRecords } from '../longterm/long-term-store-v1.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { createRagMemory, type RagMemory } from './rag-memory.ts';

const counter = createEstimateTokenCounter();
const sqlite = tempSqliteStores('rag-index');
const scope = { tenant: 't' };
const sessionId = 's';
const texts = ['The staging server is db-7.', 'Lunch is at noon.', 'The printer needs toner.', ''];

/** What the store holds: the log's message ids that have text, and the index's records of them with a vector. */
async function indexState(store: MemoryStoreV1 & HasLongTermRecords) {
  const log = await createConversationMemory({ store, scope, sessionId, counter }).read();
  const withText = log.filter((m) => typeof m.content === 'string' && m.content !== '').map((m) => m.id);
  const records = store.longTermRecords;
  const listed = await records.listRecords(scope, { limit: 1000, filter: { kinds: ['message'] } });
  const unembedded = new Set(await records.missingEmbeddings?.(scope, topicModelId, 1000));
  const embedded = listed.records
    .filter((r) => !unembedded.has(r.id))
    .flatMap((r) => r.provenance.messageIds)
    .sort();
  return { withText: withText.sort(), embedded };
}

/** A step of a run: an add through one of two handles (perhaps failing at a write), a direct append, a reopen. */
type Step =
  | { op: 'add'; handle: 0 | 1; text: number; fail?: 'addRecords' | 'putEmbeddings' | 'embed' }
  | { op: 'direct'; text: number }
  | { op: 'reopen'; handle: 0 | 1 };

const arbStep: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      handle: fc.constantFrom(0 as const, 1 as const),
      text: fc.nat(texts.length - 1),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      handle: fc.constantFrom(0 as const, 1 as const),
      text: fc.nat(texts.length - 2),
      fail: fc.constantFrom('addRecords' as const, 'putEmbeddings' as const, 'embed' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('direct' as const), text: fc.nat(texts.length - 1) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('reopen' as const),
      handle: fc.constantFrom(0 as const, 1 as const),
    }),
  },
);

/**
 * Runs `steps` on `base`; after every add that succeeds, the handle's index must be what a full catch-up gives
 * (every message of the log with text has its record and vector), as it was when each add caught up in full.
 */
async function run(base: MemoryStoreV1 & HasLongTermRecords, steps: readonly Step[]) {
  let failing: RecordsMethod | undefined;
  const store = hookRecords(base, ['addRecords', 'putEmbeddings'], (method) => {
    if (method !== failing) return;
    failing = undefined;
    throw new MemoryError({ code: 'STORE_ERROR', component: 'test', message: 'disk full' });
  });
  const topics = topicEmbeddingModel();
  const open = () =>
    createRagMemory({
      memory: createConversationMemory({ store, scope, sessionId, counter }),
      embedding: topics.model,
    });
  const handles: RagMemory[] = [open(), open()];
  const direct = createConversationMemory({ store, scope, sessionId, counter });
  for (const [i, step] of steps.entries()) {
    if (step.op === 'reopen') handles[step.handle] = open();
    else if (step.op === 'direct') await direct.append({ role: 'user', content: texts[step.text] as string });
    else {
      const rag = handles[step.handle] as RagMemory;
      if (step.fail === 'embed') topics.failNext();
      else failing = step.fail;
      const added = rag.addWithEmbedding({ role: 'user', content: texts[step.text] as string });
      if (step.fail) {
        await expect(added, `step ${i}`).rejects.toThrow();
        failing = undefined;
      } else {
        await added;
        const state = await indexState(base);
        expect(state.embedded, `step ${i}: ${JSON.stringify(step)}`).toEqual(state.withText);
      }
    }
  }
}

describe('createRagMemory: an add checks only what changed, and indexes as a full catch-up would', () => {
  it('after every add, every message of the log with text is indexed with its vector (memory store)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(arbStep, { maxLength: 30 }), async (steps) => {
        await run(createMemoryStore(), steps);
      }),
      { numRuns: 150 },
    );
  });

  it('the same on SQLite', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(arbStep, { maxLength: 20 }), async (steps) => {
        const store = sqlite();
        try {
          await run(store, steps);
        } finally {
          await store.close();
        }
      }),
      { numRuns: 25 },
    );
  });

  it('add after add on one handle checks for records without a vector once, and stores its watermark once a page', async () => {
    let missingCalls = 0;
    const base = sqlite();
    const store = hookRecords(base, ['missingEmbeddings'], () => {
      missingCalls++;
    });
    const memory = createConversationMemory({ store, scope, sessionId, counter });
    const rag = createRagMemory({ memory, embedding: topicEmbeddingModel().model });
    for (let i = 0; i < 600; i++)
      await rag.addWithEmbedding({ role: 'user', content: `message ${i}: ${texts[i % 3]}` });
    // One check at the first add (its catch-up); before, one a message.
    expect(missingCalls).toBe(1);
    // The watermark trails the log by less than a page: a handle opened now re-checks at most that many messages.
    const watermark = await base.getState(scope, `session:${sessionId}:rag-indexed`);
    expect(watermark).toBeGreaterThanOrEqual(600 - 256);
    const state = await indexState(base);
    expect(state.embedded).toEqual(state.withText);
    expect(state.withText).toHaveLength(600);
    await base.close();
  });
});
