import { describe, expect, it } from 'vitest';
import type { MemoryMessage } from '../../core/message.ts';
import { createMemoryStore } from '../../drivers/memory/index.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { BadInputError } from '../bad-input-error.ts';
import { type IngestSession, importMarker, writeSessions } from './write-sessions.ts';

const scope = { tenant: 't' };
const at = new Date('2025-01-01T00:00:00Z');
const msg = (id: string, content = id): MemoryMessage => ({ id, role: 'user', content, createdAt: at });
const session = (id: string, ...ids: string[]): IngestSession => ({
  id,
  metadata: {},
  messages: ids.map((i) => msg(i)),
});

/** A real in-process store whose appends to session `failOn` throw (a write failing midway). */
function failingStore(failOn: string): MemoryStoreV1 {
  const store = createMemoryStore();
  return new Proxy(store, {
    get(target, key, receiver) {
      if (key === 'append')
        return (s: typeof scope, id: string, inputs: never[]) =>
          id === failOn ? Promise.reject(new Error('disk full')) : target.append(s, id, inputs);
      return Reflect.get(target, key, receiver);
    },
  });
}

async function snapshot(store: MemoryStoreV1) {
  const sessions = await store.listSessions(scope);
  return Promise.all(
    sessions.map(async (s) => ({
      id: s.id,
      log: (await store.readRange(scope, s.id)).map((e) => e.message.id),
    })),
  );
}

describe('writeSessions', () => {
  it('writes every session and counts the messages', async () => {
    const store = createMemoryStore();
    expect(await writeSessions(store, scope, [session('a', 'm1', 'm2'), session('b', 'm1')])).toEqual({
      sessions: ['a', 'b'],
      messages: 3,
    });
    expect(await snapshot(store)).toEqual(
      expect.arrayContaining([
        { id: 'a', log: ['m1', 'm2'] },
        { id: 'b', log: ['m1'] },
      ]),
    );
  });

  it('a write failing midway removes the sessions it created and the messages it appended', async () => {
    const store = failingStore('c');
    await writeSessions(store, scope, [session('keep', 'k1')]);
    const before = await snapshot(store);
    await expect(
      writeSessions(store, scope, [session('keep', 'k2', 'k3'), session('b', 'b1'), session('c', 'c1')], {
        append: true,
      }),
    ).rejects.toThrow('disk full');
    expect(await snapshot(store)).toEqual(before);
  });

  it('refuses before any write: an existing session without append, a taken or repeated id, a bad session id', async () => {
    const store = createMemoryStore();
    await writeSessions(store, scope, [session('keep', 'k1')]);
    const before = await snapshot(store);
    const refused = async (sessions: IngestSession[], append = false) => {
      await expect(writeSessions(store, scope, sessions, { append })).rejects.toBeInstanceOf(BadInputError);
      expect(await snapshot(store)).toEqual(before);
    };
    await refused([session('new', 'n1'), session('keep', 'k2')]);
    await refused([session('new', 'n1'), session('keep', 'k1')], true);
    await refused([session('new', 'n1', 'n1')]);
    await refused([session('new', 'n1'), session('new', 'n2')]);
    await refused([session('x'.repeat(300), 'n1')]);
    await expect(writeSessions(store, scope, [session('keep', 'k1')])).rejects.toThrow(
      /already exists in this scope; use --session for another id/,
    );
  });

  it('a session a crashed run left (marked incomplete) is replaced by the next run and committed; --append refuses it', async () => {
    const store = createMemoryStore();
    await store.createSession(scope, { id: 'half', metadata: { [importMarker]: 'incomplete' } });
    await store.append(scope, 'half', [{ message: msg('h1', 'from the crashed run'), tokens: 1 }]);
    const file = { ...session('half', 'm1', 'm2'), metadata: { from: 'file' } };
    await expect(writeSessions(store, scope, [file], { append: true })).rejects.toThrow(
      /"half" is an incomplete import \(a run that crashed\); import it again without --append/,
    );
    await writeSessions(store, scope, [file]);
    expect((await store.getSession(scope, 'half'))?.metadata).toEqual({ from: 'file' });
    expect(await snapshot(store)).toEqual([{ id: 'half', log: ['m1', 'm2'] }]);
    await expect(writeSessions(store, scope, [file])).rejects.toThrow(/already exists/);
    await expect(
      writeSessions(store, scope, [{ ...session('x', 'm1'), metadata: { [importMarker]: 'incomplete' } }]),
    ).rejects.toThrow(/the metadata key "engram:import" is engram's own/);
  });
});
