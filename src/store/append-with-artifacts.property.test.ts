import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createMinimalLogDriver } from '../../test-support/minimal-log-driver.ts';
import type { Scope } from '../core/scope.ts';
import { createJsonFileStore } from '../drivers/json-file/json-file-driver.ts';
import { createLibsqlStore } from '../drivers/libsql/libsql-store.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { openSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { withArtifactsOnAppend } from './append-riders.ts';
import {
  type ArtifactInput,
  appendWithArtifacts,
  type HasAppendWithArtifacts,
} from './append-with-artifacts.ts';
import { createLogStore } from './create-log-store.ts';
import type { AppendInput, MemoryStoreV1 } from './memory-store.ts';

/**
 * `appendWithArtifacts` (one transaction) against its fallback (`append`, then one `deleteArtifact` and one
 * `putArtifact` each) and against artifacts riding on an `append` (`withArtifactsOnAppend`): random batches of
 * messages (ids reused, so some appends are idempotent or refused), artifacts (ids reused, so some replace) and
 * artifacts to delete (some held, some not, some written again in the same batch) leave the same log and the same
 * artifacts on every store, step by step, with the same error code when one is refused.
 */

const scope: Scope = { tenant: 't', user: 'u' };
type Batch = {
  messages: { n: number; variant: number }[];
  artifacts: { id: number; to: number; data: number }[];
  deleted: number[];
};
const batch: fc.Arbitrary<Batch> = fc.record({
  messages: fc.array(fc.record({ n: fc.nat(12), variant: fc.nat(1) }), { maxLength: 3 }),
  artifacts: fc.array(fc.record({ id: fc.nat(3), to: fc.nat(20), data: fc.nat(3) }), { maxLength: 2 }),
  deleted: fc.array(fc.nat(4), { maxLength: 3 }),
});

const inputsOf = (b: Batch): AppendInput[] =>
  b.messages.map(({ n, variant }) => ({
    // Ids are reused: the same message is an idempotent re-append, another under a live id is refused.
    message: { id: `m${n}`, role: 'user', content: `message ${n}.${variant}`, createdAt: new Date(0) },
    tokens: n + 1,
  }));
const artifactsOf = (b: Batch): ArtifactInput[] =>
  b.artifacts.map((a) => ({ id: `a${a.id}`, kind: 'k', fromSeq: 0, toSeq: a.to, data: { v: a.data } }));
/** Ids to delete: a0–a3 may be held, a4 never is. */
const deletedOf = (b: Batch): string[] => b.deleted.map((n) => `a${n}`);

type Store = MemoryStoreV1 & HasAppendWithArtifacts;
type Path = (store: Store, b: Batch) => Promise<unknown>;
const paths: Record<string, Path> = {
  capability: (store, b) => store.appendWithArtifacts(scope, 's', inputsOf(b), artifactsOf(b), deletedOf(b)),
  fallback: (store, b) => {
    const { append, putArtifact, deleteArtifact } = store;
    const plain: MemoryStoreV1 = {
      ...store,
      append: append.bind(store),
      putArtifact: putArtifact.bind(store),
      deleteArtifact: deleteArtifact.bind(store),
    };
    return appendWithArtifacts(plain, scope, 's', inputsOf(b), artifactsOf(b), deletedOf(b));
  },
  rider: (store, b) =>
    withArtifactsOnAppend(
      {
        scope,
        sessionId: 's',
        putArtifact: (a) => store.putArtifact(scope, 's', a),
        deleteArtifact: (id) => store.deleteArtifact(scope, 's', id),
      },
      artifactsOf(b),
      () => (b.messages.length > 0 ? store.append(scope, 's', inputsOf(b)) : Promise.resolve([])),
      deletedOf(b),
    ),
};

