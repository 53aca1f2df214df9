import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCountingPool } from '../../../test-support/postgres/counting-pool.ts';
import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import { withDeferredDurability } from '../../core/deferred-durability.ts';
import { withArtifactsOnAppend } from '../../store/append-riders.ts';
import { makeMessage, toInputs, uniqueScope } from '../../testing/fixtures.ts';
import { createPostgresStore } from './postgres-driver.ts';

/**
 * PostgreSQL: a transaction inside `withDeferredDurability` commits with `synchronous_commit` off, others do not;
 * an append carrying artifacts (`withArtifactsOnAppend`) writes both, and deletes what it names, in one transaction.
 */

let db: TestDatabase;
let pool: pg.Pool;
const queries = createCountingPool(() => pool);
const counting = queries.pool;

beforeAll(async () => {
  db = await createTestSchema('engram_dd');
  pool = new pg.Pool({ connectionString: db.url, max: 4 });
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

describe('postgres: deferred durability and artifacts with an append', () => {
  it('deferred appends commit with synchronous_commit off; riding artifacts commit with their append', async () => {
    const store = createPostgresStore({ pool: counting, schema: db.name });
    await store.ready();
    const scope = uniqueScope();
    await store.createSession(scope, { id: 's' });
    queries.clear();
    await withDeferredDurability(() => store.append(scope, 's', toInputs([makeMessage('user', 'prompt')])));
    expect(queries.sent.filter((t) => /synchronous_commit/.test(t))).toEqual([
      'SET LOCAL synchronous_commit = off',
    ]);
    queries.clear();
    const artifact = { id: 'rec', kind: 'k', fromSeq: 1, toSeq: 1, data: { n: 1 } };
    await withArtifactsOnAppend(
      {
        scope,
        sessionId: 's',
        putArtifact: (a) => store.putArtifact(scope, 's', a),
        deleteArtifact: (id) => store.deleteArtifact(scope, 's', id),
      },
      [artifact],
      () => store.append(scope, 's', toInputs([makeMessage('assistant', 'answer')])),
    );
    expect(queries.sent.some((t) => /synchronous_commit/.test(t))).toBe(false);
    expect(queries.sent.filter((t) => t === 'COMMIT')).toHaveLength(1);
    expect((await store.readRange(scope, 's')).map((e) => e.message.role)).toEqual(['user', 'assistant']);
    expect((await store.listArtifacts(scope, 's')).map((a) => a.id)).toEqual(['rec']);
    // The next record replaces it: the deletion rides in the same transaction (retention's trim).
    queries.clear();
    await withArtifactsOnAppend(
      {
        scope,
        sessionId: 's',
        putArtifact: (a) => store.putArtifact(scope, 's', a),
        deleteArtifact: (id) => store.deleteArtifact(scope, 's', id),
      },
      [{ ...artifact, id: 'rec2', fromSeq: 2, toSeq: 2 }],
      () => store.append(scope, 's', toInputs([makeMessage('user', 'next')])),
      ['rec', 'never-written'],
    );
    expect(queries.sent.filter((t) => t === 'COMMIT')).toHaveLength(1);
    expect((await store.listArtifacts(scope, 's')).map((a) => a.id)).toEqual(['rec2']);
    await store.close();
  });
});
