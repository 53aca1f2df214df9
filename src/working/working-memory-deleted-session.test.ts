import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestSchema, type TestDatabase } from '../../test-support/postgres/test-database.ts';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import { type OpenedStore, reliabilityDrivers } from '../../test-support/reliability/store-drivers.ts';
import { createLibsqlStore } from '../drivers/libsql/libsql-store.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createPostgresStore } from '../drivers/postgres/postgres-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from '../longterm/create-long-term-memory.ts';
import type { HasLongTermRecords } from '../longterm/long-term-store-v1.ts';
import { prepareRecord } from '../longterm/prepare-record.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createWorkingMemoryTool } from '../tools/working-memory-tools.ts';
import { createWorkingMemory } from './working-memory.ts';

/**
 * A session's working memory belongs to the session: after `deleteSession`, a new session created under the
 * same id starts from the template (no version, no history), on every store, also when another store handle on
 * the same data reads it. What belongs to the user (per-resource working memory, long-term facts) stays.
 */
const opened: OpenedStore[] = [];
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const o of opened) await o.dispose();
  for (const close of closers) await close();
});
const scope = { tenant: 'acme', user: 'ada' };
const template = '# User\n- Name:';
const schema = z.object({ name: z.string().optional(), city: z.string().optional() });
type Store = MemoryStoreV1 & HasLongTermRecords;
/** Runs the tool's `execute` as the model's call would. */
const callTool = (tools: ReturnType<typeof createWorkingMemoryTool>, memory: Record<string, unknown>) =>
  tools.update_working_memory.execute?.({ memory }, { toolCallId: 'c1', messages: [], context: {} });

/** The working memory of session `chat` through `reader` after `writer` wrote it and `writer` deleted and re-created the session. */
async function afterDeleteAndCreate(writer: Store, reader: Store) {
  await writer.createSession(scope, { id: 'chat' });
  const old = createWorkingMemory({ store: writer, scope, per: 'session', sessionId: 'chat', template });
  await old.update('# User\n- Name: Ada (the deleted conversation)');
  const oldSchema = createWorkingMemory({ store: writer, scope, per: 'session', sessionId: 'chat', schema });
  expect(oldSchema.mode).toBe('schema');
  const readerMemory = createWorkingMemory({
    store: reader,
    scope,
    per: 'session',
    sessionId: 'chat',
    template,
  });
  expect((await readerMemory.get()).version).toBe(1);
  await writer.deleteSession(scope, 'chat');
  await writer.createSession(scope, { id: 'chat' });
  return readerMemory;
}

describe.each(reliabilityDrivers({ postgresUrl: testPostgresUrl(), fast: true }))(
  'working memory of a deleted session on $name',
  (driver) => {
    it('a new session of the same id sees none of it; the user’s own memory stays', async (t) => {
      if (driver.missing) return t.skip(driver.missing);
      const o = await driver.open();
      opened.push(o);
      const { store } = o;
      const resource = createWorkingMemory({ store, scope, template: '# Profile' });
      await resource.update('# Profile\n- likes tea');
      const facts = createLongTermMemory({ store, scope });
      await facts.add({ text: 'Ada lives in Lisbon', session: 'chat' });
      const reader = await afterDeleteAndCreate(store, store);
      const fresh = createWorkingMemory({ store, scope, per: 'session', sessionId: 'chat', template });
      for (const wm of [fresh, reader]) {
        expect(await wm.get()).toEqual({ text: template, version: 0 });
        expect(await wm.history()).toEqual([]);
        expect(await wm.render()).not.toContain('deleted conversation');
      }
      expect((await fresh.update('# User\n- Name: Bo')).version).toBe(1);
      expect((await resource.get()).text).toBe('# Profile\n- likes tea');
      expect((await facts.search('Lisbon')).map((r) => r.record.text)).toEqual(['Ada lives in Lisbon']);
    });

    it('schema mode: the tool’s first update in the new session merges into nothing of the old one', async (t) => {
      if (driver.missing) return t.skip(driver.missing);
      const o = await driver.open();
      opened.push(o);
      const { store } = o;
      await store.createSession(scope, { id: 'chat' });
      const wm = createWorkingMemory({ store, scope, per: 'session', sessionId: 'chat', schema });
      await callTool(createWorkingMemoryTool({ memory: wm }), { name: 'Ada' });
      await store.deleteSession(scope, 'chat');
      await store.createSession(scope, { id: 'chat' });
      const fresh = createWorkingMemory({ store, scope, per: 'session', sessionId: 'chat', schema });
      expect(await callTool(createWorkingMemoryTool({ memory: fresh }), { city: 'Oslo' })).toEqual({
        version: 1,
        chars: JSON.stringify({ city: 'Oslo' }).length,
      });
      expect((await fresh.get()).data).toEqual({ city: 'Oslo' });
    });
  },
);

/** Two handles made by `make` on one database file in a new temp folder, closed and removed after the file. */
function twoOnAFile(make: (file: string) => Store): [Store, Store] {
  const dir = mkdtempSync(join(tmpdir(), 'engram-wm-del-'));
  const file = join(dir, 'wm.db');
  const pair: [Store, Store] = [make(file), make(file)];
  closers.push(async () => {
    for (const s of pair) await s.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return pair;
}

/** Two store handles on one database: one deletes and re-creates the session, the other reads. */
const handles: { name: string; skip?: string; open: () => Promise<[Store, Store]> }[] = [
  { name: 'sqlite', open: async () => twoOnAFile((path) => createSqliteStore({ path })) },
  { name: 'libsql', open: async () => twoOnAFile((file) => createLibsqlStore({ url: `file:${file}` })) },
  {
    name: 'postgres',
    ...(testPostgresUrl() ? {} : { skip: 'no PostgreSQL test server' }),
    async open() {
      const db: TestDatabase = await createTestSchema('engram_wm_del');
      const open = () =>
        createPostgresStore({ connectionString: db.url, schema: db.name, maxConnections: 2 });
      const pair: [Store, Store] = [open(), open()];
      closers.push(async () => {
        for (const s of pair) await s.close();
        await db.drop();
      });
      return pair;
    },
  },
];

describe('working memory of a session deleted through another store handle', () => {
  for (const h of handles)
    it.skipIf(h.skip !== undefined)(
      `${h.name}: the other handle's memory object reads none of it`,
      async () => {
        const [a, b] = await h.open();
        const reader = await afterDeleteAndCreate(a, b);
        expect(await reader.get()).toEqual({ text: template, version: 0 });
        expect(await reader.history()).toEqual([]);
      },
    );
});

describe('working memory stored before sessions bound it', () => {
  it('its next update binds it, so deleting the session then deletes it', async () => {
    const store = createMemoryStore();
    await store.createSession(scope, { id: 'chat' });
    // As the code before wrote it: the record of the id, without `engram.session`.
    await store.longTermRecords.addRecords(scope, [
      prepareRecord(
        { id: 'engram.working:session:chat', kind: 'engram.working', text: '# User\n- Name: Ada' },
        'test',
      ),
    ]);
    const wm = createWorkingMemory({ store, scope, per: 'session', sessionId: 'chat', template });
    expect((await wm.get()).text).toBe('# User\n- Name: Ada');
    await wm.update('# User\n- Name: Ada L.');
    await store.deleteSession(scope, 'chat');
    await store.createSession(scope, { id: 'chat' });
    expect(await wm.get()).toEqual({ text: template, version: 0 });
  });
});
