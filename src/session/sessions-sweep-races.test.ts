import { describe, expect, it } from 'vitest';
import { inProcessStores } from '../../test-support/in-process-stores.ts';
import type { Scope } from '../core/scope.ts';
import { markedUnfinished } from '../store/abandoned-session.ts';
import { currentOwner } from '../store/session-writer.ts';
import { createSessions, type Sessions } from './sessions.ts';

const scope: Scope = { tenant: 't', user: 'u' };
const deadOwner = () => ({ ...currentOwner(), pid: 2 ** 30 });
const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

/** Sessions `ids` of `retention`, each with one message, created a few ms apart (so `list` pages them in order). */
async function seed(sessions: Sessions, ids: readonly string[], retention: 'single_run' | 'session') {
  for (const id of ids) {
    const memory = await sessions.create({ id, retention });
    await memory.store({ role: 'user', content: `hello from ${id}` });
    await tick();
  }
}

const messagesOf = async (sessions: Sessions, id: string) =>
  (await (await sessions.open(id)).entries()).length;

describe.each(inProcessStores)('sessions sweeps beside concurrent writers (%s)', (_name, open) => {
  it('endOf(run) beside a delete of one session clears all the others and does not name the deleted one', async () => {
    const store = open();
    const sessions = createSessions({ store, scope });
    await seed(sessions, ['a', 'b', 'c', 'd'], 'single_run');
    const [swept, deleted] = await Promise.allSettled([sessions.endOf('run'), sessions.delete('b')]);
    expect(deleted.status).toBe('fulfilled');
    expect(swept.status).toBe('fulfilled');
    const cleared = (swept as PromiseFulfilledResult<string[]>).value;
    expect(new Set(cleared)).toEqual(new Set(['a', 'c', 'd', ...(cleared.includes('b') ? ['b'] : [])]));
    for (const id of ['a', 'c', 'd']) expect(await messagesOf(sessions, id)).toBe(0);
    await store.close();
  });

  it('two endOf(workflow) at once delete every session once between them, and neither fails', async () => {
    const store = open();
    const sessions = createSessions({ store, scope });
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    await seed(sessions, ids, 'session');
    const [first, second] = await Promise.all([sessions.endOf('workflow'), sessions.endOf('workflow')]);
    expect([...first, ...second].sort()).toEqual(ids);
    expect(await sessions.list()).toEqual([]);
    await store.close();
  });

  it('two expire calls and a delete at once remove every old session once between them', async () => {
    const store = open();
    const sessions = createSessions({ store, scope });
    const ids = ['a', 'b', 'c', 'd', 'e'];
    await seed(sessions, ids, 'session');
    const later = new Date(Date.now() + 60_000);
    const [x, y, z] = await Promise.allSettled([
      sessions.expire(1_000, later),
      sessions.expire(1_000, later),
      sessions.delete('c'),
    ]);
    expect([x.status, y.status, z.status]).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const removed = [
      ...(x as PromiseFulfilledResult<string[]>).value,
      ...(y as PromiseFulfilledResult<string[]>).value,
    ];
    expect(new Set(removed).size).toBe(removed.length);
    expect(removed.filter((id) => id !== 'c').sort()).toEqual(['a', 'b', 'd', 'e']);
    expect(await sessions.list()).toEqual([]);
    await store.close();
  });

  it('expire beside a store into an old session: the session is kept with the message, or deleted and the store refused', async () => {
    const store = open();
    const sessions = createSessions({ store, scope });
    // 'hot' is the oldest: listed last (newest first), so the sweep reaches it after the store has landed.
    await seed(sessions, ['hot', 'a', 'b', 'c', 'd', 'e'], 'session');
    const hot = await sessions.open('hot');
    await hot.entries();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [swept, stored] = await Promise.allSettled([
      sessions.expire(10),
      hot.store({ role: 'user', content: 'just in time' }),
    ]);
    expect(swept.status).toBe('fulfilled');
    const expired = (swept as PromiseFulfilledResult<string[]>).value;
    expect(expired).toEqual(expect.arrayContaining(['a', 'b', 'c', 'd', 'e']));
    if (stored.status === 'fulfilled') {
      expect(expired).not.toContain('hot');
      const reread = await (await sessions.open('hot')).entries();
      expect(reread.map((e) => e.message.content)).toContain('just in time');
    } else {
      expect(expired).toContain('hot');
      expect(stored.reason).toMatchObject({ code: 'SESSION_NOT_FOUND' });
    }
    await store.close();
  });

  it('a copy under way is left alone by endOf and expire; what a crashed copy left is swept', async () => {
    const store = open();
    const sessions = createSessions({ store, scope });
    for (const [id, owner] of [
      ['live', currentOwner()],
      ['crashed', deadOwner()],
    ] as const) {
      await store.createSession(scope, {
        id,
        metadata: markedUnfinished({ 'engram.retention': 'single_run' }, owner),
      });
      await store.append(scope, id, [
        { message: { id: `${id}-1`, role: 'user', content: 'half' } as never, tokens: 1 },
      ]);
    }
    expect(await sessions.endOf('run')).toEqual(['crashed']);
    expect((await store.stats(scope, 'live')).count).toBe(1);
    expect(await sessions.expire(0, new Date(Date.now() + 60_000))).toEqual(['crashed']);
    expect((await store.stats(scope, 'live')).count).toBe(1);
    await store.close();
  });
});
