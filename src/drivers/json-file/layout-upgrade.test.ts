import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Scope } from '../../core/scope.ts';
import { expectMemoryError, makeMessage } from '../../testing/fixtures.ts';
import { encodeFileName } from './file-names.ts';
import { lockFileName } from './folder-lock.ts';
import { createJsonFileStore } from './json-file-driver.ts';
import { layoutMarker } from './layout-upgrade.ts';
import { entryLine } from './session-log.ts';

const root = await mkdtemp(join(tmpdir(), 'engram-json-upgrade-'));
afterAll(() => rm(root, { recursive: true, force: true }));
let n = 0;

const tenant = 'acme';
const u1: Scope = { tenant, user: 'u1' };
const u1Bot: Scope = { tenant, user: 'u1', agent: 'bot' };
const org: Scope = { tenant };
const at = '2024-01-01T00:00:00.000Z';

/** Writes a session document and log as layout 1 did: every session in the tenant folder. */
async function legacySession(
  dir: string,
  id: string,
  scope: Scope,
  texts: string[],
  extra: { parentId?: string; forkedAtSeq?: number; components?: Record<string, unknown> } = {},
): Promise<void> {
  const { components, ...fork } = extra;
  const record = { id, scope, ...fork, metadata: {}, createdAt: at, updatedAt: at };
  const doc = {
    sessionId: id,
    components: { 'engram.session': record, 'engram.artifacts': [], ...components },
    timestamp: at,
  };
  await writeFile(join(dir, `${encodeFileName(id)}.json`), JSON.stringify(doc));
  const first = (fork.forkedAtSeq ?? 0) + 1;
  const lines = texts.map((text, i) =>
    entryLine({ seq: first + i, tokens: 1, message: makeMessage('user', text) }, new Date(at)),
  );
  if (lines.length) await writeFile(join(dir, `${encodeFileName(id)}.messages.jsonl`), lines.join(''));
}

/** A layout-1 directory: u1's `chat` (with state), u1's bot session, the tenant's `team` and its fork of u1's chat. */
async function legacyDirectory(): Promise<{ directory: string; tenantDir: string }> {
  const directory = join(root, `d${n++}`);
  const tenantDir = join(directory, encodeFileName(tenant));
  await mkdir(tenantDir, { recursive: true });
  await legacySession(tenantDir, 'chat', u1, ['c1', 'c2'], { components: { Agent: 'u1 agent' } });
  await legacySession(tenantDir, 'Bot-Chat', u1Bot, ['b1']);
  await legacySession(tenantDir, 'team', org, ['t1']);
  await legacySession(tenantDir, 'fork', org, ['f2'], { parentId: 'chat', forkedAtSeq: 1 });
  const state = { tenant, states: { Prefs: 'org' }, scoped: [{ user: 'u1', states: { Prefs: 'u1' } }] };
  await writeFile(join(tenantDir, '_state.json'), JSON.stringify(state));
  return { directory, tenantDir };
}

const texts = (es: { message: { content: unknown } }[]) => es.map((e) => e.message.content);

