/**
 * A listing that reads each session it listed leaves out one deleted meanwhile: before, the inspector's
 * `GET /api/sessions` answered 404 `session "…" not found`, and `engram sessions list` / `engram stats` exited 3 with
 * it, whenever the application deleted a session (or an import that failed removed its own) during the listing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runEngramAsync } from '../../test-support/run-engram.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createInspectorApp } from '../inspector/inspector-app.ts';
import { readOnlySource } from '../inspector/read-only-source.ts';
import type { MemoryStoreV1 } from './memory-store.ts';
import { unlessSessionGone } from './unless-session-gone.ts';

const scope = { tenant: 'acme' };
const dir = mkdtempSync(join(tmpdir(), 'engram-session-gone-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('unlessSessionGone', () => {
  it('gives undefined for SESSION_NOT_FOUND and throws anything else', async () => {
    const store = createMemoryStore();
    await expect(unlessSessionGone(() => store.stats(scope, 'nope'))).resolves.toBeUndefined();
    await expect(unlessSessionGone(() => store.stats({ tenant: '' }, 'nope'))).rejects.toThrow();
    await store.createSession(scope, { id: 'here' });
    await expect(unlessSessionGone(() => store.stats(scope, 'here'))).resolves.toMatchObject({ count: 0 });
  });
});

describe('GET /api/sessions while a listed session is deleted', () => {
  it('answers 200 with the sessions that are still there', async () => {
    const store = createMemoryStore();
    for (const id of ['kept', 'gone']) await store.createSession(scope, { id });
    // The application deletes "gone" just after the inspector listed it.
    const racing = new Proxy(store, {
      get(target, key) {
        if (key !== 'listSessions') return Reflect.get(target, key, target);
        return async (...args: Parameters<MemoryStoreV1['listSessions']>) => {
          const listed = await target.listSessions(...args);
          await target.deleteSession(scope, 'gone');
          return listed;
        };
      },
    });
    const app = createInspectorApp(readOnlySource(racing, scope));
    const res = await app.request('http://127.0.0.1/api/sessions', { headers: { host: '127.0.0.1' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }[]).map((s) => s.id)).toEqual(['kept']);
  });
});

describe('engram sessions list / stats while the application creates and deletes sessions', () => {
  it('every run exits 0', { timeout: 240_000 }, async () => {
    const db = join(dir, 'churn.db');
    const store = createSqliteStore({ path: db });
    for (let i = 0; i < 20; i++) await store.createSession(scope, { id: `kept-${i}` });
    let done = false;
    const churn = (async () => {
      for (let i = 0; !done; i++) {
        await store.createSession(scope, { id: `tmp-${i}` });
        await store.deleteSession(scope, `tmp-${i}`);
      }
    })();
    try {
      const failed: string[] = [];
      for (let round = 0; round < 8; round++)
        for (const command of [['sessions', 'list'], ['stats']]) {
          const r = await runEngramAsync('--db', db, '--tenant', 'acme', ...command);
          if (r.code !== 0) failed.push(`${command.join(' ')}: ${r.code} ${r.err}`);
        }
      expect(failed).toEqual([]);
    } finally {
      done = true;
      await churn;
      await store.close();
    }
  });
});
