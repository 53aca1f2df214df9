import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestSchema } from '../../../test-support/postgres/test-database.ts';
import type { Scope } from '../../core/scope.ts';
import { serializeMessage } from '../../messages/serialize.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { expectMemoryError, makeMessage } from '../../testing/fixtures.ts';
import { createPostgresClient } from '../postgres/postgres-client.ts';
import { createPostgresDialect } from '../postgres/postgres-dialect.ts';
import { openPostgresStore } from '../postgres/postgres-driver.ts';
import { createSqliteClient } from '../sqlite/sqlite-client.ts';
import { openSqliteStore } from '../sqlite/sqlite-driver.ts';
import { runMigrations } from './migrate.ts';
import { sqlMigrations } from './schema.ts';
import type { SqlClient } from './sql-client.ts';
import { queryRun } from './sql-exec.ts';
import { sql } from './sql-fragment.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-owner-mig-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const u1: Scope = { tenant: 'acme', user: 'u1' };
const u1Bot: Scope = { tenant: 'acme', user: 'u1', agent: 'bot' };
const carol: Scope = { tenant: 'acme', user: 'carol' };
const org: Scope = { tenant: 'acme' };

/** Fills a schema-v5 database (sessions unique per tenant): sessions, a cross-owner fork, messages, an artifact, state. */
async function seedV5(client: SqlClient): Promise<void> {
  const v5 = sqlMigrations.filter((m) => m.version <= 5);
  expect(await runMigrations(client, { migrations: v5 })).toEqual([1, 2, 3, 4, 5]);
  const session = (
    id: string,
    user: string | null,
    agent: string | null,
    fork: [string, number] | null,
    counts: [number, number, number | null],
  ) =>
    queryRun(
      client,
      sql`INSERT INTO engram_sessions (tenant, id, user_id, agent_id, parent_id, forked_at_seq, metadata, created_at, updated_at, last_seq, live_count, live_tokens, inherited_count, inherited_tokens) VALUES ('acme', ${id}, ${user}, ${agent}, ${fork?.[0] ?? null}, ${fork?.[1] ?? null}, ${`{"v":"${id}"}`}, 0, 0, ${counts[0]}, ${counts[1]}, ${counts[1]}, ${counts[2]}, ${counts[2]})`,
    );
  await session('chat', 'u1', null, null, [2, 2, null]);
  await session('bot', 'u1', 'bot', null, [1, 1, null]);
  await session('a:b', 'carol', null, null, [0, 0, null]);
  // A fork the whole tenant made of u1's chat (allowed before v6), with one message of its own.
  await session('fork', null, null, ['chat', 1], [2, 1, 1]);
  const add = (sessionId: string, seq: number, text: string) => {
    const m = makeMessage('user', text);
    return queryRun(
      client,
      sql`INSERT INTO engram_messages (tenant, session_id, seq, message_id, role, created_at, tokens, body, text) VALUES ('acme', ${sessionId}, ${seq}, ${m.id}, 'user', 0, 1, ${serializeMessage(m)}, ${text})`,
    );
  };
  await add('chat', 1, 'kiwi one');
  await add('chat', 2, 'kiwi two');
  await add('bot', 1, 'kiwi bot');
  await add('fork', 2, 'kiwi fork');
  await queryRun(
    client,
    sql`INSERT INTO engram_artifacts (tenant, session_id, id, kind, from_seq, to_seq, data, created_at) VALUES ('acme', 'chat', 'sum', 'summary', 1, 2, '"summary of chat"', 0)`,
  );
  const state = (user: string, key: string, value: string) =>
    queryRun(
      client,
      sql`INSERT INTO engram_component_state (tenant, user_id, agent_id, key, value, updated_at) VALUES ('acme', ${user}, '', ${key}, ${value}, 0)`,
    );
  await state('u1', 'session:chat:Agent', '"u1 agent"');
  await state('carol', 'session:a:b:Agent', '"carol"');
  await state('', 'Prefs', '"org prefs"');
  await state('', 'session:x', '"plain"');
  // Read by the old code as session `chat`'s (the shortest prefix naming a session), today as `chat:memory`'s.
  await state('u1', 'session:chat:memory:main', '{"v":"old"}');
  // The tenant's state on u1's session (the old code let a wider scope write it), and a deleted session's.
  await state('', 'session:chat:Note', '"tenant note"');
  await state('u1', 'session:gone:x', '"orphan"');
  // A row whose legacy key is taken keeps its key.
  await state('u1', 'session:gone:w', '"orphan w"');
  await state('u1', 'legacy:session:gone:w', '"there first"');
}