describe('json-file layout upgrade (sessions keyed by owner)', () => {
  it('reads every session of a layout-1 directory, moves owned ones to their folders, keeps cross-owner forks', async () => {
    const { directory, tenantDir } = await legacyDirectory();
    const store = createJsonFileStore({ directory });
    expect(texts(await store.readRange(u1, 'chat'))).toEqual(['c1', 'c2']);
    expect(await store.getState(u1, 'session:chat:Agent')).toBe('u1 agent');
    expect(texts(await store.readRange(u1Bot, 'Bot-Chat'))).toEqual(['b1']);
    expect(texts(await store.readRange(org, 'fork'))).toEqual(['c1', 'f2']);
    expect(await store.getState(org, 'Prefs')).toBe('org');
    expect(await store.getState(u1, 'Prefs')).toBe('u1');
    const listed = (await store.listSessions(org)).map((r) => `${r.scope.user ?? '-'}/${r.id}`);
    expect(listed.sort()).toEqual(['-/fork', '-/team', 'u1/Bot-Chat', 'u1/chat']);
    expect((await readdir(directory)).sort()).toEqual(
      [encodeFileName(tenant), layoutMarker, lockFileName].sort(),
    );
    expect((await readdir(tenantDir)).sort()).toEqual([
      '_state.json',
      '_user',
      'fork.json',
      'fork.messages.jsonl',
      'team.json',
      'team.messages.jsonl',
    ]);
    expect((await readdir(join(tenantDir, '_user/u1'))).sort()).toEqual([
      '_agent',
      'chat.json',
      'chat.messages.jsonl',
    ]);
    const forkDoc = JSON.parse(await readFile(join(tenantDir, 'fork.json'), 'utf8'));
    expect(forkDoc.components['engram.session'].parentScope).toEqual(u1);
    // The tenant can now have its own `chat`; deleting u1's copies the fork's shared prefix into it first.
    await store.createSession(org, { id: 'chat' });
    expect(await store.readRange(org, 'chat')).toEqual([]);
    await store.deleteSession(u1, 'chat');
    expect(texts(await store.readRange(org, 'fork'))).toEqual(['c1', 'f2']);
    await store.close();
    const again = createJsonFileStore({ directory });
    expect(texts(await again.readRange(org, 'fork'))).toEqual(['c1', 'f2']);
    expect(await again.getSession(u1, 'chat')).toBeUndefined();
    expect(texts(await again.readRange(u1Bot, 'Bot-Chat'))).toEqual(['b1']);
    await again.close();
  });

  it('finishes an upgrade a crash interrupted (log moved, document not, no marker)', async () => {
    const { directory, tenantDir } = await legacyDirectory();
    await mkdir(join(tenantDir, '_user/u1'), { recursive: true });
    await rename(join(tenantDir, 'chat.messages.jsonl'), join(tenantDir, '_user/u1/chat.messages.jsonl'));
    const store = createJsonFileStore({ directory });
    expect(texts(await store.readRange(u1, 'chat'))).toEqual(['c1', 'c2']);
    expect(texts(await store.readRange(org, 'fork'))).toEqual(['c1', 'f2']);
    expect(await readdir(tenantDir)).not.toContain('chat.json');
    await store.close();
  });

  it('leaves other files in the directory alone (a SQLite file beside the tenant folders)', async () => {
    const { directory } = await legacyDirectory();
    await writeFile(join(directory, 'store.db'), 'not a tenant');
    const store = createJsonFileStore({ directory });
    expect(texts(await store.readRange(u1, 'chat'))).toEqual(['c1', 'c2']);
    expect(await readFile(join(directory, 'store.db'), 'utf8')).toBe('not a tenant');
    await store.close();
  });

  it("moves layout 1's state keys: each stays under its name only where both layouts read it as the same session's, else becomes legacy:<key>", async () => {
    const directory = join(root, `d${n++}`);
    const tenantDir = join(directory, encodeFileName(tenant));
    await mkdir(tenantDir, { recursive: true });
    // Layout 1 kept `session:<id>:<name>` as a component of the shortest prefix id's document (the owner's):
    // `session:chat:memory:main` as `memory:main` of `chat`, which today would name the session `chat:memory`.
    const components = { Agent: 'u1 agent', 'memory:main': { v: 'old' } };
    await legacySession(tenantDir, 'chat', u1, ['c1'], { components });
    await legacySession(tenantDir, 'a:b', u1, [], { components: { x: 'in a:b' } });
    await legacySession(tenantDir, 'Bot-Chat', u1Bot, []);
    // SessionManager's save and keys layout 1 could not put in a document went to _state.json.
    const save = { sessionId: 'chat', components: { ConversationMemory: { messages: [] } }, timestamp: at };
    const u1States = {
      'session:chat:engram.components': save,
      'session:chat:engram.x': 'reserved name',
      'session:gone:x': 'orphan',
      'session:Bot-Chat:y': "another owner's session",
      'session:a:b:z': 'of a:b (there is no a)',
      'session:gone:w': 'orphan whose legacy key is taken',
      'legacy:session:gone:w': 'a plain key that was there first',
      Prefs: 'u1',
    };
    const state = {
      tenant,
      states: { 'session:chat:Note': "the tenant's note on u1's chat" },
      scoped: [{ user: 'u1', states: u1States }],
    };
    await writeFile(join(tenantDir, '_state.json'), JSON.stringify(state));
    let store = createJsonFileStore({ directory });
    const get = (scope: Scope, key: string) => store.getState(scope, key);
    for (let round = 0; round < 2; round++) {
      expect(await get(u1, 'session:chat:Agent')).toBe('u1 agent');
      expect(await get(u1, 'session:chat:engram.x')).toBe('reserved name');
      expect(await get(u1, 'session:chat:engram.components')).toEqual(save);
      expect(await get(u1, 'session:a:b:x')).toBe('in a:b');
      expect(await get(u1, 'Prefs')).toBe('u1');
      // Neither lost nor attached to another session: a plain key of the same owner.
      expect(await get(u1, 'session:chat:memory:main')).toBeUndefined();
      expect(await get(u1, 'legacy:session:chat:memory:main')).toEqual({ v: 'old' });
      expect(await get(u1, 'legacy:session:gone:x')).toBe('orphan');
      expect(await get(u1, 'legacy:session:Bot-Chat:y')).toBe("another owner's session");
      expect(await get(org, 'legacy:session:chat:Note')).toBe("the tenant's note on u1's chat");
      expect(await get(u1, 'session:a:b:z')).toBe('of a:b (there is no a)');
      // A taken legacy key keeps its value; the old value stays in _state.json under its old key.
      expect(await get(u1, 'legacy:session:gone:w')).toBe('a plain key that was there first');
      const states = JSON.parse(await readFile(join(tenantDir, '_state.json'), 'utf8'));
      expect(states.scoped[0].states['session:gone:w']).toBe('orphan whose legacy key is taken');
      const doc = JSON.parse(await readFile(join(tenantDir, '_user/u1/chat.json'), 'utf8'));
      expect(Object.keys(doc.components)).toEqual(['ConversationMemory', 'engram.session', 'engram.state']);
      expect(doc.components['engram.state']).toEqual({ 'engram.x': 'reserved name', Agent: 'u1 agent' });
      expect(doc.timestamp).toBe(at);
      await store.close();
      store = createJsonFileStore({ directory });
    }
    expect(await readdir(tenantDir)).not.toContain('_upgrade.json');
    // No old state shows up in a session created or deleted now.
    await expectMemoryError(store.putState(u1, 'session:chat:memory:main', 1), 'SESSION_NOT_FOUND');
    await store.createSession(u1, { id: 'chat:memory' });
    await store.createSession(u1, { id: 'gone' });
    await store.createSession(org, { id: 'chat' });
    expect(await get(u1, 'session:chat:memory:main')).toBeUndefined();
    expect(await get(u1, 'session:gone:x')).toBeUndefined();
    expect(await get(u1, 'session:gone:w')).toBeUndefined();
    expect(await get(org, 'session:chat:Note')).toBeUndefined();
    await store.deleteSession(u1, 'chat');
    expect(await get(u1, 'legacy:session:chat:memory:main')).toEqual({ v: 'old' });
    expect(await get(u1, 'session:chat:Agent')).toBeUndefined();
    await store.close();
  });

  it('runs once: a directory with the marker is not scanned again', async () => {
    const { directory, tenantDir } = await legacyDirectory();
    await writeFile(join(directory, layoutMarker), '{"engram":"json-file","layout":2}\n');
    const store = createJsonFileStore({ directory });
    expect(await store.getSession(u1, 'chat')).toBeUndefined();
    expect(await readdir(tenantDir)).toContain('chat.json');
    await store.close();
  });
});
