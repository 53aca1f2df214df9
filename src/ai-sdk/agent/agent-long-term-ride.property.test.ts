import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { agentWithLongTerm, recordedAlone, recordsOf } from '../../../test-support/agent-long-term-rig.ts';
import { openSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';

/**
 * Property: whatever the runs (how many, how many tool steps, what the user and the model say, self statements
 * included), the records a session's runs leave when each run's record rides on its last step's append equal
 * those recording each run's messages alone leaves, in order.
 */

const dir = mkdtempSync(join(tmpdir(), 'engram-ltm-ride-property-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const prompts = [
  'I live in Porto.',
  'My name is Ana. What should I eat tonight?',
  'I moved to Lisbon last week, and I am allergic to peanuts.',
  'Read the pages about pastel de nata.',
  'I no longer live in Porto.',
];
const answers = ['Try bacalhau.', 'Noted: you live in Lisbon now.', 'Pastel de nata has eggs.', 'Done.'];
const run = fc.record({
  tools: fc.integer({ min: 0, max: 3 }),
  prompt: fc.constantFrom(...prompts),
  answer: fc.constantFrom(...answers),
});

describe('agent: the riding long-term record (property)', () => {
  it('equals recording each run alone, on SQLite', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(run, { minLength: 1, maxLength: 3 }), async (runs) => {
        const store = await openSqliteStore({ path: join(dir, `p${n++}.db`) });
        try {
          const rig = agentWithLongTerm(store);
          const stored = [];
          for (const r of runs) stored.push(await rig.run(r.tools, r));
          expect(await recordsOf(rig.longTerm)).toEqual(await recordedAlone(stored));
          expect(rig.recordAfterRun).not.toHaveBeenCalled();
        } finally {
          await store.close();
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
