/**
 * A path or query parameter whose percent-encoding is malformed (`%E0%A4%A`: a cut UTF-8 sequence, `%ZZ`) names
 * no id at all: the inspector answers 400 saying so, never looks it up as the literal text (a 404 for an id the
 * request never meant), and never sends a stack trace.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createInspectorApp } from './inspector-app.ts';
import { readOnlySource } from './read-only-source.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-inspector-encoding-'));
const store = createSqliteStore({ path: join(dir, 'i.db') });
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});
const inspector = createInspectorApp(readOnlySource(store, { tenant: 'demo' }));
const get = (path: string) =>
  inspector.request(`http://127.0.0.1${path}`, { headers: { host: '127.0.0.1' } });
beforeAll(async () => {
  await store.createSession({ tenant: 'demo' }, { id: 's', metadata: {} });
  // A session whose id is the malformed text itself: a lookup of the literal would find it.
  await store.createSession({ tenant: 'demo' }, { id: '%E0%A4%A', metadata: {} });
});

const bad = ['%E0%A4%A', '%ZZ', 'a%'];
/** Every route that takes an id or an index, with `{}` where the malformed value goes. */
const routes = [
  '/api/sessions/{}',
  '/api/sessions/{}/messages',
  '/api/sessions/{}/steps',
  '/api/sessions/{}/steps/0',
  '/api/sessions/s/steps/{}',
  '/api/content/{}?space=default',
  '/api/records/{}',
  '/api/sessions/s/messages?message={}',
  '/api/sessions/s?user={}',
  '/api/records?kind={}',
  '/api/content?space={}',
];

describe('inspector: a malformed percent-encoded id is a 400, on every route that takes one', () => {
  for (const route of routes)
    for (const value of bad)
      it(`${route.replace('{}', value)}`, async () => {
        const res = await get(route.replace('{}', value));
        const body = (await res.json()) as { error?: string };
        expect({ status: res.status, error: body.error }).toEqual({
          status: 400,
          error: expect.stringMatching(/not valid percent-encoding/),
        });
        expect(body.error).not.toMatch(/\n\s+at /);
      });

  it('a well-encoded id that holds "%" (sent as %25) is still found', async () => {
    const res = await get(`/api/sessions/${encodeURIComponent('%E0%A4%A')}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe('%E0%A4%A');
  });
});
