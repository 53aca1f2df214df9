import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { agentWithLongTerm, recordedAlone, recordsOf } from '../../../test-support/agent-long-term-rig.ts';
import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import { createPostgresStore } from '../../drivers/postgres/postgres-driver.ts';
import { openSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';

/**
 * Review of the riding long-term record: a record whose writes make the append's COMMIT fail (a deferred
 * constraint on the records table, checked at commit) must not lose the step either (the log is the truth): the
 * step commits again without the record and the run records alone, as when the record throws inside the
 * transaction. A real database error (a deferred constraint trigger failing once), nothing mocked.
 */

const dir = mkdtempSync(join(tmpdir(), 'engram-ltm-ride-commit-'));
let schema: TestDatabase | undefined;
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await schema?.drop();
});

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
  it('on PostgreSQL, once: the step commits without it, then the run records alone', async () => {
    schema ??= await createTestSchema('engram_ltm_ride_commit');
    const s = schema;
    const store = createPostgresStore({ connectionString: s.url, schema: s.name, maxConnections: 4 });
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: s.url });
    await admin.connect();
    try {
      await store.ready();
      // nextval is not rolled back: only the first check (at the first commit writing a record) fails.
      await admin.query(`CREATE SEQUENCE ${s.name}.fail_once`);
      await admin.query(
        `CREATE FUNCTION ${s.name}.fail_ltm_at_commit() RETURNS trigger LANGUAGE plpgsql AS
         $$ BEGIN IF nextval('${s.name}.fail_once') = 1 THEN RAISE EXCEPTION 'injected commit-time failure'; END IF;
         RETURN NULL; END $$`,
      );
      await admin.query(
        `CREATE CONSTRAINT TRIGGER fail_ltm_at_commit AFTER INSERT ON ${s.name}.engram_ltm_records
         DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ${s.name}.fail_ltm_at_commit()`,
      );
      await recordsAlone(store);
    } finally {
      await admin.end();
      await store.close();
    }
  });

  it('on SQLite, once (a deferred foreign key the record breaks): the step commits without it, then the run records alone', async () => {
    const db = new DatabaseSync(join(dir, 'deferred.db'));
    const store = await openSqliteStore({ database: db });
    try {
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
    } finally {
      await store.close();
    }
  });
});
