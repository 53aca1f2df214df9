import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
beforeAll(() => store.createSession({ tenant: 'demo' }, { id: 's', metadata: {} }));

describe('inspector: bad query parameters get a 400 naming the parameter, without internal prefixes', () => {
  it('?kind= with a NUL: the message has no "[engram] [sqlite]" prefix', async () => {
    const res = await app.request('http://127.0.0.1/api/records?kind=%00');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string };
    expect(body.error).not.toMatch(/^\[engram\]/);
    expect(body.error).toMatch(/kind/);
  });

  it('?after= at the top of its advertised range names "after", not the internal "fromSeq"', async () => {
    const res = await app.request(
      `http://127.0.0.1/api/sessions/s/messages?after=${Number.MAX_SAFE_INTEGER}`,
    );
    const body = (await res.json()) as { error?: string };
    if (res.status === 400) expect(body.error).toMatch(/\bafter\b/);
    else expect(res.status).toBe(200);
  });
});

/** Every numeric parameter of every route: the path, and where the value goes (`?name=` or the path's `:index`). */
const numericParams: [path: string, name: string, good: string][] = [
  ['/api/sessions?limit=', 'limit', '5'],
  ['/api/sessions/s/messages?limit=', 'limit', '5'],
  ['/api/sessions/s/messages?after=', 'after', '0'],
  ['/api/records?limit=', 'limit', '5'],
  ['/api/records/search?q=x&limit=', 'limit', '5'],
  ['/api/content?limit=', 'limit', '5'],
  ['/api/content/x?space=default&transform=head&n=', 'n', '5'],
  ['/api/sessions/s/steps/', 'index', '0'],
];
/** Values `Number()` reads as numbers (or 0) that are not plain decimal integers in range. */
const notDecimal = [
  '0x10',
  '1e2',
  '-1',
  '1.5',
  '',
  ' 5',
  '5 ',
  '+5',
  '5.0',
  '5abc',
  '1_000',
  'Infinity',
  '9007199254740993',
  '99999999999999999999',
];

describe('inspector: numeric parameters take plain decimal integers only', () => {
  it('any other value is a 400 whose error names the parameter and the value', async () => {
    for (const [path, name] of numericParams)
      for (const value of notDecimal) {
        // An empty path segment would be another route (the list of steps): it is not a value of :index.
        if (value === '' && !path.endsWith('=')) continue;
        const url = `http://127.0.0.1${path}${encodeURIComponent(value)}`;
        const res = await app.request(url);
        const body = (await res.json()) as { error?: string; code?: string };
        expect(res.status, `${url}: ${body.error}`).toBe(400);
        expect(body.code, url).toBe('INVALID_ARGUMENT');
        expect(body.error, url).toMatch(new RegExp(`\\b${name}\\b`));
        expect(body.error, url).toContain(`"${value}"`);
      }
  });

  it('a plain decimal value in range is taken', async () => {
    for (const [path, name, good] of numericParams) {
      const res = await app.request(`http://127.0.0.1${path}${good}`);
      const body = (await res.json()) as { error?: string };
      // The item `x` and step 0 do not exist: what is refused then is the item or step, not the number.
      if (res.status !== 200) expect(body.error ?? '', path).not.toMatch(new RegExp(`^${name}\\b`));
      else expect(res.status).toBe(200);
    }
  });
});

/** Every id-like query parameter: the path it goes with. */
const idParams: [path: string, name: string][] = [
  ['/api/sessions/s/messages?message=', 'message'],
  ['/api/records?kind=', 'kind'],
  ['/api/sessions/s?user=', 'user'],
  ['/api/sessions/s/messages?agent=', 'agent'],
  ['/api/sessions/s/steps?user=', 'user'],
];

describe('inspector: id-like query parameters are named as the request gave them', () => {
  // (A lone surrogate cannot be sent: its UTF-8 bytes are not valid, so `%ED%A0%80` stays those nine characters.)
  it('a NUL or 300 characters is a 400 whose error starts with the parameter', async () => {
    for (const [path, name] of idParams)
      for (const value of ['%00', 'a%00b', 'x'.repeat(300)]) {
        const url = `http://127.0.0.1${path}${value}`;
        const res = await app.request(url);
        const body = (await res.json()) as { error?: string; code?: string };
        expect(res.status, `${url}: ${body.error}`).toBe(400);
        expect(body.code, url).toBe('INVALID_ARGUMENT');
        expect(body.error, url).toMatch(new RegExp(`^${name} must be`));
      }
  });
});
