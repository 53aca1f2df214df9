import { afterAll, describe, expect, it } from 'vitest';
import { agentWithLongTerm, recordedAlone, recordsOf } from '../../../test-support/agent-long-term-rig.ts';
import { rideStores } from '../../../test-support/ride-stores.ts';

/**
 * Review of the riding long-term record: a record whose writes make the append's COMMIT fail (a deferred
 * constraint on the records table, checked at commit) must not lose the step either (the log is the truth): the
 * step commits again without the record and the run records alone, as when the record throws inside the
 * transaction. A real database error (a deferred constraint trigger failing once), nothing mocked.
 */

const stores = rideStores('engram_ltm_ride_commit');
afterAll(() => stores.cleanup());

/** The run's records equal recording it alone, recorded after the loop (the step committed without them). */
async function recordsAlone(store: Parameters<typeof agentWithLongTerm>[0]) {
  const rig = agentWithLongTerm(store);
  const messages = await rig.run(3);
  expect(messages.filter((m) => m.role === 'assistant')).toHaveLength(4);
  expect(rig.recordAfterRun).toHaveBeenCalledTimes(1);
  const records = await recordsOf(rig.longTerm);
  expect(records.length).toBeGreaterThan(4);
  expect(records).toEqual(await recordedAlone([messages]));
}

describe('agent: a riding long-term record failing at the commit of the last step', () => {
  it('on PostgreSQL, once: the step commits without it, then the run records alone', () =>
    stores.postgres(async ({ store, admin, schema }) => {
      // nextval is not rolled back: only the first check (at the first commit writing a record) fails.
      await admin.query(`CREATE SEQUENCE ${schema}.fail_once`);
      await admin.query(
        `CREATE FUNCTION ${schema}.fail_ltm_at_commit() RETURNS trigger LANGUAGE plpgsql AS
         $$ BEGIN IF nextval('${schema}.fail_once') = 1 THEN RAISE EXCEPTION 'injected commit-time failure'; END IF;
         RETURN NULL; END $$`,
      );
      await admin.query(
        `CREATE CONSTRAINT TRIGGER fail_ltm_at_commit AFTER INSERT ON ${schema}.engram_ltm_records
         DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ${schema}.fail_ltm_at_commit()`,
      );
      await recordsAlone(store);
    }));

  it('on SQLite, once (a deferred foreign key the record breaks): the step commits without it, then the run records alone', () =>
    stores.sqlite(async (store, db) => {
      await store.ready();
      let left = 1;
      db.function('engram_test_fail', () => (left-- > 0 ? 1 : 0));
      db.exec('PRAGMA foreign_keys = ON');
      db.exec(`CREATE TABLE fail_parent (id INTEGER PRIMARY KEY);
        CREATE TABLE fail_child (pid INTEGER REFERENCES fail_parent(id) DEFERRABLE INITIALLY DEFERRED);
        CREATE TEMP TRIGGER fail_ltm_at_commit AFTER INSERT ON main.engram_ltm_records WHEN engram_test_fail()
        BEGIN INSERT INTO fail_child VALUES (1); END`);
      await recordsAlone(store);
      expect(left).toBeLessThan(1);
    }));
});
