import { afterAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import { type OpenedStore, reliabilityDrivers } from '../../test-support/reliability/store-drivers.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { SlidingWindowMemory, SummarizingMemory, TokenWindowMemory } from './memory-classes.ts';
import { createSlidingWindowMemory } from './sliding-window-memory.ts';
import { createSummarizingMemory } from './summarizing-memory.ts';
import { createTokenWindowMemory } from './token-window-memory.ts';

/**
 * A memory whose session does not exist yet (nothing stored, nothing saved) answers every read with "nothing",
 * through every view, on every store: the first call opens (creates) the session before anything looks it up.
 * `SummarizingMemory.read()` used to look its summary up first and throw SESSION_NOT_FOUND.
 */
const counter = createEstimateTokenCounter();
const opened: OpenedStore[] = [];
afterAll(async () => {
  for (const o of opened) await o.dispose();
});

describe.each(reliabilityDrivers({ postgresUrl: testPostgresUrl(), fast: true }))(
  'a fresh memory over $name',
  (driver) => {
    const open = async () => {
      if (driver.missing) return undefined;
      const o = await driver.open();
      opened.push(o);
      return createConversationMemory({ store: o.store, counter });
    };
    const summarizer = async () => 'never called';
    const views = {
      summarizing: (memory: ReturnType<typeof createConversationMemory>) =>
        createSummarizingMemory({ conversation: memory, keepRecent: 2, summarizer }),
      'sliding window': (memory: ReturnType<typeof createConversationMemory>) =>
        createSlidingWindowMemory({ conversation: memory, windowSize: 5 }),
      'token window': (memory: ReturnType<typeof createConversationMemory>) =>
        createTokenWindowMemory({ conversation: memory, maxTokens: 100 }),
    };

    for (const [name, make] of Object.entries(views)) {
      it(`${name}: read() and appended() are empty`, async (t) => {
        const memory = await open();
        if (!memory) return t.skip(driver.missing);
        const view = make(memory);
        expect(await view.read()).toEqual([]);
        expect(await view.appended()).toEqual([]);
        expect(await memory.stats()).toMatchObject({ count: 0, tokens: 0, lastSeq: 0 });
      });
    }

    it("seed 000's classes over the store: read() and appended() are empty", async (t) => {
      if (driver.missing) return t.skip(driver.missing);
      const o = await driver.open();
      opened.push(o);
      const log = { store: o.store, counter };
      const classes = [
        new SummarizingMemory([], { summarizer: async () => 'never called', ...log }),
        new SlidingWindowMemory([], 30, log),
        new TokenWindowMemory([], 100, log),
      ];
      for (const memory of classes) {
        expect(await memory.read()).toEqual([]);
        expect(await memory.appended()).toEqual([]);
      }
    });

    it('summarizing: summary() and instructions() are undefined before the first read', async (t) => {
      const memory = await open();
      if (!memory) return t.skip(driver.missing);
      const view = createSummarizingMemory({
        conversation: memory,
        keepRecent: 2,
        summarizer,
        summaryRole: 'instructions',
      });
      expect(await view.summary()).toBeUndefined();
      expect(await view.instructions()).toBeUndefined();
    });

    it('conversation memory: every read answers empty', async (t) => {
      const memory = await open();
      if (!memory) return t.skip(driver.missing);
      const answers = await Promise.all([
        memory.read(),
        memory.appended(),
        memory.recent(3),
        memory.byRole('user'),
        memory.find({ roles: ['user'] }),
        memory.search('x'),
        memory.entries(),
        memory.tail({ maxMessages: 3 }),
        memory.listArtifacts(),
        memory.get('msg_none'),
        memory.tokens(),
        memory.saveState(),
      ]);
      expect(answers).toEqual([
        [],
        [],
        [],
        [],
        [],
        [],
        [],
        [],
        [],
        undefined,
        0,
        { sessionId: memory.sessionId, messages: [] },
      ]);
    });
  },
);