/** Opens the migrated store, checks that everything seeded reads back, then uses the new keying. */
async function checkUpgraded(store: MemoryStoreV1): Promise<void> {
  const texts = (es: { message: { content: unknown } }[]) => es.map((e) => e.message.content);

  expect(await store.getSession(u1, 'chat')).toMatchObject({
    id: 'chat',
    scope: u1,
    metadata: { v: 'chat' },
  });
  expect(texts(await store.readRange(u1, 'chat'))).toEqual(['kiwi one', 'kiwi two']);
  expect(await store.stats(u1, 'chat')).toMatchObject({ count: 2, tokens: 2, lastSeq: 2 });
  expect(texts(await store.readRange(u1Bot, 'bot'))).toEqual(['kiwi bot']);
  expect(texts(await store.readRange(org, 'fork'))).toEqual(['kiwi one', 'kiwi fork']);
  expect(await store.stats(org, 'fork')).toMatchObject({ count: 2, tokens: 2, lastSeq: 2 });
  expect((await store.listArtifacts(u1, 'chat')).map((a) => a.data)).toEqual(['summary of chat']);
  expect(await store.getState(u1, 'session:chat:Agent')).toBe('u1 agent');
  expect(await store.getState(carol, 'session:a:b:Agent')).toBe('carol');
  expect(await store.getState(org, 'Prefs')).toBe('org prefs');
  expect(await store.getState(org, 'session:x')).toBe('plain');
  // State the old code read as another session's is a plain `legacy:` key of its owner, in no session.
  expect(await store.getState(u1, 'session:chat:memory:main')).toBeUndefined();
  expect(await store.getState(u1, 'legacy:session:chat:memory:main')).toEqual({ v: 'old' });
  expect(await store.getState(org, 'legacy:session:chat:Note')).toBe('tenant note');
  expect(await store.getState(u1, 'legacy:session:gone:x')).toBe('orphan');
  expect(await store.getState(u1, 'legacy:session:gone:w')).toBe('there first');
  await expectMemoryError(store.putState(u1, 'session:chat:memory:main', 1), 'SESSION_NOT_FOUND');
  const listed = (await store.listSessions(org)).map(
    (r) => `${r.scope.user ?? '-'}/${r.scope.agent ?? '-'} ${r.id}`,
  );
  expect(listed.sort()).toEqual(['-/- fork', 'carol/- a:b', 'u1/- chat', 'u1/bot bot']);
  const hits = await store.searchMessages(org, { text: 'kiwi', limit: 10 });
  expect(hits.map((h) => `${h.scope.user ?? '-'} ${h.sessionId} ${h.entry.message.content}`).sort()).toEqual([
    '- fork kiwi fork',
    '- fork kiwi one',
    'u1 bot kiwi bot',
    'u1 chat kiwi one',
    'u1 chat kiwi two',
  ]);

  // The tenant and another user now get their own `chat`; u1's is untouched.
  await store.createSession(org, { id: 'chat' });
  await store.createSession({ tenant: 'acme', user: 'u2' }, { id: 'chat' });
  expect(await store.readRange(org, 'chat')).toEqual([]);
  expect(texts(await store.readRange(u1, 'chat'))).toEqual(['kiwi one', 'kiwi two']);
  // Deleting u1's chat copies the fork's shared prefix into it first, and drops only u1's state.
  await store.deleteSession(u1, 'chat');
  expect(texts(await store.readRange(org, 'fork'))).toEqual(['kiwi one', 'kiwi fork']);
  expect(await store.getState(u1, 'session:chat:Agent')).toBeUndefined();
  expect(await store.getState(carol, 'session:a:b:Agent')).toBe('carol');
  expect(await store.getSession(org, 'chat')).toBeDefined();
  // No old state shows up in a session created now; the legacy keys outlive the deleted session.
  await store.createSession(u1, { id: 'chat:memory' });
  await store.createSession(u1, { id: 'gone' });
  expect(await store.getState(u1, 'session:chat:memory:main')).toBeUndefined();
  expect(await store.getState(org, 'session:chat:Note')).toBeUndefined();
  expect(await store.getState(u1, 'session:gone:x')).toBeUndefined();
  expect(await store.getState(u1, 'legacy:session:chat:memory:main')).toEqual({ v: 'old' });
}

const expectedRows = [
  ['carol', '', 'a:b', true],
  ['u1', 'bot', 'bot', true],
  ['', '', 'chat', false],
  ['u2', '', 'chat', false],
  ['u1', '', 'chat:memory', false],
  ['', '', 'fork', true],
  ['u1', '', 'gone', false],
];
const rowsQuery =
  'SELECT user_id, agent_id, id, log_id = id AS legacy FROM engram_sessions ORDER BY id, user_id';

describe('schema v6: sessions keyed by owner', () => {
  it('sqlite: keeps every pre-existing session, message, fork, artifact and state row readable', async () => {
    const path = join(dir, 'v5.db');
    const db = new DatabaseSync(path);
    await seedV5(createSqliteClient(db));
    db.close();
    const store = await openSqliteStore({ path });
    await checkUpgraded(store);
    await store.close();
    const after = new DatabaseSync(path);
    const rows = after.prepare(rowsQuery).all();
    expect(rows.map((r) => [r.user_id, r.agent_id, r.id, r.legacy === 1])).toEqual(expectedRows);
    const versions = after.prepare('SELECT version FROM engram_migrations ORDER BY version').all();
    expect(versions.map((v) => v.version)).toEqual(sqlMigrations.map((m) => m.version));
    after.close();
  });

  it('postgres: keeps every pre-existing session, message, fork, artifact and state row readable', async () => {
    const schema = await createTestSchema('engram_v5');
    const connection = new pg.Client({ connectionString: schema.url });
    await connection.connect();
    try {
      const dialect = createPostgresDialect(schema.name);
      await seedV5(createPostgresClient({ dialect, schema: schema.name, connection }));
      const store = await openPostgresStore({ connectionString: schema.url, schema: schema.name });
      await checkUpgraded(store);
      await store.close();
      const { rows } = await connection.query(
        rowsQuery.replace('engram_sessions', `"${schema.name}".engram_sessions`),
      );
      expect(rows.map((r) => [r.user_id, r.agent_id, r.id, r.legacy])).toEqual(expectedRows);
    } finally {
      await connection.end();
      await schema.drop();
    }
  });
});
