import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DriverBudget,
  propertyOnEveryDriver,
} from '../../../test-support/reliability/property-on-drivers.ts';
import type { ReliabilityDriver } from '../../../test-support/reliability/store-drivers.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createScriptedConversation } from '../../testing/scripted-conversation.ts';
import { createEstimateTokenCounter } from '../../tokens/estimate-token-counter.ts';
import { blockOf, observedTo } from './observation-block.ts';
import { createObservationalMemory, type ObservationalMemory } from './observational-memory.ts';
import {
  createExtractiveObserver,
  createExtractiveReflector,
  type Observer,
  type Reflector,
} from './observer.ts';

/**
 * Consolidation keeps its own copy of the observations between ranges instead of listing them all per range. Several
 * writers (views in one process, each with its own copy, as processes would be) consolidate one session while
 * messages are appended, some consolidations racing, some observers failing: every range a writer observes starts
 * right after the observations a fresh listing holds, every block a writer condenses is the block of a fresh listing
 * (the from-scratch computation), and the observations stay contiguous, each message observed once.
 */
const counter = createEstimateTokenCounter();
const seen = { ranges: 0, reflections: 0, failures: 0, raced: 0 };

const op = fc.oneof(
  fc.record({ kind: fc.constant('append' as const), messages: fc.integer({ min: 1, max: 60 }) }),
  fc.record({ kind: fc.constant('consolidate' as const), writer: fc.nat(2) }),
  fc.record({
    kind: fc.constant('race' as const),
    writers: fc.array(fc.nat(2), { minLength: 2, maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('fail' as const), writer: fc.nat(2), after: fc.nat(3) }),
);

const scenario = (maxOps: number) =>
  fc.record({
    seed: fc.integer(),
    ops: fc.array(op, { minLength: 1, maxLength: maxOps }),
    maxRangeTokens: fc.integer({ min: 50, max: 600 }),
    observationTokens: fc.integer({ min: 20, max: 400 }),
  });
type Scenario = ReturnType<typeof scenario> extends fc.Arbitrary<infer T> ? T : never;

class ObserverDown extends Error {}

async function play(driver: ReliabilityDriver, sc: Scenario): Promise<void> {
  const opened = await driver.open();
  try {
    const memoryOf = () => createConversationMemory({ store: opened.store, counter, sessionId: 'copy' });
    const auditor = memoryOf();
    const script = createScriptedConversation({ seed: sc.seed, messages: 1000, toolResultBytes: 0.02 });
    let appended = 0;
    const fresh = async () => {
      const [observations, reflections] = await Promise.all([
        auditor.listArtifacts('observation'),
        auditor.listArtifacts('reflection'),
      ]);
      return { observations, reflections };
    };
    const extractive = createExtractiveObserver();
    const reflective = createExtractiveReflector();
    /** Observers that fail once after `n` more ranges, per writer. */
    const failIn: (number | undefined)[] = [undefined, undefined, undefined];
    const writers: ObservationalMemory[] = [0, 1, 2].map((w) => {
      const observer: Observer = {
        async observe(range) {
          const { observations } = await fresh();
          expect(range[0]?.seq).toBe(observedTo(observations) + 1);
          if (failIn[w] !== undefined && failIn[w]-- === 0) {
            failIn[w] = undefined;
            seen.failures++;
            throw new ObserverDown('down');
          }
          seen.ranges++;
          return extractive.observe(range);
        },
      };
      const reflector: Reflector = {
        async reflect(text, budget) {
          // The block condensed is the block a full listing gives, with the observation just written.
          const { observations, reflections } = await fresh();
          expect(text).toBe(blockOf(observations, reflections).text);
          seen.reflections++;
          return reflective.reflect(text, budget);
        },
      };
      return createObservationalMemory({
        conversation: memoryOf(),
        observer,
        reflector,
        recentTokens: 200,
        maxRangeTokens: sc.maxRangeTokens,
        observationTokens: sc.observationTokens,
        background: false,
      });
    });
    const consolidate = (w: number) =>
      writers[w]!.consolidate().catch((error: unknown) => {
        if (!(error instanceof ObserverDown)) throw error;
      });
    for (const o of sc.ops) {
      if (o.kind === 'append') {
        const next = script.slice(appended, appended + o.messages);
        if (next.length > 0) await auditor.store(next);
        appended += next.length;
      } else if (o.kind === 'consolidate') await consolidate(o.writer);
      else if (o.kind === 'fail') failIn[o.writer] = o.after;
      else {
        seen.raced++;
        await Promise.all(o.writers.map(consolidate));
      }
    }
    for (const w of [0, 1, 2]) await consolidate(w);
    const { observations, reflections } = await fresh();
    for (let i = 0; i < observations.length; i++)
      expect(observations[i]!.fromSeq).toBe((observations[i - 1]?.toSeq ?? 0) + 1);
    // Every writer reads what a view that never consolidated reads.
    const reader = createObservationalMemory({
      conversation: memoryOf(),
      recentTokens: 200,
      background: false,
    });
    const expected = await reader.read();
    for (const w of writers) expect(await w.read()).toEqual(expected);
    if (reflections.length > 0) expect(String(expected[0]?.content)).toContain('<observations>');
  } finally {
    await opened.dispose();
  }
}

const budget: Record<string, DriverBudget> = {
  memory: { runs: 60, ops: 30 },
  sqlite: { runs: 25, ops: 20 },
  libsql: { runs: 8, ops: 12 },
  'json-file': { runs: 8, ops: 12 },
  postgres: { runs: 5, ops: 10 },
};

propertyOnEveryDriver({
  suite: 'Observational consolidation keeps its copy of the observations over $name',
  test: () =>
    'property: each range and each condensed block is what a fresh listing gives, with racing writers',
  budget,
  fallback: { runs: 5, ops: 10 },
  scenario,
  prepare: async (driver) => (sc) => play(driver, sc),
  timeout: 600_000,
});

describe('Observational consolidation keeps its copy: coverage', () => {
  it('ranges, reflections, failed observers and races', () => {
    expect(seen.ranges).toBeGreaterThan(50);
    expect(seen.reflections).toBeGreaterThan(5);
    expect(seen.failures).toBeGreaterThan(2);
    expect(seen.raced).toBeGreaterThan(5);
  });
});
