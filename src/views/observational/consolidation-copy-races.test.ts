import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../core/message.ts';
import { withRide } from '../../core/ride-on-append.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createScriptedConversation } from '../../testing/scripted-conversation.ts';
import { createEstimateTokenCounter } from '../../tokens/estimate-token-counter.ts';
import { blockOf, observedTo } from './observation-block.ts';
import { createObservationalMemory } from './observational-memory.ts';
import {
  createExtractiveObserver,
  createExtractiveReflector,
  type Observer,
  type Reflector,
} from './observer.ts';

/**
 * The two ways a consolidation's own copy of the observations could outlive the truth, found in review: a claim
 * that expired and was taken over, and observations that rode on an agent step's append that then failed.
 */
describe('observational consolidation: when its copy of the observations is not trusted', () => {
  const counter = createEstimateTokenCounter();

  it('a writer whose claim expired, was taken over and released by another lists again before its next range', async () => {
    const store = createMemoryStore();
    const memoryOf = () => createConversationMemory({ store, counter, sessionId: 's' });
    const auditor = memoryOf();
    await auditor.store(createScriptedConversation({ seed: 7, messages: 300, toolResultBytes: 0.02 }));
    const fresh = async () => ({
      observations: await auditor.listArtifacts('observation'),
      reflections: await auditor.listArtifacts('reflection'),
    });
    const violations: string[] = [];
    const extractive = createExtractiveObserver();
    const reflective = createExtractiveReflector();
    const observerOf = (name: string): Observer => ({
      async observe(range: readonly LogEntry[]) {
        const expected = observedTo((await fresh()).observations) + 1;
        if (range[0]!.seq !== expected)
          violations.push(`${name} observes from ${range[0]!.seq}, not ${expected}`);
        return extractive.observe(range);
      },
    });
    let entered!: () => void;
    const inReflector = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let slow = true;
    const reflectorOf = (name: string, gated: boolean): Reflector => ({
      async reflect(text, budget) {
        const { observations, reflections } = await fresh();
        if (text !== blockOf(observations, reflections).text)
          violations.push(`${name} condenses a stale block`);
        if (gated && slow) {
          slow = false;
          entered();
          await gate; // a slow model call: A's claim (claimMs 1) expires meanwhile
        }
        return reflective.reflect(text, budget);
      },
    });
    const common = { recentTokens: 200, observationTokens: 20, background: false };
    const a = createObservationalMemory({
      ...common,
      conversation: memoryOf(),
      observer: observerOf('A'),
      reflector: reflectorOf('A', true),
      maxRangeTokens: 300,
      claimMs: 1,
    });
    const b = createObservationalMemory({
      ...common,
      conversation: memoryOf(),
      observer: observerOf('B'),
      reflector: reflectorOf('B', false),
      maxRangeTokens: 150,
    });
    const first = a.consolidate();
    await inReflector;
    await new Promise((resolve) => setTimeout(resolve, 20));
    // B takes over A's expired claim, observes the rest and releases: the cursor then holds no claim.
    expect(await b.consolidate()).toBeGreaterThan(0);
    open();
    await first;
    await a.consolidate();
    expect(violations).toEqual([]);
    const { observations } = await fresh();
    for (let i = 1; i < observations.length; i++)
      expect(observations[i]!.fromSeq).toBe(observations[i - 1]!.toSeq + 1);
  });

  it('observations that rode on an append that failed are observed again', async () => {
    const store = createMemoryStore();
    const memoryOf = () => createConversationMemory({ store, counter, sessionId: 's' });
    const auditor = memoryOf();
    const script = createScriptedConversation({ seed: 3, messages: 200, toolResultBytes: 0.02 });
    await auditor.store(script.slice(0, 100));
    const view = createObservationalMemory({
      conversation: memoryOf(),
      recentTokens: 200,
      maxRangeTokens: 300,
      observationTokens: 100_000,
      background: false,
    });
    // The step's riding writes fail (a store error after the step): lost, and no longer shown.
    const put = store.putArtifact.bind(store);
    let failing = true;
    store.putArtifact = async (...args: Parameters<typeof put>) => {
      if (failing) throw new Error('store down');
      return put(...args);
    };
    await withRide(() => view.consolidate()).catch(() => undefined);
    failing = false;
    expect(await auditor.listArtifacts('observation')).toEqual([]);
    await auditor.store(script.slice(100, 200));
    await view.consolidate();
    const observations = await auditor.listArtifacts('observation');
    expect(observations[0]?.fromSeq).toBe(1);
    for (let i = 1; i < observations.length; i++)
      expect(observations[i]!.fromSeq).toBe(observations[i - 1]!.toSeq + 1);
  });
});

describe('observational consolidation started by a read inside an agent step', () => {
  it('writes outside the step’s ride and keeps its copy: one listing of the observations for many ranges', async () => {
    const counter = createEstimateTokenCounter();
    const store = createMemoryStore();
    const memoryOf = () => createConversationMemory({ store, counter, sessionId: 's' });
    await memoryOf().store(createScriptedConversation({ seed: 5, messages: 600, toolResultBytes: 0.02 }));
    let listings = 0;
    const list = store.listArtifacts.bind(store);
    store.listArtifacts = async (...args: Parameters<typeof list>) => {
      if (args[2] === 'observation') listings++;
      return list(...args);
    };
    const view = createObservationalMemory({
      conversation: memoryOf(),
      recentTokens: 200,
      maxRangeTokens: 200,
    });
    let during = -1;
    await withRide(async () => {
      await view.read(); // starts the background consolidation
      await view.idle();
      // Written already, not held for the step's append.
      during = (await list({ tenant: 'default' }, 's', 'observation')).length;
    });
    const observations = await memoryOf().listArtifacts('observation');
    expect(observations.length).toBeGreaterThan(20);
    expect(during).toBe(observations.length);
    // The read's own listing, consolidation's first, and its copy's: not one a range.
    expect(listings).toBeLessThanOrEqual(5);
  });
});
