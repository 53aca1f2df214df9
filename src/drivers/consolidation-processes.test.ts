import { describe, expect, it } from 'vitest';
import { type ChildRun, runChildScript, sendGo } from '../../test-support/reliability/child-process.ts';
import { type ProcessStore, processDrivers } from '../../test-support/reliability/process-stores.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { createObservationalMemory } from '../views/observational/observational-memory.ts';

/**
 * Background consolidation across processes and crashes: two processes appending to one session and consolidating
 * observe each range exactly once; a process SIGKILLed inside an observer call (or while its observation is being
 * written) leaves no range observed twice or skipped once another process resumes after the claim expires.
 */

const observedRanges = (runs: ChildRun[]) =>
  runs.flatMap((r) => r.lines.filter((l) => l.startsWith('observe ')).map((l) => l.split(' ')[1] as string));

async function finalCheck(open: ProcessStore['open']) {
  const store = open();
  const memory = createConversationMemory({
    store,
    scope: { tenant: 'team' },
    sessionId: 'obs',
    counter: createEstimateTokenCounter(),
  });
  const view = createObservationalMemory({
    conversation: memory,
    recentTokens: 120,
    background: false,
    claimMs: 50,
  });
  await new Promise((r) => setTimeout(r, 60)); // any claim of a killed process has expired
  await view.consolidate();
  const arts = (await view.observations()).sort((a, b) => a.fromSeq - b.fromSeq);
  arts.forEach((a, i) => {
    expect(a.fromSeq).toBe(i === 0 ? 1 : (arts[i - 1]?.toSeq ?? 0) + 1);
  });
  const out = await view.read();
  const total = (await memory.stats()).lastSeq;
  expect((arts.at(-1)?.toSeq ?? 0) + out.length - 1).toBe(total); // observed + verbatim = the whole log
  await store.close();
  return arts;
}

describe('consolidation: two processes, crashes', () => {
  for (const driver of processDrivers) {
    it.skipIf(driver.skip)(
      `${driver.name}: two processes observe each range exactly once`,
      async () => {
        const d = await driver.setup('obs-two');
        try {
          const runs = ['a', 'b'].map((writer) =>
            runChildScript('./observational-child.ts', { writer, turns: 25, ...d.child }),
          );
          await Promise.all(runs.map((r) => r.waitForLine((l) => l === 'ready')));
          for (const r of runs) sendGo(r);
          for (const r of runs) expect((await r.exited).code, r.stderr()).toBe(0);
          const ranges = observedRanges(runs);
          const starts = ranges.map((r) => r.split('-')[0]);
          expect(new Set(starts).size).toBe(starts.length); // no range started twice
          expect(ranges.length).toBeGreaterThan(3);
          const arts = await finalCheck(d.open);
          expect(arts.map((a) => `${a.fromSeq}-${a.toSeq}`)).toEqual(expect.arrayContaining(ranges));
        } finally {
          await d.done();
        }
      },
      120_000,
    );

    for (const killMode of ['before', 'after'] as const) {
      it.skipIf(driver.skip)(
        `${driver.name}: SIGKILL ${killMode} an observation is written: resumed, nothing twice or skipped`,
        async () => {
          const d = await driver.setup(`obs-kill-${killMode}`);
          try {
            const killed = runChildScript('./observational-child.ts', {
              writer: 'k',
              turns: 20,
              killAtCall: 3,
              killMode,
              claimMs: 50,
              ...d.child,
            });
            await killed.waitForLine((l) => l === 'ready');
            sendGo(killed);
            expect((await killed.exited).signal).toBe('SIGKILL');
            const arts = await finalCheck(d.open);
            expect(arts.length).toBeGreaterThanOrEqual(3);
          } finally {
            await d.done();
          }
        },
        120_000,
      );
    }
  }
});
