import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { arbRunStep, runMessages } from '../../test-support/agent-run-arbitrary.ts';
import {
  applyLogChange,
  arbLogChange,
  messageSource,
  raceAppends,
  readOutcome,
} from '../../test-support/log-changes.ts';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import {
  type DriverStore,
  type OpenedStore,
  reliabilityDrivers,
} from '../../test-support/reliability/store-drivers.ts';
import { createContentStore } from '../content/create-content-store.ts';
import { createId } from '../core/ids.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { type ConversationMemory, createConversationMemory } from '../memory/conversation-memory.ts';
import { withSmallPages } from '../testing/view-invariants.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createAutoContextMemory } from './auto-context/auto-context-memory.ts';
import { createCitationMemory } from './citation-memory.ts';

/**
 * Issue 23: the citation view and AutoContextMemory read incrementally (what they derived from earlier reads is
 * kept: cited forms and counts, item ids, the ladder from its last step, the stored-results mark). Whatever happens
 * between two reads — appends through the view's conversation or another one on the same session, deletes, prunes,
 * clears, a replaced log, a ladder step reloaded, the session deleted and created again, the store closed and
 * opened again (an app restart: every object built anew over the same data, so the next read starts from what is
 * stored), reads that raced appends — a read returns exactly what views created at that moment (a new
 * conversation, content store and view over the same store) return, on every driver. The citation views also
 * equal views over a copy of the log alone (its messages stored afresh in a new in-process store, with an empty
 * content store): nothing they derived and kept changes what they send. (AutoContext's ladder steps are decisions
 * it stores, not derived state: a copy of the log without them may compact differently.)
 * `citation-memory.property.test.ts` checks the citation view against a direct computation on richer tool
 * results; this one puts the three views side by side over one log and its changes.
 */
const counter = createTokenCounter();
const opened: OpenedStore[] = [];
afterAll(async () => {
  for (const o of opened) await o.dispose();
});
/** How often each kind of change preceded a read, and what the reads held (asserted at the end). */
const seen = {
  appendsOnly: 0,
  otherWriter: 0,
  removal: 0,
  recreate: 0,
  reopened: 0,
  reloaded: 0,
  raced: 0,
  cited: 0,
  ladder: 0,
};

