import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { retentionPolicies } from '../memory/retention-policy.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { SessionManager } from './session-manager.ts';
import { createSessions } from './sessions.ts';

const texts = async (m: { read(): Promise<{ content: unknown }[]> }) =>
  (await m.read()).map((x) => x.content);

const dir = mkdtempSync(join(tmpdir(), 'engram-sessions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const drivers: [string, () => MemoryStoreV1][] = [
  ['memory', () => createMemoryStore()],
  ['sqlite', () => createSqliteStore({ path: join(dir, `s${files++}.db`), durability: 'process' })],
];

describe.each(drivers)('Sessions over the %s store', (_name, open) => {
  it('creates, lists, opens and deletes sessions of one scope only', async () => {
    const store = open();
    const acme = createSessions({ store, scope: { tenant: 'acme' } });
    const other = createSessions({ store, scope: { tenant: 'acme-corp' } });
    const memory = await acme.create({ id: 'chat' });
    await memory.store({ role: 'user', content: 'hello' });
    expect((await acme.list()).map((s) => s.id)).toEqual(['chat']);
    expect(await other.list()).toEqual([]);
    await expect(other.open('chat')).rejects.toSatisfy((e) => MemoryError.hasCode(e, 'SESSION_NOT_FOUND'));
    expect(await texts(await acme.open('chat'))).toEqual(['hello']);
    await acme.delete('chat');
    expect(await acme.list()).toEqual([]);
    expect(await store.getState({ tenant: 'acme' }, 'session:chat:engram.components')).toBeUndefined();
  });

  it('forks at a message without copying, and the branches stay isolated', async () => {
    const store = open();
    const sessions = createSessions({ store });
    const main = await sessions.create({ id: 'main' });
    const [first] = await main.append({ role: 'user', content: 'one' });
    await main.store({ role: 'assistant', content: 'two' });
    const branch = await sessions.fork('main', { atMessageId: first!.id, id: 'branch' });
    await branch.store({ role: 'assistant', content: 'branch reply' });
    await main.store({ role: 'user', content: 'three' });
    expect(await texts(branch)).toEqual(['one', 'branch reply']);
    expect(await texts(main)).toEqual(['one', 'two', 'three']);
    expect((await branch.entries()).map((e) => e.seq)).toEqual([1, 2]);
    await expect(sessions.fork('main', {})).rejects.toThrow(/atMessageId or atSeq/);
    await expect(sessions.fork('main', { atMessageId: 'missing' })).rejects.toSatisfy((e) =>
      MemoryError.hasCode(e, 'MESSAGE_NOT_FOUND'),
    );
    await sessions.delete('main');
    expect(await texts(await sessions.open('branch'))).toEqual(['one', 'branch reply']);
  });

  it('copies a session independently', async () => {
    const store = open();
    const sessions = createSessions({ store });
    const a = await sessions.create({ id: 'a', metadata: { topic: 'x' } });
    await a.store([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'r' },
    ]);
    const b = await sessions.copy('a', { id: 'b' });
    await b.store({ role: 'user', content: 'only in b' });
    expect(await texts(a)).toEqual(['q', 'r']);
    expect(await texts(b)).toEqual(['q', 'r', 'only in b']);
    expect((await store.getSession({ tenant: 'default' }, 'b'))?.metadata.topic).toBe('x');
  });

  it('copies a session with deleted messages: each artifact names the same messages in the copy', async () => {
    const store = open();
    const sessions = createSessions({ store });
    const a = await sessions.create({ id: 'a' });
    await a.store(
      ['q1', 'r1', 'q2', 'r2', 'q3'].map((content, i) => ({ id: `m${i}`, role: 'user' as const, content })),
    );
    await a.delete('m0');
    await a.delete('m2');
    const seqOf = async (m: { entries(): Promise<{ seq: number; message: { id: string } }[]> }, id: string) =>
      (await m.entries()).find((e) => e.message.id === id)!.seq;
    // A summary of r1…r2 and a mark on q3, by the source's seqs (2–4 and 5).
    await a.putArtifact({
      id: 'summary',
      kind: 'summary',
      fromSeq: await seqOf(a, 'm1'),
      toSeq: await seqOf(a, 'm3'),
      data: {},
    });
    await a.putArtifact({
      id: 'mark',
      kind: 'mark',
      fromSeq: await seqOf(a, 'm4'),
      toSeq: await seqOf(a, 'm4'),
      data: {},
    });
    const b = await sessions.copy('a', { id: 'b' });
    const ids = async (m: typeof b, from: number, to: number) =>
      (await m.entries()).filter((e) => e.seq >= from && e.seq <= to).map((e) => e.message.id);
    const byId = new Map((await b.listArtifacts()).map((x) => [x.id, x]));
    expect(await ids(b, byId.get('summary')!.fromSeq, byId.get('summary')!.toSeq)).toEqual(['m1', 'm3']);
    expect(await ids(b, byId.get('mark')!.fromSeq, byId.get('mark')!.toSeq)).toEqual(['m4']);
  });

  it('applies retention policies at the end of a run and of the workflow', async () => {
    const store = open();
    const sessions = createSessions({ store });
    for (const retention of retentionPolicies) {
      const m = await sessions.create({ id: retention, retention });
      await m.store({ role: 'user', content: retention });
    }
    expect(await sessions.endOf('run')).toEqual(['single_run']);
    expect(await texts(await sessions.open('single_run'))).toEqual([]);
    expect(await texts(await sessions.open('session'))).toEqual(['session']);
    expect((await sessions.endOf('workflow')).sort()).toEqual(['session', 'single_run']);
    expect((await sessions.list()).map((s) => s.id)).toEqual(['persistent']);
    await expect(sessions.create({ retention: 'forever' as never })).rejects.toThrow(/retention must be/);
    expect(await sessions.list()).toHaveLength(1);
  });

  it('expires sessions by age', async () => {
    const store = open();
    const sessions = createSessions({ store });
    await sessions.create({ id: 'old' });
    const later = new Date(Date.now() + 60_000);
    expect(await sessions.expire(30_000, later)).toEqual(['old']);
    expect(await sessions.expire(30_000)).toEqual([]);
    await expect(sessions.expire(-1)).rejects.toThrow(/olderThanMs/);
  });

  it("a tenant-wide scope's retention reaches each user's session through its owner, never a look-alike", async () => {
    const store = open();
    const org = createSessions({ store, scope: { tenant: 'acme' } });
    for (const user of ['u1', 'u10']) {
      const mine = createSessions({ store, scope: { tenant: 'acme', user } });
      const m = await mine.create({ id: 'chat', retention: 'single_run' });
      await m.store({ role: 'user', content: user });
    }
    const later = new Date(Date.now() + 60_000);
    expect((await org.endOf('run')).sort()).toEqual(['chat', 'chat']);
    const kept = await org.create({ id: 'chat', retention: 'persistent' });
    await kept.store({ role: 'user', content: 'org' });
    expect(await org.expire(30_000, later)).toEqual(['chat', 'chat', 'chat']);
    expect(await org.list()).toEqual([]);
    // Only the owner scope opens a session by id.
    const u1 = createSessions({ store, scope: { tenant: 'acme', user: 'u1' } });
    await u1.create({ id: 'mine' });
    await expect(org.open('mine')).rejects.toSatisfy((e) => MemoryError.hasCode(e, 'SESSION_NOT_FOUND'));
    expect((await org.list()).map((r) => [r.id, r.scope.user])).toEqual([['mine', 'u1']]);
  });
});

