import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentStore } from '../content/create-content-store.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from '../longterm/create-long-term-memory.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createInspectorApp } from './inspector-app.ts';
import { readOnlySource } from './read-only-source.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-inspector-input-'));
const store = createSqliteStore({ path: join(dir, 'i.db') });
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});
const ada = { tenant: 'demo', user: 'ada' };
let itemId: string;

beforeAll(async () => {
  await createConversationMemory({ store, scope: ada, sessionId: 's' }).store([
    { role: 'user', content: 'hello' },
    { role: 'assistant', content: 'hi there' },
  ]);
  await createLongTermMemory({ store, scope: ada }).add('Ada likes tea.');
  itemId = await createContentStore({ store, scope: { tenant: 'demo' }, space: 'docs' }).store({
    type: 'text',
    source: 'test',
    content: 'line one\nline two\nline three',
  });
});

const inspector = createInspectorApp(readOnlySource(store, { tenant: 'demo' }));
const get = async (path: string) => {
  const res = await inspector.request(`http://127.0.0.1${path}`, { headers: { host: '127.0.0.1' } });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as Record<string, unknown> };
};

/** A refused request's body: `{ error, code }`, the message without engram's prefixes, stack traces or paths. */
function expectCleanError(body: Record<string, unknown>, what: string) {
  expect(typeof body.error, what).toBe('string');
  expect(typeof body.code, what).toBe('string');
  expect(body.error as string, what).not.toMatch(/^\[engram\]|\n\s+at |TypeError|node_modules/);
}

/** Parameters (not numeric, not covered by inspector-bad-params.test.ts) with values a request may not give. */
const badParams: [path: string, status: number, names: RegExp][] = [
  ['/api/content?space=%00', 400, /^space must be/],
  [`/api/content?space=${'x'.repeat(300)}`, 400, /^space must be/],
  ['/api/content/ITEM?space=%00', 400, /^space must be/],
  ['/api/content?cursor=not-a-cursor', 400, /^cursor\b/],
  ['/api/content/ITEM?space=docs&transform=bogus', 400, /unknown transform "bogus"/],
  ['/api/content/ITEM?space=docs&transform=head&n=0', 400, /^n\b/],
  ['/api/records?cursor=%00', 400, /^cursor\b/],
  ['/api/records?cursor=-1', 400, /^cursor\b/],
  ['/api/sessions?cursor=x.0', 400, /^cursor\b/],
  ['/api/sessions?cursor=%00', 400, /^cursor\b/],
  ['/api/records/%00', 400, /^id must be/],
  ['/api/content/%00', 400, /^id must be/],
  ['/api/sessions/%00?user=ada', 400, /^id must be/],
  [`/api/sessions/${'s'.repeat(300)}/messages?user=ada`, 400, /^id must be/],
  ['/api/sessions/%00/steps?user=ada', 400, /^id must be/],
  ['/api/sessions/s/steps/7?user=ada', 400, /^no step 7/],
  ['/api/sessions/s/messages?user=ada&message=nope', 404, /message "nope" not found/],
  ['/api/sessions/s', 404, /session "s" not found/], // ada's session, asked without ?user=: not another scope's
  ['/api/sessions/s?user=bob', 404, /session "s" not found/],
];

describe('inspector: parameters of the wrong shape get a 4xx naming the parameter as the request gave it', () => {
  it.each(badParams)('%s → %i', async (path, status, names) => {
    const { status: got, body } = await get(path.replace('ITEM', itemId));
    expect(got, JSON.stringify(body)).toBe(status);
    expectCleanError(body, path);
    expect(body.error as string).toMatch(names);
  });

  it('the same requests with good values are answered', async () => {
    for (const path of [
      '/api/content?space=docs',
      `/api/content/${itemId}?space=docs&transform=head&n=1`,
      '/api/sessions/s?user=ada',
      '/api/sessions/s/messages?user=ada&after=1',
      '/api/records',
    ]) {
      const { status, body } = await get(path);
      expect(status, `${path}: ${JSON.stringify(body)}`).toBe(200);
    }
  });
});

/** Every GET route of the API, with `:id`, `:index` and query values filled in by the property. */
const routes = [
  '/api/info',
  '/api/sessions',
  '/api/sessions/ID',
  '/api/sessions/ID/messages',
  '/api/sessions/ID/steps',
  '/api/sessions/ID/steps/ID',
  '/api/spaces',
  '/api/content',
  '/api/content/ID',
  '/api/records',
  '/api/records/search',
  '/api/records/ID',
  '/api/working',
];
const names = [
  'limit',
  'after',
  'cursor',
  'message',
  'user',
  'agent',
  'kind',
  'space',
  'text',
  'transform',
  'n',
  'pattern',
  'query',
  'q',
];
/** Values a client may put in a URL: text, numbers of every shape, ids, NULs and long strings. */
const value = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(
    's',
    'ada',
    'docs',
    'head',
    'tail',
    'filtered',
    'excerpt',
    'summary',
    '\u0000',
    'x'.repeat(300),
  ),
);

describe('inspector: property over every route and arbitrary parameters', () => {
  it('any GET is a 200 with JSON or a 400/404 with a clean { error, code }, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        value.filter((id) => id !== ''), // an empty segment is another route
        fc.array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 4 }),
        async (route, id, query) => {
          const path = route.replaceAll('ID', encodeURIComponent(id));
          const search = new URLSearchParams(query).toString();
          const url = `${path}${search ? `?${search}` : ''}`;
          const { status, body } = await get(url);
          if (status === 200) return;
          expect([400, 404], `${url}: ${JSON.stringify(body)}`).toContain(status);
          // A path that no route matches (an id of '..' resolves away) is the plain 404 of an unknown route.
          if (status === 404 && body.code === undefined)
            expect(['no such API route', 'not found'], url).toContain(body.error);
          else expectCleanError(body, url);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('inspector: reads while the session is written (SQLite, real concurrent requests)', () => {
  it('pages read during appends are each contiguous from their start, and the last read sees every message once', async () => {
    const writer = createConversationMemory({ store, scope: ada, sessionId: 'busy' });
    await writer.store([{ role: 'user', content: 'start' }]);
    const writes = (async () => {
      for (let i = 0; i < 30; i++) await writer.store([{ role: 'user', content: `m${i}` }]);
    })();
    const reads = Promise.all(
      Array.from({ length: 30 }, () => get('/api/sessions/busy/messages?user=ada&limit=1000')),
    );
    const [, pages] = await Promise.all([writes, reads]);
    for (const { status, body } of pages) {
      expect(status).toBe(200);
      const seqs = (body.messages as { seq: number }[]).map((m) => m.seq);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    }
    const last = await get('/api/sessions/busy/messages?user=ada&limit=1000');
    expect((last.body.messages as { text: string }[]).map((m) => m.text)).toEqual([
      'start',
      ...Array.from({ length: 30 }, (_, i) => `m${i}`),
    ]);
  });
});
