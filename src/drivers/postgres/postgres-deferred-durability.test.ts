import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, type TestDatabase } from '../../../test-support/postgres/test-database.ts';
import { withDeferredDurability } from '../../core/deferred-durability.ts';
import { withArtifactsOnAppend } from '../../store/append-riders.ts';
import { makeMessage, toInputs, uniqueScope } from '../../testing/fixtures.ts';
import type { PgPoolClientLike, PgPoolLike } from './postgres-client.ts';
import { createPostgresStore } from './postgres-driver.ts';

/**
 * PostgreSQL: a transaction inside `withDeferredDurability` commits with `synchronous_commit` off, others do not;
 * an append carrying artifacts (`withArtifactsOnAppend`) writes both in one transaction.
 */

let db: TestDatabase;
let pool: pg.Pool;
let sent: string[] = [];
const counting: PgPoolLike = {
  query: (text, params) => {
    sent.push(text);
    return pool.query(text, params);
  },
  connect: async (): Promise<PgPoolClientLike> => {
    const conn = await pool.connect();
    return {
      query: (text, params) => {
        sent.push(text);
        return conn.query(text, params);
      },
      release: (destroy) => conn.release(destroy),
    };
  },
};

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
    sent = [];
    await withDeferredDurability(() => store.append(scope, 's', toInputs([makeMessage('user', 'prompt')])));
    expect(sent.filter((t) => /synchronous_commit/.test(t))).toEqual(['SET LOCAL synchronous_commit = off']);
    sent = [];
    const artifact = { id: 'rec', kind: 'k', fromSeq: 1, toSeq: 1, data: { n: 1 } };
    await withArtifactsOnAppend(
      { scope, sessionId: 's', putArtifact: (a) => store.putArtifact(scope, 's', a) },
      [artifact],
      () => store.append(scope, 's', toInputs([makeMessage('assistant', 'answer')])),
    );
    expect(sent.some((t) => /synchronous_commit/.test(t))).toBe(false);
    expect(sent.filter((t) => t === 'COMMIT')).toHaveLength(1);
    expect((await store.readRange(scope, 's')).map((e) => e.message.role)).toEqual(['user', 'assistant']);
    expect((await store.listArtifacts(scope, 's')).map((a) => a.id)).toEqual(['rec']);
    await store.close();
  });
});
