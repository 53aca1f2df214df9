import type { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import {
  agentWithLongTerm,
  type FullStore,
  recordedAlone,
  recordsOf,
} from '../../../test-support/agent-long-term-rig.ts';
import { rideStores } from '../../../test-support/ride-stores.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';

/**
 * A long-term record that fails inside the last step's transaction never loses the step (the log is the truth):
 * the transaction rolls back, the step commits again without the record, and the run records alone after its
 * loop, as without the ride: a passing failure leaves the records recording alone makes, a lasting one fails
 * the run as before, with the step stored and no record written. Failures are real database errors (a trigger on
 * the records table), nothing is mocked.
 */

const stores = rideStores('engram_ltm_ride_failure');
afterAll(() => stores.cleanup());

/**
 * Makes the long-term record inserts of the SQLite store over `db` fail while `failures` is not used up (each
 * failure counts down); returns how many failed so far.
 */
function failLongTerm(db: DatabaseSync, failures: number): () => number {
  let left = failures;
  db.function('engram_test_fail', () => (left-- > 0 ? 1 : 0));
  db.exec(
    `CREATE TEMP TRIGGER fail_ltm BEFORE INSERT ON main.engram_ltm_records WHEN engram_test_fail()
     BEGIN SELECT RAISE(ABORT, 'injected long-term failure'); END`,
  );
  return () => failures - Math.max(0, left);
}

/** The run's messages in the log after a run that threw. */
async function lastAnswer(rig: ReturnType<typeof agentWithLongTerm>) {
  return (await rig.conversation.read()).filter((m) => m.role === 'assistant').at(-1)?.content;
}

/** Runs a 3-tool-step run whose record always fails: the run throws, its steps are stored, no record written. */
async function lastingFailure(store: FullStore) {
  const rig = agentWithLongTerm(store);
  const error = await rig.run(3).catch((e: unknown) => e);
  expect(MemoryError.isInstance(error), String(error)).toBe(true);
  expect(String((error as MemoryError).message)).toContain('injected long-term failure');
  expect(await lastAnswer(rig)).toEqual([
    { type: 'text', text: 'Done with run 0. I think you will like Lisbon.' },
  ]);
  expect((await rig.conversation.read()).filter((m) => m.role === 'tool')).toHaveLength(3);
  expect(await recordsOf(rig.longTerm)).toEqual([]);
  expect(rig.recordAfterRun).toHaveBeenCalledTimes(1);
}

describe('agent: a long-term record failing in the last step’s transaction', () => {
  it('on SQLite, once: the step commits without it, then the run records alone (as recording alone does)', () =>
    stores.sqlite(async (store, db) => {
      await store.ready();
      const failed = failLongTerm(db, 1);
      const rig = agentWithLongTerm(store);
      const messages = await rig.run(3);
      expect(failed()).toBe(1);
      expect(messages.filter((m) => m.role === 'assistant')).toHaveLength(4);
      expect(rig.recordAfterRun).toHaveBeenCalledTimes(1);
      const records = await recordsOf(rig.longTerm);
      expect(records.length).toBeGreaterThan(4);
      expect(records).toEqual(await recordedAlone([messages]));
    }));

  it('on SQLite, always: the run fails as before, its last step stored, nothing recorded', () =>
    stores.sqlite(async (store, db) => {
      await store.ready();
      failLongTerm(db, Number.POSITIVE_INFINITY);
      await lastingFailure(store);
    }));

  it('on PostgreSQL, always: the run fails as before, its last step stored, nothing recorded', () =>
    stores.postgres(async ({ store, admin, schema }) => {
      await admin.query(
        `CREATE FUNCTION ${schema}.fail_ltm() RETURNS trigger LANGUAGE plpgsql AS
         $$ BEGIN RAISE EXCEPTION 'injected long-term failure'; END $$`,
      );
      await admin.query(
        `CREATE TRIGGER fail_ltm BEFORE INSERT ON ${schema}.engram_ltm_records
         FOR EACH ROW EXECUTE FUNCTION ${schema}.fail_ltm()`,
      );
      await lastingFailure(store);
    }));
});
