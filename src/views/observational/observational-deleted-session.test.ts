import type { ModelMessage } from 'ai';
import { afterAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../../../test-support/reliability/postgres-url.ts';
import { type OpenedStore, reliabilityDrivers } from '../../../test-support/reliability/store-drivers.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createEstimateTokenCounter } from '../../tokens/estimate-token-counter.ts';
import { createObservationalMemory } from './observational-memory.ts';

/**
 * The observer's cursor (its claim on a range) belongs to the session: a session deleted while its range is being
 * observed, and created again under its id, gets none of the old conversation's observations, on every store. The
 * cursor used to outlive the delete, so the observer, finding its claim still there, wrote the deleted
 * conversation's observation into the new session, where `read()` sent it.
 */
const counter = createEstimateTokenCounter();
const scope = { tenant: 'acme', user: 'ada' };
const opened: OpenedStore[] = [];
afterAll(async () => {
  for (const o of opened) await o.dispose();
});
const turn = (i: number, what: string): ModelMessage[] => [
  { role: 'user', content: `Question ${i} about ${what}, asked in some detail so that it takes tokens.` },
  { role: 'assistant', content: `Answer ${i} about ${what}, explained in some detail for the same reason.` },
];

describe.each(reliabilityDrivers({ postgresUrl: testPostgresUrl(), fast: true }))(
  'observational memory of a deleted session on $name',
  (driver) => {
    it('a session deleted and created again while its range is observed gets none of the old observations', async (t) => {
      if (driver.missing) return t.skip(driver.missing);
      const o = await driver.open();
      opened.push(o);
      const { store } = o;
      const open = () => createConversationMemory({ store, scope, sessionId: 'chat', counter });
      const old = open();
      for (let i = 0; i < 6; i++) await old.store(turn(i, 'the old secret project'));
      let calls = 0;
      const observer = {
        async observe() {
          if (++calls > 1) return 'a later range';
          // The user deletes the conversation and starts a new one under its id while the observer works.
          await store.deleteSession(scope, 'chat');
          const fresh = open();
          for (let i = 0; i < 6; i++) await fresh.store(turn(i, 'a new topic'));
          return 'OBSERVED: the old secret project';
        },
      };
      const view = createObservationalMemory({
        conversation: old,
        observer,
        recentTokens: 60,
        background: false,
      });
      await view.consolidate();
      const newView = createObservationalMemory({
        conversation: open(),
        recentTokens: 60,
        background: false,
      });
      await newView.consolidate();
      expect(JSON.stringify(await newView.read())).not.toContain('old secret');
      // What the new session holds are observations of its own log (the view kept consolidating it).
      const observed = await newView.observations();
      expect(observed.map((a) => (a.data as { text: string }).text)).not.toContain(
        'OBSERVED: the old secret project',
      );
      expect(observed[0]?.fromSeq ?? 1).toBe(1);
    });
  },
);
