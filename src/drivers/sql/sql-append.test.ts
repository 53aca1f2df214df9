import { describe, expect, it } from 'vitest';
import { makeMessage, toInputs, withText } from '../../testing/fixtures.ts';
import { createSqliteStore } from '../sqlite/sqlite-driver.ts';

describe('SQL append fast path (root sessions)', () => {
  it('re-appends already stored messages mid-batch without gaps, counting only new rows', async () => {
    const store = createSqliteStore({ path: ':memory:' });
    const s = { tenant: 'fast', user: 'u1' };
    await store.createSession(s, { id: 'a' });
    const [m1, m2, m3, m4] = ['one', 'two', 'three', 'four'].map((t) => makeMessage('user', t));
    const first = await store.append(s, 'a', toInputs([m1!, m2!], [3, 4]));
    const again = await store.append(s, 'a', toInputs([m3!, m1!, m3!, m4!, m2!], [5, 3, 5, 6, 4]));
    expect(again.map((e) => e.seq)).toEqual([3, 1, 3, 4, 2]);
    expect(again[1]).toEqual(first[0]);
    expect(Object.isFrozen(again[0]) && Object.isFrozen(again[0]!.message)).toBe(true);
    expect(await store.stats(s, 'a')).toMatchObject({ count: 4, tokens: 18, lastSeq: 4 });
    expect((await store.readRange(s, 'a')).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    await store.close();
  });

  it('a different message under a live id rolls the whole batch back', async () => {
    const store = createSqliteStore({ path: ':memory:' });
    const s = { tenant: 'fast' };
    await store.createSession(s, { id: 'a' });
    const m1 = makeMessage('user', 'one');
    await store.append(s, 'a', toInputs([m1]));
    const fresh = makeMessage('user', 'fresh');
    await expect(store.append(s, 'a', toInputs([fresh, withText(m1, 'changed')]))).rejects.toMatchObject({
      code: 'DUPLICATE_MESSAGE_ID',
    });
    await expect(store.append(s, 'a', toInputs([fresh, withText(fresh, 'other')]))).rejects.toMatchObject({
      code: 'DUPLICATE_MESSAGE_ID',
    });
    expect(await store.stats(s, 'a')).toMatchObject({ count: 1, lastSeq: 1 });
    await store.close();
  });

  it('a scope that does not own the session, or a missing session, is SESSION_NOT_FOUND; forks take the general path', async () => {
    const store = createSqliteStore({ path: ':memory:' });
    const s = { tenant: 'fast', user: 'u1' };
    await store.createSession(s, { id: 'a' });
    const m1 = makeMessage('user', 'one');
    await store.append(s, 'a', toInputs([m1]));
    const err = { code: 'SESSION_NOT_FOUND' };
    await expect(store.append({ tenant: 'fast', user: 'u2' }, 'a', toInputs([m1]))).rejects.toMatchObject(
      err,
    );
    await expect(store.append(s, 'nope', toInputs([m1]))).rejects.toMatchObject(err);
    await expect(store.append(s, 'nope', [])).rejects.toMatchObject(err);
    await store.createSession(s, { id: 'f', fork: { parentId: 'a', atSeq: 1 } });
    const forked = await store.append(s, 'f', toInputs([m1, makeMessage('user', 'two')]));
    expect(forked.map((e) => e.seq)).toEqual([1, 2]);
    await store.close();
  });
});
