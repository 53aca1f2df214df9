/**
 * A session an import has not finished (a crash, or a run still writing it) is not passed off as whole by the
 * inspector: the sessions list and the session's page carry its state, as `engram sessions list` does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { importMarker, importOwnerKey } from '../store/reserved-session-keys.ts';
import { createInspectorApp } from './inspector-app.ts';
import { readOnlySource } from './read-only-source.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-inspector-unfinished-'));
const store = createSqliteStore({ path: join(dir, 'i.db') });
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});
const inspector = createInspectorApp(readOnlySource(store, { tenant: 'demo' }));
const get = async (path: string) =>
  (await inspector.request(`http://127.0.0.1${path}`, { headers: { host: '127.0.0.1' } })).json();

/** The marker a run leaves on a session it writes: a run on another host, last heard of at `at`. */
const marked = (at: number) => ({
  [importMarker]: 'incomplete',
  [importOwnerKey]: { host: 'another-host', pid: 1, run: 'r1', at },
});

beforeAll(async () => {
  const scope = { tenant: 'demo' };
  for (const [id, metadata] of [
    ['whole', {}],
    ['crashed', marked(0)],
    ['running', marked(Date.now())],
  ] as const) {
    await store.createSession(scope, { id, metadata });
    await store.append(scope, id, [
      { message: { id: `${id}-1`, role: 'user', content: 'Book Lisbon.', createdAt: new Date() }, tokens: 4 },
    ]);
  }
});

describe('inspector: sessions an import has not finished', () => {
  it('the sessions list gives each its state', async () => {
    const rows = (await get('/api/sessions')) as { id: string; state: string }[];
    expect(Object.fromEntries(rows.map((r) => [r.id, r.state]))).toEqual({
      whole: 'complete',
      crashed: 'incomplete',
      running: 'importing',
    });
  });

  it("a session's page and its messages say it", async () => {
    for (const [id, state] of [
      ['whole', 'complete'],
      ['crashed', 'incomplete'],
      ['running', 'importing'],
    ])
      for (const path of [`/api/sessions/${id}`, `/api/sessions/${id}/messages`])
        expect(((await get(path)) as { state: string }).state, path).toBe(state);
  });
});
