import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createInspectorApp } from './inspector-app.ts';
import { readOnlySource } from './read-only-source.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-inspector-params-'));
const store = createSqliteStore({ path: join(dir, 'i.db') });
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});
const inspector = createInspectorApp(readOnlySource(store, { tenant: 'demo' }));
const app = { request: (url: string) => inspector.request(url, { headers: { host: '127.0.0.1' } }) };

describe('inspector: bad query parameters get a 400 naming the parameter, without internal prefixes', () => {
  it('?kind= with a NUL: the message has no "[engram] [sqlite]" prefix', async () => {
    const res = await app.request('http://127.0.0.1/api/records?kind=%00');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string };
    expect(body.error).not.toMatch(/^\[engram\]/);
    expect(body.error).toMatch(/kind/);
  });

  it('?after= at the top of its advertised range names "after", not the internal "fromSeq"', async () => {
    await store.createSession({ tenant: 'demo' }, { id: 's', metadata: {} });
    const res = await app.request(
      `http://127.0.0.1/api/sessions/s/messages?after=${Number.MAX_SAFE_INTEGER}`,
    );
    const body = (await res.json()) as { error?: string };
    if (res.status === 400) expect(body.error).toMatch(/\bafter\b/);
    else expect(res.status).toBe(200);
  });
});