const arbOp = fc.oneof(
  { weight: 19, arbitrary: arbLogChange(3000) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reload' as const), pick: fc.nat() }) },
);
const arbScenario = fc.record({
  steps: fc.array(arbRunStep(300), { minLength: 4, maxLength: 30 }),
  ops: fc.array(arbOp, { minLength: 4, maxLength: 24 }),
  pageSize: fc.integer({ min: 1, max: 8 }),
  overTokens: fc.constantFrom(0, 20, 120),
  keepTurns: fc.integer({ min: 0, max: 2 }),
  citationBudget: fc.integer({ min: 150, max: 3000 }),
  autoBudget: fc.integer({ min: 200, max: 3000 }),
  msgThreshold: fc.integer({ min: 4, max: 100 }),
  lastKeep: fc.integer({ min: 1, max: 12 }),
});
type Scenario = typeof arbScenario extends fc.Arbitrary<infer T> ? T : never;

async function play(o: OpenedStore, s: Scenario): Promise<void> {
  const sessionId = createId('ses');
  const scope = { tenant: 'default' };
  const messages = runMessages(s.steps);
  const policy = { default: { offload: { overTokens: s.overTokens }, keepTurns: s.keepTurns } };
  const build = (store: DriverStore) => {
    const open = () => createConversationMemory({ store, sessionId, counter, scope });
    /** The views of one process over `store`: a conversation, a content store and the three views over them. */
    const views = (conversation: ConversationMemory) => {
      const content = createContentStore({ store, counter });
      return {
        citation: createCitationMemory({ conversation, content, policy }),
        budgeted: createCitationMemory({ conversation, content, policy, maxTokens: s.citationBudget }),
        auto: createAutoContextMemory({
          conversation,
          content,
          maxTokens: s.autoBudget,
          minGainTokens: 1,
          msgThreshold: s.msgThreshold,
          lastKeep: s.lastKeep,
          citations: policy,
        }),
      };
    };
    const memory = withSmallPages(open(), s.pageSize);
    return { store, open, views, writers: [memory, open()] as ConversationMemory[], live: views(memory) };
  };
  let proc = build(o.store);
  const take = messageSource(messages);
  let since = new Set<string>();

  /** Citation views over a copy of the log alone, in a new in-process store. */
  const scratch = async () => {
    const store = createMemoryStore();
    const conversation = createConversationMemory({ store, sessionId, counter, scope });
    const log = await proc.open().entries();
    if (log.length > 0) await conversation.store(log.map((e) => e.message));
    const content = createContentStore({ store, counter });
    return {
      citation: createCitationMemory({ conversation, content, policy }),
      budgeted: createCitationMemory({ conversation, content, policy, maxTokens: s.citationBudget }),
    };
  };

  const check = async () => {
    const copy = await scratch();
    const fresh = proc.views(proc.open());
    // The live views go first: what a read writes (a ladder step, offloaded results) a fresh view then finds, as a
    // new process would.
    for (const name of ['citation', 'budgeted', 'auto'] as const) {
      const live = await readOutcome(() => proc.live[name].read());
      const oracle = await readOutcome(() => fresh[name].read());
      expect(live, name).toEqual(oracle);
      if (name !== 'auto')
        expect(live, `${name} over a copy of the log`).toEqual(await readOutcome(() => copy[name].read()));
      if (Array.isArray(live) && JSON.stringify(live).includes('retrieve_from_memory')) seen.cited++;
    }
    // No background storing outlives the read that started it: the next change meets a quiet store.
    await Promise.all([proc.live.budgeted.idle(), fresh.budgeted.idle(), copy.budgeted.idle()]);
    if ((await proc.live.auto.steps()).length > 0) seen.ladder++;
    if (since.has('recreate')) seen.recreate++;
    else if (since.has('reopen')) seen.reopened++;
    else if ([...since].some((k) => k !== 'append' && k !== 'append-other' && k !== 'reload')) seen.removal++;
    else if (since.size > 0) {
      seen.appendsOnly++;
      if (since.has('append-other')) seen.otherWriter++;
    }
    since = new Set();
  };

  await check();
  for (const op of s.ops) {
    if (op.kind === 'read') {
      await check();
      continue;
    }
    if (op.kind === 'recreate') {
      await proc.store.deleteSession(scope, sessionId);
      await proc.store.createSession(scope, { id: sessionId });
      since.add('recreate');
      continue;
    }
    if (op.kind === 'reopen') {
      if (!o.reopen) continue;
      await Promise.all([proc.live.budgeted.idle(), proc.live.citation.idle()]);
      proc = build(await o.reopen());
      since.add('reopen');
      continue;
    }
    if (op.kind === 'reload') {
      const open = (await proc.live.auto.steps()).filter((step) => step.reloadedAtSeq === undefined);
      if (open.length === 0) continue;
      await proc.live.auto.reload(open[op.pick % open.length]!.id);
      since.add('reload');
      seen.reloaded++;
      continue;
    }
    if (op.kind === 'race') {
      const names = ['citation', 'budgeted', 'auto'] as const;
      const applied = await raceAppends(
        op,
        proc.writers,
        take,
        names.map((name) => () => proc.live[name].read()),
      );
      if (applied) since.add(applied);
      if (applied) seen.raced++;
      continue;
    }
    const applied = await applyLogChange(op, proc.writers, take);
    if (applied) since.add(applied);
  }
  await check();
  await Promise.all([proc.live.budgeted.idle(), proc.live.citation.idle()]);
}

describe.each(reliabilityDrivers({ postgresUrl: testPostgresUrl(), fast: true }))(
  'citation and AutoContext views, incremental over $name',
  (driver) => {
    const runs: Record<string, number> = {
      memory: 150,
      sqlite: 40,
      libsql: 15,
      'json-file': 20,
      postgres: 10,
    };
    it.skipIf(driver.missing !== undefined)(
      'every read equals views built afresh over the same store, whatever changed the log (property)',
      async () => {
        const o = await driver.open();
        opened.push(o);
        await fc.assert(
          fc.asyncProperty(arbScenario, (s) => play(o, s)),
          { numRuns: runs[driver.name] ?? 10 },
        );
      },
      240_000,
    );
  },
);

describe('citation and AutoContext views, incremental: coverage', () => {
  it('reached every kind of change before a read, with citations and ladder steps', () => {
    expect(seen.appendsOnly).toBeGreaterThan(50);
    expect(seen.otherWriter).toBeGreaterThan(10);
    expect(seen.removal).toBeGreaterThan(20);
    expect(seen.recreate).toBeGreaterThan(5);
    expect(seen.reopened).toBeGreaterThan(5);
    expect(seen.reloaded).toBeGreaterThan(5);
    expect(seen.raced).toBeGreaterThan(20);
    expect(seen.cited).toBeGreaterThan(50);
    expect(seen.ladder).toBeGreaterThan(20);
  });
});
