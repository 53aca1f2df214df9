import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestSchema } from '../../test-support/postgres/test-database.ts';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import {
  type DriverStore,
  type OpenedStore,
  reliabilityDrivers,
} from '../../test-support/reliability/store-drivers.ts';
import { tempSqlitePaths } from '../../test-support/temp-sqlite-store.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import { createPostgresStore } from '../drivers/postgres/postgres-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { uniqueTenant } from '../testing/fixtures.ts';
import { createLongTermMemory } from './create-long-term-memory.ts';

const opened: OpenedStore[] = [];
/** Closes what a test opened, after the file's tests. */
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  await Promise.all(opened.map((o) => o.dispose()));
  for (const cleanup of cleanups) await cleanup();
});

type Op =
  | { type: 'add'; who: number; id: number; text: string }
  | { type: 'update'; who: number; id: number; text: string }
  | { type: 'delete'; who: number; id: number };

const texts = ['alpha', 'beta', 'gamma'];
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    type: fc.constant('add' as const),
    who: fc.nat(2),
    id: fc.nat(2),
    text: fc.constantFrom(...texts),
  }),
  fc.record({
    type: fc.constant('update' as const),
    who: fc.nat(2),
    id: fc.nat(2),
    text: fc.constantFrom(...texts),
  }),
  fc.record({ type: fc.constant('delete' as const), who: fc.nat(2), id: fc.nat(2) }),
);

/** The versions of one record as the model keeps them. */
type Versions = { version: number; event: string; text: string }[];

/** What a call answers in the model: the outcome, and the versions afterwards. */
function apply(versions: Versions, op: Op): { outcome: unknown; versions: Versions } {
  const last = versions.at(-1);
  const live = last !== undefined && last.event !== 'DELETE';
  const next = (event: string, text: string) => [...versions, { version: versions.length + 1, event, text }];
  if (op.type === 'add') {
    if (!live) return { outcome: 'added', versions: next('ADD', op.text) };
    return { outcome: last.text === op.text ? 'same' : 'INVALID_ARGUMENT', versions };
  }
  if (op.type === 'update')
    return live
      ? { outcome: 'updated', versions: next('UPDATE', op.text) }
      : { outcome: 'RECORD_NOT_FOUND', versions };
  return live ? { outcome: true, versions: next('DELETE', last.text) } : { outcome: false, versions };
}

describe.each(reliabilityDrivers({ postgresUrl: testPostgresUrl(), fast: true }))(
  'long-term memory against a model on $name',
  (driver) => {
    const runs: Record<string, number> = {
      memory: 150,
      sqlite: 40,
      libsql: 15,
      'json-file': 25,
      postgres: 15,
    };
    it.skipIf(driver.missing !== undefined)(
      'add / update / delete by three owners under the same ids: each sees its own versions only, numbered 1, 2, 3…',
      async () => {
        const o = await driver.open();
        opened.push(o);
        await fc.assert(
          fc.asyncProperty(fc.array(opArb, { maxLength: 25 }), async (ops) => {
            const tenant = uniqueTenant('model');
            const scopes: Scope[] = [
              { tenant, user: 'a' },
              { tenant, user: 'b' },
              { tenant: `${tenant}x`, user: 'a' },
            ];
            const memories = scopes.map((scope) => createLongTermMemory({ store: o.store, scope }));
            const model = new Map<string, Versions>();
            for (const op of ops) {
              const memory = memories[op.who]!;
              const key = `${op.who}/${op.id}`;
              const id = `rec${op.id}`;
              const expected = apply(model.get(key) ?? [], op);
              let outcome: unknown;
              try {
                if (op.type === 'add') {
                  const before = await memory.get(id);
                  const [r] = await memory.add({ id, text: op.text });
                  outcome = before && r?.version === before.version ? 'same' : 'added';
                } else if (op.type === 'update') {
                  await memory.update(id, op.text);
                  outcome = 'updated';
                } else outcome = await memory.delete(id);
              } catch (error) {
                if (!MemoryError.isInstance(error)) throw error;
                outcome = error.code;
              }
              expect(outcome, `${op.type} ${key}`).toEqual(expected.outcome);
              model.set(key, expected.versions);
            }
            for (const [who, memory] of memories.entries())
              for (const n of [0, 1, 2]) {
                const versions = model.get(`${who}/${n}`) ?? [];
                const history = await memory.history(`rec${n}`);
                expect(history.map((v) => ({ version: v.version, event: v.event, text: v.text }))).toEqual(
                  versions,
                );
                const last = versions.at(-1);
                expect((await memory.get(`rec${n}`))?.text).toBe(
                  last?.event === 'DELETE' ? undefined : last?.text,
                );
              }
          }),
          { numRuns: runs[driver.name] ?? 15 },
        );
      },
      180_000,
    );
  },
);

const sqlitePath = tempSqlitePaths('ltm-race');

/** Four handles on one database: SQLite connections on one file, or PostgreSQL stores on one schema. */
const handleSets: [string, () => Promise<DriverStore[]>][] = [
  [
    'four SQLite handles on one file',
    async () => {
      const path = sqlitePath();
      return [0, 1, 2, 3].map(() => createSqliteStore({ path }));
    },
  ],
  [
    'four PostgreSQL stores on one schema',
    async () => {
      const schema = await createTestSchema('ltm_race');
      cleanups.push(() => schema.drop());
      return [0, 1, 2, 3].map(() =>
        createPostgresStore({ connectionString: schema.url, schema: schema.name, maxConnections: 2 }),
      );
    },
  ],
];

describe.each(handleSets)('long-term writers racing on %s', (_, open) => {
  it('30 updates at once: each acknowledged version in history once, numbered 1…31; one of four conditional updates wins', async () => {
    const stores = await open();
    cleanups.unshift(() => Promise.all(stores.map((s) => s.close())));
    const scope = { tenant: uniqueTenant('race'), user: 'u' };
    const memories = stores.map((store) => createLongTermMemory({ store, scope }));
    await memories[0]?.add({ id: 'r', text: 'text 0' });
    const acked = await Promise.all(
      Array.from({ length: 30 }, (_, i) => memories[i % 4]!.update('r', `text ${i + 1}`)),
    );
    const history = await memories[1]!.history('r');
    expect(history.map((v) => v.version)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    for (const v of acked) expect(history[v.version - 1]?.text).toBe(v.text);
    const results = await Promise.allSettled(
      memories.map((m, i) => m.update('r', { text: `conditional ${i}`, expectedVersion: 31 })),
    );
    const codes = results.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as MemoryError).code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c === 'CONFLICT')).toHaveLength(3);
    expect((await memories[2]!.get('r'))?.version).toBe(32);
  });
});
