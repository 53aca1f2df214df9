import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, type TestDatabase } from '../../test-support/postgres/test-database.ts';
import { withRide } from '../core/ride-on-append.ts';
import type { Scope } from '../core/scope.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createPostgresStore } from '../drivers/postgres/postgres-driver.ts';
import { openSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import type { Artifact, MemoryStoreV1 } from '../store/memory-store.ts';
import { createConversationMemory } from './conversation-memory.ts';

/**
 * Artifacts a conversation writes inside an agent step (`withRide`: AutoContext's ladder steps) against writing
 * them directly: random steps of `putArtifact` (ids reused, so some rewrite), listings inside the step (by kind), a delete,
 * then an append that commits, one that is refused, or none, and a step that may throw, leave the same artifacts
 * as the same writes made directly, on a store whose append takes them (SQLite) and one that writes them after
 * (memory); inside the step `listArtifacts` shows them before they are written.
 */

/** A new owner each property run (the PostgreSQL schema is shared by the runs). */
let scope: Scope = { tenant: 't' };
let runs = 0;
type Step = {
  puts: { id: number; kind: number; to: number; v: number }[];
  /** An artifact deleted after the puts (its riding version must not come back). */
  del: number | undefined;
  append: 'none' | 'ok' | 'refused';
  fail: boolean;
};
const step: fc.Arbitrary<Step> = fc.record({
  puts: fc.array(fc.record({ id: fc.nat(4), kind: fc.nat(1), to: fc.nat(9), v: fc.nat(3) }), {
    maxLength: 4,
  }),
  del: fc.option(fc.nat(4), { nil: undefined }),
  append: fc.constantFrom('none', 'ok', 'refused'),
  fail: fc.boolean(),
});

const dirs: string[] = [];
let db: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  db = await createTestSchema('engram_ridingart');
  pool = new pg.Pool({ connectionString: db.url, max: 4 });
});
afterAll(async () => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  await pool.end();
  await db.drop();
});
const stores: Record<string, () => Promise<MemoryStoreV1>> = {
  sqlite: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-riding-artifacts-'));
    dirs.push(dir);
    return openSqliteStore({ path: join(dir, 'a.db') });
  },
  memory: async () => createMemoryStore(),
  postgres: async () => {
    const store = createPostgresStore({ pool, schema: db.name });
    await store.ready();
    return store;
  },
};

/** Artifacts without their write time (riding ones read back with the time of the offer, then of the commit). */
const timeless = (list: readonly Artifact[]) =>
  list.map(({ createdAt: _c, ...a }) => a).sort((x, y) => x.toSeq - y.toSeq || (x.id < y.id ? -1 : 1));

describe('createRidingArtifactsOverlay: artifacts riding on an agent step against direct writes', () => {
  for (const [name, open] of Object.entries(stores))
    it(`${name}: the same artifacts, listed inside the step`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 4 }), async (steps) => {
          scope = { tenant: `t${++runs}` };
          const [ridingStore, directStore] = [await open(), createMemoryStore()];
          const riding = createConversationMemory({ store: ridingStore, scope, sessionId: 's' });
          const direct = createConversationMemory({ store: directStore, scope, sessionId: 's' });
          try {
            let seq = 0;
            for (const [k, s] of steps.entries()) {
              // The session exists before the step (the conversation opens it on its first call).
              await riding.stats();
              const before = timeless(await ridingStore.listArtifacts(scope, 's'));
              const work = async () => {
                for (const p of s.puts) {
                  const artifact = {
                    id: `a${p.id}`,
                    kind: `k${p.kind}`,
                    fromSeq: 0,
                    toSeq: p.to,
                    data: { v: p.v },
                  };
                  await riding.putArtifact(artifact);
                  await direct.putArtifact(artifact);
                }
                // Not written yet: they wait for the step's append.
                expect(timeless(await ridingStore.listArtifacts(scope, 's'))).toEqual(before);
                for (const kind of [undefined, 'k0', 'k1'])
                  expect(timeless(await riding.listArtifacts(kind))).toEqual(
                    timeless(await direct.listArtifacts(kind)),
                  );
                if (s.del !== undefined)
                  expect(await riding.deleteArtifact(`a${s.del}`)).toBe(
                    await direct.deleteArtifact(`a${s.del}`),
                  );
                if (s.append !== 'none') {
                  const id = s.append === 'ok' ? `m${++seq}` : `m${seq}`;
                  const message = { id, role: 'user' as const, content: `step ${k}` };
                  await riding.store(message);
                  if (name !== 'memory')
                    expect(timeless(await ridingStore.listArtifacts(scope, 's'))).toEqual(
                      timeless(await directStore.listArtifacts(scope, 's')),
                    );
                }
                if (s.fail) throw new Error('step failed');
              };
              await withRide(work).catch(() => undefined);
              expect(timeless(await ridingStore.listArtifacts(scope, 's'))).toEqual(
                timeless(await direct.listArtifacts()),
              );
            }
          } finally {
            await ridingStore.close();
            await directStore.close();
          }
        }),
        { numRuns: name === 'postgres' ? 15 : 40 },
      );
    }, 120_000);
});

describe('createRidingArtifactsOverlay: a riding artifact whose write fails', () => {
  it('is no longer shown (a later read makes it again) and the failure reaches the step', async () => {
    const store = createMemoryStore();
    let failing = true;
    const flaky: MemoryStoreV1 = {
      ...store,
      putArtifact: (...args) =>
        failing ? Promise.reject(new Error('disk full')) : store.putArtifact(...args),
    };
    const memory = createConversationMemory({ store: flaky, scope: { tenant: 't' }, sessionId: 's' });
    await memory.append({ role: 'user', content: 'hi' });
    const artifact = { id: 'ctx_1', kind: 'autocontext', fromSeq: 1, toSeq: 1, data: { v: 1 } };
    await expect(
      withRide(async () => {
        await memory.putArtifact(artifact);
        expect((await memory.listArtifacts('autocontext')).map((a) => a.id)).toEqual(['ctx_1']);
      }),
    ).rejects.toThrow('disk full');
    expect(await memory.listArtifacts('autocontext')).toEqual([]);
    failing = false;
    await memory.putArtifact(artifact);
    expect((await memory.listArtifacts('autocontext')).map((a) => a.id)).toEqual(['ctx_1']);
  });
});
