import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { sendToModel } from '../../../test-support/send-to-model.ts';
import { createContentStore } from '../../content/create-content-store.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { groupMessages, isUnitComplete } from '../../messages/units.ts';
import { arbConversation } from '../../testing/conversation-arbitrary.ts';
import { checkPairs } from '../../testing/view-invariants.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import { applyLadder } from './apply-ladder.ts';
import { createAutoContextMemory, type LadderStepKind } from './index.ts';

const counter = createTokenCounter();
/** How often each rung ran over all runs (asserted at the end, so the generators keep reaching every rung). */
const seen: Record<LadderStepKind | 'overflow', number> = {
  'clear-tool-results': 0,
  'compact-tool-runs': 0,
  'summarize-rounds': 0,
  'compress-current': 0,
  overflow: 0,
};

describe('every rung of the ladder, under small windows', () => {
  afterAll(() => {
    for (const [rung, n] of Object.entries(seen)) expect(n, `${rung} never happened`).toBeGreaterThan(0);
  });

  it('property: after each rung the context keeps tool pairs whole, fits the window, and the AI SDK accepts it', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbConversation({ inFlight: false }),
        fc.record({
          maxTokens: fc.integer({ min: 150, max: 2500 }),
          msgThreshold: fc.integer({ min: 3, max: 30 }),
          lastKeep: fc.integer({ min: 0, max: 8 }),
          citations: fc.boolean(),
        }),
        async (messages, o) => {
          const store = createMemoryStore();
          const memory = createConversationMemory({ store, counter });
          const content = createContentStore({ store, counter });
          const view = createAutoContextMemory({
            conversation: memory,
            content,
            maxTokens: o.maxTokens,
            msgThreshold: o.msgThreshold,
            lastKeep: o.lastKeep,
            minGainTokens: 0,
            minResultTokens: 0,
            ...(o.citations ? {} : { citations: false as const }),
          });
          for (const m of messages as ModelMessage[]) {
            await view.store(m);
            const log = await memory.entries();
            const last = groupMessages(log.map((e) => e.message)).at(-1);
            if (last && !isUnitComplete(last)) continue; // a step waiting for its results is never sent
            let out: Awaited<ReturnType<typeof view.read>>;
            try {
              out = await view.read();
            } catch (error) {
              // Allowed only when even the newest unit, cut to nothing, cannot fit the window.
              expect(MemoryError.hasCode(error, 'CONTEXT_OVERFLOW')).toBe(true);
              seen.overflow++;
              continue;
            }
            for (const rung of view.lastStats()!.ran) seen[rung]++;
            checkPairs(out);
            expect(view.lastStats()!.tokens).toBeLessThanOrEqual(o.maxTokens);
            if (!o.citations) {
              // Skipping superseded steps changes nothing: the view equals every step applied in order.
              const all = applyLadder(await memory.entries(), await view.steps(), counter, new Map(), {
                skipSuperseded: false,
              });
              expect(out).toEqual(all.map((i) => i.message));
            }
            await sendToModel(out);
          }
        },
      ),
      // 120 runs reached compress-current only 4–7 times (about one CI run in 300 would have seen none): 500.
      { numRuns: 500 },
    );
  });
});
