import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createTestSchema, type TestDatabase } from '../../test-support/postgres/test-database.ts';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import { createJsonFileStore } from '../drivers/json-file/json-file-driver.ts';
import { createLibsqlStore } from '../drivers/libsql/libsql-store.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createPostgresStore } from '../drivers/postgres/postgres-driver.ts';
import type { MemoryStoreV1, SessionRecord } from '../store/memory-store.ts';
import { expectMemoryError } from '../testing/fixtures.ts';
import { createSessions, type Sessions } from './sessions.ts';

afterEach(() => {
  vi.useRealTimers();
});

const dir = mkdtempSync(join(tmpdir(), 'engram-list-pages-'));
const sqlite = tempSqliteStores('list-pages');
let schema: TestDatabase | undefined;
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await schema?.drop();
});

type Closable = MemoryStoreV1 & { close?(): Promise<void> };
const drivers: [string, () => Promise<Closable>][] = [
  ['memory', async () => createMemoryStore()],
  ['sqlite', async () => sqlite()],
  ['libsql', async () => createLibsqlStore({ url: ':memory:' })],
  ['json-file', async () => createJsonFileStore({ directory: mkdtempSync(join(dir, 'json-')) })],
  [
    'postgres',
    async () => {
      schema ??= await createTestSchema('engram_list_pages');
      return createPostgresStore({ connectionString: schema.url, schema: schema.name, maxConnections: 2 });
    },
  ],
];

const key = (r: SessionRecord) => `${r.id}/${r.scope.user ?? ''}`;

/** Every page of `sessions.list`, `limit` at a time, each after the last session of the one before. */
async function pageByHand(sessions: Sessions, limit: number): Promise<SessionRecord[]> {
  const out: SessionRecord[] = [];
  for (let page = await sessions.list({ limit }); page.length > 0; ) {
    expect(page.length).toBeLessThanOrEqual(limit);
    out.push(...page);
    page = await sessions.list({ limit, startAfter: page.at(-1) });
  }
  return out;
}

/** The listing's order computed from scratch: newest first, then id, then user, descending. */
const expectedOrder = (records: SessionRecord[]) =>
  [...records]
    .sort((a, b) => {
      const d = b.createdAt.getTime() - a.createdAt.getTime();
      if (d !== 0) return d;
      if (a.id !== b.id) return a.id < b.id ? 1 : -1;
      return (a.scope.user ?? '') < (b.scope.user ?? '') ? 1 : -1;
    })
    .map(key);

describe.each(drivers)('sessions.list pages by hand (%s)', (_name, open) => {
  it('many sessions of one millisecond, two users with the same ids: every page goes on where the last stopped', async () => {
    const store = await open();
    try {
      vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z'), toFake: ['Date'] });
      const tenant = `t${Math.random().toString(36).slice(2)}`;
      const create = (user: string, id: string) =>
        createSessions({ store, scope: { tenant, user } }).create({ id });
      await create('u1', 'old');
      vi.setSystemTime(new Date('2026-01-01T00:00:01Z'));
      for (let i = 0; i < 23; i++) {
        await create('u1', `s${i}`);
        await create('u2', `s${i}`);
      }
      vi.setSystemTime(new Date('2026-01-01T00:00:02Z'));
      await create('u2', 'new');
      const sessions = createSessions({ store, scope: { tenant } });
      const all = await sessions.list();
      expect(all.length).toBe(48);
      expect(
        new Set(all.filter((r) => r.id !== 'old' && r.id !== 'new').map((r) => r.createdAt.getTime())).size,
      ).toBe(1);
      expect(all.map(key)).toEqual(expectedOrder(all));
      for (const limit of [1, 5, 7, 46, 47, 100]) {
        expect((await pageByHand(sessions, limit)).map(key), `limit ${limit}`).toEqual(expectedOrder(all));
      }
      // `before` keeps its meaning: exclusive of its whole millisecond.
      const first = await sessions.list({ limit: 3 });
      expect((await sessions.list({ before: first[2]!.createdAt })).map((r) => r.id)).toEqual(['old']);
      await expectMemoryError(
        sessions.list({ before: first[2]!.createdAt, startAfter: first[2]! }),
        'INVALID_ARGUMENT',
      );
    } finally {
      vi.useRealTimers();
      await store.close?.();
    }
  });
});

describe('sessions.list pages by hand (property, memory store)', () => {
  it('any creation times and page size: the pages hold every session once, in the listing order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 3 }),
            fc.constantFrom('u1', 'u2'),
            fc.integer({ min: 0, max: 9 }),
          ),
          {
            maxLength: 40,
          },
        ),
        fc.integer({ min: 1, max: 12 }),
        async (made, limit) => {
          vi.useFakeTimers({ toFake: ['Date'] });
          try {
            const store = createMemoryStore();
            const seen = new Set<string>();
            for (const [ms, user, n] of made) {
              if (seen.has(`${user}/${n}`)) continue;
              seen.add(`${user}/${n}`);
              vi.setSystemTime(ms);
              await createSessions({ store, scope: { tenant: 't', user } }).create({ id: `s${n}` });
            }
            const sessions = createSessions({ store, scope: { tenant: 't' } });
            const all = await store.listSessions({ tenant: 't' });
            expect((await pageByHand(sessions, limit)).map(key)).toEqual(expectedOrder(all));
          } finally {
            vi.useRealTimers();
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a page that does not end inside a millisecond takes one read of the store; a huge limit is taken', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const base = createMemoryStore();
      for (let i = 0; i < 6; i++) {
        vi.setSystemTime(1000 + i);
        await createSessions({ store: base }).create({ id: `s${i}` });
      }
      let reads = 0;
      const listSessions: MemoryStoreV1['listSessions'] = (...args) => {
        reads++;
        return base.listSessions(...args);
      };
      const sessions = createSessions({ store: { ...base, listSessions } });
      expect((await sessions.list({ limit: 2 })).map((r) => r.id)).toEqual(['s5', 's4']);
      expect(reads).toBe(1);
      expect(await sessions.list({ limit: Number.MAX_SAFE_INTEGER })).toHaveLength(6);
      const last = (await sessions.list({ limit: 4 })).at(-1);
      expect(
        (await sessions.list({ limit: Number.MAX_SAFE_INTEGER, startAfter: last })).map((r) => r.id),
      ).toEqual(['s1', 's0']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a bad startAfter is INVALID_ARGUMENT naming it', async () => {
    const sessions = createSessions({ store: createMemoryStore() });
    for (const bad of [
      null,
      'x',
      { id: 'a', scope: { tenant: 't' } },
      { id: 1, scope: { tenant: 't' }, createdAt: new Date() },
    ])
      await expect(sessions.list({ startAfter: bad as never })).rejects.toThrow(/startAfter|scope/);
  });
});
