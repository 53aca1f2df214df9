import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteClient } from '../sqlite/sqlite-client.ts';
import { openSqliteStore } from '../sqlite/sqlite-driver.ts';
import { runMigrations } from './migrate.ts';
import { sqlMigrations } from './schema.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-state-mig-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('schema v2: component state owned by scope', () => {
  it('moves existing session state to its session owner and other state to the tenant', async () => {
    const path = join(dir, 'v1.db');
    const db = new DatabaseSync(path);
    const v1 = sqlMigrations.filter((m) => m.version === 1);
    expect(await runMigrations(createSqliteClient(db), { migrations: v1 })).toEqual([1]);
    const session = db.prepare(
      'INSERT INTO engram_sessions (tenant, id, user_id, agent_id, metadata, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 0, 0)',
    );
    session.run('acme', 'alice-chat', 'alice', null, '{}');
    session.run('acme', 'a', 'bob', 'bot', '{}');
    session.run('acme', 'a:b', 'carol', null, '{}');
    const state = db.prepare(
      'INSERT INTO engram_component_state (tenant, key, value, updated_at) VALUES (?, ?, ?, 0)',
    );
    state.run('acme', 'session:alice-chat:ConversationMemory', '"alice log"');
    state.run('acme', 'session:a:Agent', '"bob bot"');
    state.run('acme', 'session:a:b:Agent', '"carol"');
    state.run('acme', 'session:gone:Agent', '"orphan"');
    state.run('acme', 'Prefs', '"tenant prefs"');
    db.close();

    const store = await openSqliteStore({ path });
    const alice = { tenant: 'acme', user: 'alice' };
    expect(await store.getState(alice, 'session:alice-chat:ConversationMemory')).toBe('alice log');
    expect(await store.getState({ tenant: 'acme' }, 'session:alice-chat:ConversationMemory')).toBeUndefined();
    expect(
      await store.getState({ tenant: 'acme', user: 'bob' }, 'session:alice-chat:ConversationMemory'),
    ).toBe(undefined);
    expect(await store.getState({ tenant: 'acme', user: 'bob', agent: 'bot' }, 'session:a:Agent')).toBe(
      'bob bot',
    );
    expect(await store.getState({ tenant: 'acme', user: 'carol' }, 'session:a:b:Agent')).toBe('carol');
    expect(await store.getState({ tenant: 'acme' }, 'Prefs')).toBe('tenant prefs');
    expect(await store.getState(alice, 'Prefs')).toBeUndefined();
    expect(await store.getState({ tenant: 'acme' }, 'legacy:session:gone:Agent')).toBe('orphan');
    await store.close();

    const after = new DatabaseSync(path);
    const rows = after
      .prepare('SELECT user_id, agent_id, key FROM engram_component_state ORDER BY key')
      .all()
      .map((r) => [r.user_id, r.agent_id, r.key]);
    // v6: the orphan (its session is gone) is a plain legacy key, so a later session `gone` does not show it.
    expect(rows).toEqual([
      ['', '', 'Prefs'],
      ['', '', 'legacy:session:gone:Agent'],
      ['bob', 'bot', 'session:a:Agent'],
      ['carol', '', 'session:a:b:Agent'],
      ['alice', '', 'session:alice-chat:ConversationMemory'],
    ]);
    const versions = after.prepare('SELECT version FROM engram_migrations ORDER BY version').all();
    expect(versions.map((v) => v.version)).toEqual(sqlMigrations.map((m) => m.version));
    after.close();
  });
});