describe('SessionManager (seed 002)', () => {
  it('saves every component as one document and loads it back', async () => {
    const store = createMemoryStore();
    const memory = createConversationMemory({ store, sessionId: 'user123' });
    await memory.store({ role: 'user', content: 'Hello' });
    const settings = {
      componentName: 'Settings',
      value: 1,
      saveState() {
        return { value: this.value };
      },
      loadState(s: unknown) {
        this.value = (s as { value: number }).value;
      },
    };
    const manager = SessionManager.forSessionId('user123')
      .withSession(store)
      .addComponent(memory)
      .addComponent(settings);
    const saved = await manager.saveSession();
    expect(Object.keys(saved.components)).toEqual(['ConversationMemory', 'Settings']);
    expect(saved.sessionId).toBe('user123');

    const restoredMemory = createConversationMemory({ store, sessionId: 'user123-restored' });
    const restoredSettings = { ...settings, value: 0 };
    const again = SessionManager.forSessionId('user123').withSession(store);
    again
      .addComponent({ ...restoredMemory, componentName: 'ConversationMemory' })
      .addComponent(restoredSettings);
    expect(await again.loadIfExists()).toBe(true);
    expect(restoredSettings.value).toBe(1);
    expect(await texts(restoredMemory)).toEqual(['Hello']);
    expect(await SessionManager.forSessionId('nobody').withSession(store).loadIfExists()).toBe(false);
    expect(() => manager.addComponent(settings)).toThrow(/already registered/);
  });
});

describe('SessionManager without a conversation', () => {
  it('creates the session on the first save, so its state is scoped to it', async () => {
    const store = createMemoryStore();
    const settings = { componentName: 'Settings', saveState: () => ({ theme: 'dark' }), loadState: () => {} };
    await SessionManager.forSessionId('fresh').withSession(store).addComponent(settings).saveSession();
    expect(await store.getSession({ tenant: 'default' }, 'fresh')).toBeDefined();
    expect(await SessionManager.forSessionId('fresh').withSession(store).loadIfExists()).toBe(true);
  });
});
