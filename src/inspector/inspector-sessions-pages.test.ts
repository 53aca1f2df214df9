/** `GET /api/sessions` pages through every session of the scope, past 1,000, each once, with a `Link` to the next page. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { listAllSessions } from '../store/list-all-sessions.ts';
import { decodeSessionsCursor, encodeSessionsCursor, sessionsPage } from './api/sessions-page.ts';
import { createInspectorApp } from './inspector-app.ts';
import { readOnlySource } from './read-only-source.ts';

const scope = { tenant: 'acme', user: 'ada' };
/** More sessions than one answer of 1,000 holds; created in a loop, so many share a creation millisecond. */
const count = 1005;
const dir = mkdtempSync(join(tmpdir(), 'engram-inspector-sessions-'));
const store = createSqliteStore({ path: join(dir, 'sessions.db') });
const app = createInspectorApp(readOnlySource(store, scope));

beforeAll(async () => {
  for (let i = 0; i < count; i++) await store.createSession(scope, { id: `s${i}`, metadata: {} });
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The answer to `path`: its status, body and the next page's path from its `Link` header. */
async function fetchPage(path: string) {
  const res = await app.request(`http://127.0.0.1${path}`, { headers: { host: '127.0.0.1' } });
  const link = /<([^>]*)>;\s*rel="next"/.exec(res.headers.get('link') ?? '');
  return { status: res.status, body: (await res.json()) as unknown, next: link?.[1] };
}

describe('GET /api/sessions', () => {
  it(`reaches all ${count} sessions by following Link, newest first, each once`, async () => {
    const all = [];
    for (const limit of [1000, 37]) {
      const ids: string[] = [];
      let path: string | undefined = `/api/sessions?limit=${limit}`;
      while (path) {
        const page = await fetchPage(path);
        expect(page.status).toBe(200);
        ids.push(...(page.body as { id: string }[]).map((s) => s.id));
        path = page.next;
      }
      all.push(ids);
    }
    const expected: string[] = [];
    for await (const s of listAllSessions(store, scope)) expected.push(s.id);
    expect(expected).toHaveLength(count);
    // Sessions share creation milliseconds, so pages end inside one (the case a date cursor alone would skip).
    const times = (await store.listSessions(scope)).map((s) => s.createdAt.getTime());
    expect(new Set(times).size).toBeLessThan(count);
    for (const ids of all) expect(ids).toEqual(expected);
  });

  it('answers the last page without a Link, and a cursor it did not make with a 400 naming cursor', async () => {
    expect((await fetchPage(`/api/sessions?limit=${count}`)).next).toBeUndefined();
    for (const forged of ['x', '1.0', '-1.1', 'zzzzzzzzzzzz.1', '1.1.1', "1'; DROP TABLE x;--.1"]) {
      const page = await fetchPage(`/api/sessions?cursor=${encodeURIComponent(forged)}`);
      expect(page.status).toBe(400);
      expect(page.body).toMatchObject({ code: 'INVALID_ARGUMENT', error: expect.stringContaining('cursor') });
    }
  });
});

describe('sessionsPage', () => {
  it('property: pages of any size, on a store whose sessions share milliseconds, give the whole listing once', async () => {
    const memory = createMemoryStore();
    for (let i = 0; i < 60; i++) await memory.createSession(scope, { id: `m${i}`, metadata: {} });
    const expected: string[] = [];
    const times = (await memory.listSessions(scope)).map((s) => s.createdAt.getTime());
    expect(new Set(times).size).toBeLessThan(60);
    for await (const s of listAllSessions(memory, scope)) expected.push(s.id);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 70 }), async (limit) => {
        const ids: string[] = [];
        let cursor: ReturnType<typeof decodeSessionsCursor>;
        for (;;) {
          const page = await sessionsPage(memory, scope, limit, cursor);
          expect(page.sessions.length).toBeLessThanOrEqual(limit);
          ids.push(...page.sessions.map((s) => s.id));
          if (!page.next) break;
          // Through its text form, as a request carries it.
          cursor = decodeSessionsCursor(encodeSessionsCursor(page.next));
        }
        expect(ids).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });
});
