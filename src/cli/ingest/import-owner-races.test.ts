import { describe, expect, it } from 'vitest';
import type { MemoryMessage } from '../../core/message.ts';
import { createMemoryStore } from '../../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { currentOwner, liveOwner, staleAfterMs } from '../../store/session-writer.ts';
import { type IngestSession, importMarker, writeSessions } from './write-sessions.ts';

const scope = { tenant: 'default', user: 'default', agent: 'default' };
const messages = (n: number): MemoryMessage[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `m${i}`,
    role: 'user',
    content: `message ${i}`,
    createdAt: new Date('2026-01-01T00:00:00.000Z'),
  })) as MemoryMessage[];

describe('an import finding a session marked incomplete', () => {
  it("two runs that both find a crashed run's session: one replaces it, the other is refused, the session is whole", async () => {
    for (const store of [createMemoryStore(), createSqliteStore({ path: ':memory:' })]) {
      // A session a crashed run left (an older engram: no owner named).
      await store.createSession(scope, { id: 's', metadata: { [importMarker]: 'incomplete' } });
      const session = { id: 's', metadata: { a: 1 }, messages: messages(1200) };
      const runs = await Promise.allSettled([
        writeSessions(store, scope, [session]),
        writeSessions(store, scope, [session]),
      ]);
      expect(runs.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const info = await store.getSession(scope, 's');
      expect(info?.metadata).toEqual({ a: 1 });
      expect((await store.stats(scope, 's')).count).toBe(1200);
      await store.close();
    }
  });

  it("a session another run wrote completely between this run's check and its write is not deleted", async () => {
    const store = createMemoryStore();
    // s2 was left incomplete by a crashed run (older engram: no owner).
    await store.createSession(scope, { id: 's2', metadata: { [importMarker]: 'incomplete' } });
    const theirs = { id: 's2', metadata: { from: 'B' }, messages: messages(3) };
    // Run A imports s1 then s2; while it writes s1, run B imports s2 and finishes.
    const slowA = new Proxy(store, {
      get(target, key, receiver) {
        if (key === 'createSession')
          return async (sc: typeof scope, init: { id: string }) => {
            if (init.id === 's1') await writeSessions(store, scope, [theirs]);
            return target.createSession(sc, init as never);
          };
        const v = Reflect.get(target, key, receiver);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    const ours: IngestSession[] = [
      { id: 's1', metadata: {}, messages: messages(2) },
      { id: 's2', metadata: { from: 'A' }, messages: messages(2) },
    ];
    await writeSessions(slowA, scope, ours).catch(() => undefined);
    // B's finished import of s2 must still be there (A should refuse s2: it exists and is complete now).
    expect((await store.getSession(scope, 's2'))?.metadata).toEqual({ from: 'B' });
    expect((await store.stats(scope, 's2')).count).toBe(3);
  });

  it('a run on another host whose clock is minutes behind, writing right now, is not taken for gone; one silent for longer is', () => {
    const justWritten = { host: 'other-host', pid: 4242, run: 'r', at: Date.now() - 5 * 60_000 };
    expect(liveOwner(justWritten)).toBeDefined();
    expect(liveOwner({ ...justWritten, at: Date.now() - staleAfterMs - 1 })).toBeUndefined();
  });

  it('a run on this host whose process ended is gone at once, whatever its clock said', () => {
    expect(liveOwner({ ...currentOwner(), pid: 2 ** 22 + 12345 })).toBeUndefined(); // no such process
    expect(liveOwner({ ...currentOwner() })).toBeDefined(); // this process
  });
});
