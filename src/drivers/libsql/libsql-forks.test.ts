import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLibsqlStore } from '../../libsql.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-libsql-forks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = (t: string) => ({
  message: { id: `m_${t}`, role: 'user' as const, content: t, createdAt: new Date() },
  tokens: 1,
});

/**
 * A libSQL fork holds its own copy from the start, yet its record stops naming the parent when the parent goes or
 * deletes an entry the fork shares, as every other driver's does (found by the model-based isolation test: after
 * the parent was deleted, `getSession` of the fork still gave `parentId`; seed 632085745).
 */
describe('libsql forks', () => {
  it('are detached when the parent deletes a shared entry or is deleted, and keep their entries', async () => {
    const store = createLibsqlStore({ url: `file:${join(dir, 'forks.db')}` });
    const scope = { tenant: 't' };
    await store.createSession(scope, { id: 'p' });
    await store.append(scope, 'p', [text('a'), text('b'), text('c')]);
    await store.createSession(scope, { id: 'early', fork: { parentId: 'p', atSeq: 1 } });
    await store.createSession(scope, { id: 'late', fork: { parentId: 'p', atSeq: 3 } });
    await store.createSession({ tenant: 'other' }, { id: 'p' });
    await store.createSession({ tenant: 'other' }, { id: 'f', fork: { parentId: 'p', atSeq: 0 } });

    await store.deleteMessages(scope, 'p', ['m_b']);
    expect((await store.getSession(scope, 'late'))?.parentId).toBeUndefined();
    expect((await store.getSession(scope, 'late'))?.forkedAtSeq).toBeUndefined();
    expect(await store.getSession(scope, 'early')).toMatchObject({ parentId: 'p', forkedAtSeq: 1 });

    await store.deleteSession(scope, 'p');
    expect((await store.getSession(scope, 'early'))?.parentId).toBeUndefined();
    expect((await store.readRange(scope, 'early')).map((e) => e.message.id)).toEqual(['m_a']);
    expect((await store.readRange(scope, 'late')).map((e) => e.message.id)).toEqual(['m_a', 'm_b', 'm_c']);
    // Another owner's fork of its own `p` is untouched.
    expect(await store.getSession({ tenant: 'other' }, 'f')).toMatchObject({ parentId: 'p', forkedAtSeq: 0 });
    await store.close();
  });
});
