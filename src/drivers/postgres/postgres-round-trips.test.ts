import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCountingPool } from '../../../test-support/postgres/counting-pool.ts';
import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { makeMessage, toInputs, uniqueScope } from '../../testing/fixtures.ts';
import { createPostgresStore, type PostgresStore } from './postgres-driver.ts';

/**
 * Round trips per append on PostgreSQL, counted by a pool that wraps a real `pg.Pool` and counts every query
 * sent (on the pool and on checked-out connections): an append is one statement (schema v9's routine, which
 * commits on its own), and concurrent appends of one process to any sessions share one.
 */

let db: TestDatabase;
let pool: pg.Pool;
const queries = createCountingPool(() => pool);
const counting = queries.pool;

beforeAll(async () => {
  db = await createTestSchema('engram_rt');
  pool = new pg.Pool({ connectionString: db.url, max: 4 });
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

const open = async (groupCommit = true): Promise<PostgresStore> => {
  const store = createPostgresStore({ pool: counting, schema: db.name, groupCommit });
  await store.ready();
  return store;
};

/** Queries sent while `fn` runs. */
async function roundTrips(fn: () => Promise<unknown>): Promise<string[]> {
  queries.clear();
  await fn();
  return [...queries.sent];
}

describe('postgres: round trips per append', () => {
  it('store.append and memory.store: one round trip each; without group commit, four', async () => {
    const store = await open();
    const scope = uniqueScope();
    await store.createSession(scope, { id: 's' });
    const one = await roundTrips(() => store.append(scope, 's', toInputs([makeMessage('user', 'hi')])));
    expect(one).toHaveLength(1);
    const three = await roundTrips(() =>
      store.append(scope, 's', toInputs(['a', 'b', 'c'].map((t) => makeMessage('user', t)))),
    );
    expect(three).toHaveLength(1);
    const memory = createConversationMemory({ store, scope, sessionId: 'chat' });
    await memory.stats(); // opens (creates) the session
    expect(await roundTrips(() => memory.store({ role: 'user', content: 'hello' }))).toHaveLength(1);
    expect(await roundTrips(() => memory.store({ role: 'assistant', content: 'hi there' }))).toHaveLength(1);

    const plain = await open(false);
    const before = await roundTrips(() => plain.append(scope, 's', toInputs([makeMessage('user', 'x')])));
    expect(before).toEqual([
      'BEGIN',
      expect.stringMatching(/^UPDATE/),
      expect.stringMatching(/^INSERT/),
      'COMMIT',
    ]);
    expect((await store.stats(scope, 's')).lastSeq).toBe(5);
    await Promise.all([store.close(), plain.close()]);
  });

  it('16 concurrent appends to 16 sessions share one round trip', async () => {
    const store = await open();
    const scope = uniqueScope();
    const ids = Array.from({ length: 16 }, (_, i) => `s${i}`);
    for (const id of ids) await store.createSession(scope, { id });
    const batch = await roundTrips(() =>
      Promise.all(ids.map((id) => store.append(scope, id, toInputs([makeMessage('user', id)])))),
    );
    expect(batch).toHaveLength(1);
    for (const id of ids)
      expect((await store.readRange(scope, id)).map((e) => e.message.content)).toEqual([id]);
    await store.close();
  });
});
