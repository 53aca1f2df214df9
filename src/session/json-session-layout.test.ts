import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JSONValue } from 'ai';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Scope } from '../core/scope.ts';
import type { StateModule } from '../core/state-module.ts';
import { createJsonFileStore } from '../drivers/json-file/json-file-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { serializeMessage } from '../messages/serialize.ts';
import { arbJson, arbName } from '../testing/message-arbitraries.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { SessionManager, sessionStateKey } from './session-manager.ts';

const root = await mkdtemp(join(tmpdir(), 'engram-json-session-'));
afterAll(() => rm(root, { recursive: true, force: true }));
let n = 0;
const freshDir = () => join(root, `d${n++}`);
const counter = createEstimateTokenCounter();
const readJson = async (path: string) => JSON.parse(await readFile(path, 'utf8'));

/** A component with a plain state, recording what it was given back. */
function component(componentName: string, state: JSONValue): StateModule & { loaded: JSONValue[] } {
  const loaded: JSONValue[] = [];
  return { componentName, loaded, saveState: () => state, loadState: (s) => void loaded.push(s) };
}

describe("SessionManager over the json-file store: seed 002's JsonSession file", () => {
  it('writes <tenant>/user123.json as { sessionId, components, timestamp } and reads it back', async () => {
    const directory = freshDir();
    const scope = { tenant: 'acme' };
    let store = createJsonFileStore({ directory });
    const memory = createConversationMemory({ store, scope, sessionId: 'user123', counter });
    await memory.store([
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello! How can I help?' }] },
    ]);
    const agent = component('ReActAgent', { memory: 'ConversationMemory', interrupted: false });
    const saved = await SessionManager.forSessionId('user123')
      .withSession(store, scope)
      .addComponent(memory)
      .addComponent(agent)
      .saveSession();
    const original = await memory.read();
    await store.close();

    const tenantDir = join(directory, 'acme');
    expect((await readdir(tenantDir)).sort()).toEqual(['user123.json', 'user123.messages.jsonl']);
    const doc = await readJson(join(tenantDir, 'user123.json'));
    const messages = original.map((m) => JSON.parse(serializeMessage(m)));
    expect(Object.keys(doc)).toEqual(['sessionId', 'components', 'timestamp']);
    expect(Object.keys(doc.components)).toEqual(['ConversationMemory', 'ReActAgent', 'engram.session']);
    expect(doc).toEqual({
      sessionId: 'user123',
      components: {
        ConversationMemory: { sessionId: 'user123', messages },
        ReActAgent: { memory: 'ConversationMemory', interrupted: false },
        'engram.session': {
          id: 'user123',
          scope,
          metadata: {},
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          logId: expect.stringMatching(/^log_/), // the log's id, kept across reopens
        },
      },
      timestamp: saved.timestamp,
    });
    expect(messages).toMatchObject([
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello! How can I help?' }] },
    ]);

    store = createJsonFileStore({ directory });
    expect(await store.getState(scope, sessionStateKey('user123'))).toEqual(saved);
    const restored = createConversationMemory({ store, scope, sessionId: 'user123', counter });
    const again = component('ReActAgent', null);
    const loaded = await SessionManager.forSessionId('user123')
      .withSession(store, scope)
      .addComponent(restored)
      .addComponent(again)
      .loadIfExists();
    expect(loaded).toBe(true);
    expect(again.loaded).toEqual([{ memory: 'ConversationMemory', interrupted: false }]);
    expect(await restored.read()).toEqual(original);
    expect((await restored.stats()).lastSeq).toBe(2);
    await store.close();
  });

  it("keeps the store's other state: artifacts, single component keys, tenant and user state", async () => {
    const directory = freshDir();
    const scope = { tenant: 't', user: 'u1' };
    let store = createJsonFileStore({ directory });
    const manager = SessionManager.forSessionId('chat').withSession(store, scope);
    manager.addComponent(component('Settings', { theme: 'dark' }));
    await manager.saveSession();
    await store.putArtifact(scope, 'chat', { id: 'sum', kind: 'summary', fromSeq: 1, toSeq: 1, data: 's' });
    await store.putState(scope, 'Preferences', { lang: 'en' });
    await store.putState({ tenant: 't' }, 'Preferences', { lang: 'fr' });
    const saved = await manager.saveSession();
    await store.close();
    store = createJsonFileStore({ directory });
    const doc = await readJson(join(directory, 't', '_user', 'u1', 'chat.json'));
    expect(Object.keys(doc.components)).toEqual(['Settings', 'engram.session', 'engram.artifacts']);
    expect(doc.timestamp).toBe(saved.timestamp);
    // The document's components are SessionManager's alone: no per-name key reads them.
    expect(await store.getState(scope, 'session:chat:Settings')).toBeUndefined();
    expect(await store.getState(scope, 'Preferences')).toEqual({ lang: 'en' });
    expect(await store.getState({ tenant: 't' }, 'Preferences')).toEqual({ lang: 'fr' });
    expect((await store.listArtifacts(scope, 'chat')).map((a) => a.id)).toEqual(['sum']);
    // A later artifact write keeps the save's timestamp: the document still reads back as the saved session.
    await store.putArtifact(scope, 'chat', { id: 'sum2', kind: 'summary', fromSeq: 1, toSeq: 2, data: 't' });
    expect(await store.getState(scope, sessionStateKey('chat'))).toEqual(saved);
    await SessionManager.forSessionId('chat').withSession(store, scope).deleteSession();
    expect(await SessionManager.forSessionId('chat').withSession(store, scope).loadIfExists()).toBe(false);
    expect(
      Object.keys((await readJson(join(directory, 't', '_user', 'u1', 'chat.json'))).components),
    ).toEqual(['engram.session', 'engram.artifacts']);
    expect(await store.listArtifacts(scope, 'chat')).toHaveLength(2);
    await store.close();
  });

  it("keeps the session's own state keys apart from the saved document: none is deleted, aliased or read as a save", async () => {
    const directory = freshDir();
    const scope = { tenant: 'acme' };
    let store = createJsonFileStore({ directory });
    await store.createSession(scope, { id: 'chat' });
    await store.putState(scope, 'session:chat:planner', { step: 3 });
    const manager = () => SessionManager.forSessionId('chat').withSession(store, scope);
    // Only a per-name key: the session was never saved.
    expect(await manager().addComponent(component('planner', null)).loadIfExists()).toBe(false);
    const memory = createConversationMemory({ store, scope, sessionId: 'chat', counter });
    await memory.store({ role: 'user', content: 'hi' });
    const saved = await manager().addComponent(memory).saveSession();
    await store.putState(scope, 'session:chat:planner', { step: 4 });
    for (let round = 0; round < 2; round++) {
      expect(await store.getState(scope, 'session:chat:planner')).toEqual({ step: 4 });
      expect(await store.getState(scope, 'session:chat:ConversationMemory')).toBeUndefined();
      expect(await store.getState(scope, sessionStateKey('chat'))).toEqual(saved);
      const doc = await readJson(join(directory, 'acme', 'chat.json'));
      expect(Object.keys(doc.components)).toEqual(['ConversationMemory', 'engram.session', 'engram.state']);
      expect(doc.components['engram.state']).toEqual({ planner: { step: 4 } });
      expect(doc.timestamp).toBe(saved.timestamp);
      await store.close();
      store = createJsonFileStore({ directory });
    }
    await manager().deleteSession();
    expect(await store.getState(scope, 'session:chat:planner')).toEqual({ step: 4 });
    expect(await store.getState(scope, sessionStateKey('chat'))).toBeUndefined();
    await store.close();
  });

  it('never mixes owners: other tenants have their own file, other users and the tenant cannot read or overwrite it', async () => {
    const directory = freshDir();
    const store = createJsonFileStore({ directory });
    const save = (scope: Scope, owner: string) =>
      SessionManager.forSessionId('user123')
        .withSession(store, scope)
        .addComponent(component('Settings', { owner }))
        .saveSession();
    const load = async (scope: Scope) => {
      const probe = component('Settings', null);
      await SessionManager.forSessionId('user123')
        .withSession(store, scope)
        .addComponent(probe)
        .loadIfExists();
      return probe.loaded;
    };
    const u1 = { tenant: 't', user: 'u1' };
    await save({ tenant: 'a' }, 'a');
    await save({ tenant: 'b' }, 'b');
    await save(u1, 'u1');
    const file = join(directory, 't', '_user', 'u1', 'user123.json');
    const before = await readFile(file, 'utf8');
    // Another user of the tenant and the tenant itself own sessions of their own under the same id, in their own
    // owner folders: neither reaches u1's document.
    await save({ tenant: 't', user: 'u2' }, 'u2');
    await save({ tenant: 't' }, 'tenant');
    expect(await readFile(file, 'utf8')).toBe(before);
    for (const [path, owner] of [
      [['a', 'user123.json'], 'a'],
      [['b', 'user123.json'], 'b'],
      [['t', '_user', 'u2', 'user123.json'], 'u2'],
      [['t', 'user123.json'], 'tenant'],
    ] as const) {
      expect((await readJson(join(directory, ...path))).components.Settings).toEqual({ owner });
    }
    expect(await load(u1)).toEqual([{ owner: 'u1' }]);
    expect(await load({ tenant: 't' })).toEqual([{ owner: 'tenant' }]);
    expect(await load({ tenant: 't', user: 'u2' })).toEqual([{ owner: 'u2' }]);
    await store.close();
  });

  it('reads back exactly what was put under the session components key, before and after a reopen (property)', async () => {
    const directory = freshDir();
    const scope = { tenant: 'p' };
    let store = createJsonFileStore({ directory });
    await store.createSession(scope, { id: 's' });
    const names = arbName.filter((name) => name !== '__proto__');
    const value = fc.oneof(
      fc.record({
        sessionId: fc.constant('s'),
        components: fc.dictionary(names, arbJson, { minKeys: 1, maxKeys: 4 }),
        timestamp: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      }),
      arbJson, // any other value under the key is kept too (in _state.json)
    );
    await fc.assert(
      fc.asyncProperty(value, async (v) => {
        await store.putState(scope, sessionStateKey('s'), v);
        expect(await store.getState(scope, sessionStateKey('s'))).toEqual(v);
        await store.close();
        store = createJsonFileStore({ directory });
        expect(await store.getState(scope, sessionStateKey('s'))).toEqual(v);
      }),
      { numRuns: 60 },
    );
    await store.close();
  });
});
