import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import {
  agentWithLongTerm,
  type FullStore,
  recordedAlone,
  recordsOf,
} from '../../../test-support/agent-long-term-rig.ts';
import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { createPostgresStore } from '../../drivers/postgres/postgres-driver.ts';
import { openSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';

/**
 * A long-term record that fails inside the last step's transaction never loses the step (the log is the truth):
 * the transaction rolls back, the step commits again without the record, and the run records alone after its
 * loop, as without the ride: a passing failure leaves the records recording alone makes, a lasting one fails
 * the run as before, with the step stored and no record written. Failures are real database errors (a trigger on
 * the records table), nothing is mocked.
 */

const dir = mkdtempSync(join(tmpdir(), 'engram-ltm-ride-failure-'));
let schema: TestDatabase | undefined;
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await schema?.drop();
});

/** A SQLite store whose long-term record inserts fail while `failures()` is positive (each failure counts down). */
async function sqliteFailing(name: string, failures: number) {
  const db = new DatabaseSync(join(dir, name));
  const store = await openSqliteStore({ database: db });
  let left = failures;
  db.function('engram_test_fail', () => (left-- > 0 ? 1 : 0));
  db.exec(
    `CREATE TEMP TRIGGER fail_ltm BEFORE INSERT ON main.engram_ltm_records WHEN engram_test_fail()
     BEGIN SELECT RAISE(ABORT, 'injected long-term failure'); END`,
  );
  return { store, failed: () => failures - Math.max(0, left) };
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
  it('on SQLite, once: the step commits without it, then the run records alone (as recording alone does)', async () => {
    const { store, failed } = await sqliteFailing('once.db', 1);
    try {
      const rig = agentWithLongTerm(store);
      const messages = await rig.run(3);
      expect(failed()).toBe(1);
      expect(messages.filter((m) => m.role === 'assistant')).toHaveLength(4);
      expect(rig.recordAfterRun).toHaveBeenCalledTimes(1);
      const records = await recordsOf(rig.longTerm);
      expect(records.length).toBeGreaterThan(4);
      expect(records).toEqual(await recordedAlone([messages]));
    } finally {
      await store.close();
    }
  });

  it('on SQLite, always: the run fails as before, its last step stored, nothing recorded', async () => {
    const { store } = await sqliteFailing('always.db', Number.POSITIVE_INFINITY);
    try {
      await lastingFailure(store);
    } finally {
      await store.close();
    }
  });

  it('on PostgreSQL, always: the run fails as before, its last step stored, nothing recorded', async () => {
    schema ??= await createTestSchema('engram_ltm_ride_failure');
    const s = schema;
    const store = createPostgresStore({ connectionString: s.url, schema: s.name, maxConnections: 4 });
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: s.url });
    await admin.connect();
    try {
      await store.ready();
      await admin.query(
        `CREATE FUNCTION ${s.name}.fail_ltm() RETURNS trigger LANGUAGE plpgsql AS
         $$ BEGIN RAISE EXCEPTION 'injected long-term failure'; END $$`,
      );
      await admin.query(
        `CREATE TRIGGER fail_ltm BEFORE INSERT ON ${s.name}.engram_ltm_records
         FOR EACH ROW EXECUTE FUNCTION ${s.name}.fail_ltm()`,
      );
      await lastingFailure(store);
    } finally {
      await admin.end();
      await store.close();
    }
  });
});
