import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from '../longterm/create-long-term-memory.ts';
import { createWorkingMemory } from '../working/working-memory.ts';
import { createInspectorApp } from './inspector-app.ts';
import { readOnlySource } from './read-only-source.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-inspector-tenant-records-'));
const store = createSqliteStore({ path: join(dir, 'r.db') });
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const ada = { tenant: 'acme', user: 'ada' };
const bob = { tenant: 'acme', user: 'bob' };
let adaFact: string;

beforeAll(async () => {
  await store.createSession(ada, { id: 'chat' });
  const [fact] = await createLongTermMemory({ store, scope: ada }).add('Ada prefers window seats.');
  adaFact = fact!.id;
  await createLongTermMemory({ store, scope: { tenant: 'other', user: 'eve' } }).add('Eve is elsewhere.');
  await createWorkingMemory({ store, scope: ada }).update('# Trip\nLisbon in May');
  await createWorkingMemory({ store, scope: bob }).update('# Trip\nOslo in June');
});

/** An inspector over the whole tenant (`engram inspect --tenant acme`, no --user). */
const inspector = createInspectorApp(readOnlySource(store, { tenant: 'acme' }));
const get = async (path: string) => {
  const res = await inspector.request(`http://127.0.0.1${path}`, { headers: { host: '127.0.0.1' } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & unknown[] };
};

describe('inspector over a whole tenant: a listed record opens, under its owner', () => {
  it('/api/records lists the users’ records, and /api/records/:id opens each (not a 404)', async () => {
    const list = await get('/api/records');
    const ids = (list.body.records as { id: string }[]).map((r) => r.id);
    expect(ids).toContain(adaFact);
    const one = await get(`/api/records/${adaFact}`);
    expect(one.status).toBe(200);
    expect((one.body.versions as { text: string }[]).map((v) => v.text)).toEqual([
      'Ada prefers window seats.',
    ]);
    expect(one.body.owner).toEqual({ user: 'ada', agent: null });
  });

  it('an id two users share is refused naming them, and opens with ?user=', async () => {
    const shared = await get('/api/records/engram.working:resource');
    expect(shared.status).toBe(400);
    expect(shared.body.error).toMatch(/user ada.*user bob|user bob.*user ada/);
    const bobs = await get('/api/records/engram.working:resource?user=bob');
    expect(bobs.status).toBe(200);
    expect((bobs.body.versions as { text: string }[]).at(-1)!.text).toMatch(/Oslo/);
  });

  it('/api/working shows each user’s working memory with its versions (not 0 versions)', async () => {
    const { body } = await get('/api/working');
    const blocks = body as unknown as { id: string; user: string | null; versions: { text: string }[] }[];
    expect(blocks.map((b) => [b.user, b.versions.length, b.versions.at(-1)?.text.split('\n')[1]])).toEqual([
      ['ada', 1, 'Lisbon in May'],
      ['bob', 1, 'Oslo in June'],
    ]);
  });

  it('never opens another tenant’s record', async () => {
    const eve = await createLongTermMemory({ store, scope: { tenant: 'other', user: 'eve' } }).search('Eve');
    const res = await get(`/api/records/${eve[0]!.record.id}`);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toMatch(/eve|other/i);
  });
});