const dir = mkdtempSync(join(tmpdir(), 'engram-append-artifacts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const stores: Record<string, () => Promise<Store>> = {
  memory: async () => createMemoryStore(),
  'json-file': async () => createJsonFileStore({ directory: join(dir, `j${files++}`) }),
  libsql: async () => createLibsqlStore({ url: `file:${join(dir, `l${files++}.db`)}` }),
  'log store with transaction': async () => createLogStore(createMinimalLogDriver({ transactions: true })),
  'log store without transaction': async () => createLogStore(createMinimalLogDriver()),
  sqlite: () => openSqliteStore({ path: ':memory:' }),
};

/** What a store holds: the log and the artifacts, without times. */
async function stateOf(store: Store) {
  const log = (await store.readRange(scope, 's')).map((e) => [
    e.seq,
    e.message.id,
    e.message.content,
    e.tokens,
  ]);
  const artifacts = (await store.listArtifacts(scope, 's'))
    .map(({ createdAt: _, ...a }) => a)
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  return { log, artifacts };
}

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e as { code?: string }).code ?? String(e),
  );

describe('appendWithArtifacts: one transaction, its fallback and its rider agree', () => {
  for (const [name, open] of Object.entries(stores)) {
    it(`${name}: capability, fallback and rider leave the same log and artifacts`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(batch, { maxLength: 8 }), async (batches) => {
          const opened = await Promise.all(Object.keys(paths).map(() => open()));
          try {
            for (const s of opened) await s.createSession(scope, { id: 's' });
            for (const b of batches) {
              const outcomes = await Promise.all(
                Object.values(paths).map((path, i) => outcome(path(opened[i]!, b))),
              );
              expect(new Set(outcomes).size, JSON.stringify(outcomes)).toBe(1);
              const states = await Promise.all(opened.map(stateOf));
              for (const state of states.slice(1)) expect(state).toEqual(states[0]);
            }
          } finally {
            for (const s of opened) await s.close();
          }
        }),
        { numRuns: name === 'memory' || name.startsWith('log store') ? 80 : 25 },
      );
    });
  }

  it('a refused artifact or a bad id to delete stores and deletes nothing of the batch (every store)', async () => {
    for (const [name, open] of Object.entries(stores)) {
      const store = await open();
      await store.createSession(scope, { id: 's' });
      const held = { id: 'a0', kind: 'k', fromSeq: 0, toSeq: 0, data: { v: 1 } };
      await store.putArtifact(scope, 's', held);
      const message = { id: 'm1', role: 'user' as const, content: 'hi', createdAt: new Date(0) };
      const bad = { id: '', kind: 'k', fromSeq: 0, toSeq: 0, data: 1 };
      await expect(
        store.appendWithArtifacts(scope, 's', [{ message, tokens: 1 }], [bad], ['a0']),
        name,
      ).rejects.toThrow();
      // biome-ignore lint/suspicious/noSparseArray: a hole must be refused like any bad id
      const sparse = [, 'a0'];
      for (const deleted of [[''], [7], 'a0', [null], {}, sparse])
        await expect(
          store.appendWithArtifacts(scope, 's', [{ message, tokens: 1 }], [], deleted as never),
          `${name}: ${JSON.stringify(deleted)}`,
        ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      expect(await stateOf(store), name).toEqual({ log: [], artifacts: [held] });
      // A rider target without deleteArtifact is refused only when it is asked to delete.
      const putOnly = {
        scope,
        sessionId: 's',
        putArtifact: (a: ArtifactInput) => store.putArtifact(scope, 's', a),
      };
      await expect(
        withArtifactsOnAppend(putOnly, [], async () => 0, ['a0']),
        name,
      ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      expect((await withArtifactsOnAppend(putOnly, [], async () => 1)).value).toBe(1);
      await store.close();
    }
  });

  it('a refused artifact stores nothing of the batch (every store)', async () => {
    for (const open of Object.values(stores)) {
      const store = await open();
      await store.createSession(scope, { id: 's' });
      const message = { id: 'm1', role: 'user' as const, content: 'hi', createdAt: new Date(0) };
      const bad = { id: '', kind: 'k', fromSeq: 0, toSeq: 0, data: 1 };
      await expect(store.appendWithArtifacts(scope, 's', [{ message, tokens: 1 }], [bad])).rejects.toThrow();
      expect(await stateOf(store)).toEqual({ log: [], artifacts: [] });
      await store.close();
    }
  });
});
