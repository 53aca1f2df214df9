import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reliabilityDrivers } from '../../test-support/reliability/store-drivers.ts';
import { createArtifactLog } from './artifact-log.ts';
import type { Artifact } from './memory-store.ts';

/**
 * An artifact log lists only what was written since its last load; whatever the writes in between (new
 * artifacts, rewrites of old ones, other kinds, several within one millisecond), each load gives exactly what a
 * full listing of the kind gives at that moment, ordered by `toSeq`, then write time, then id (the store's
 * contract orders by `toSeq` only: ties are put in that order on both sides).
 */
const byLogOrder = (x: Artifact, y: Artifact) =>
  x.toSeq - y.toSeq ||
  x.createdAt.getTime() - y.createdAt.getTime() ||
  (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
const arbOps = fc.array(
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant('put' as const),
        id: fc.nat(12),
        seq: fc.integer({ min: 1, max: 6 }),
        v: fc.nat(9),
        // Time passing before the write: none (same millisecond), a little, or more than the log's overlap.
        wait: fc.constantFrom(0, 0, 1, 3_000, 7_000),
        // Whether the writer notes its own write in its log (as the LangGraph saver does).
        note: fc.boolean(),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({ kind: fc.constant('load' as const), wait: fc.constantFrom(0, 1, 7_000) }),
    },
  ),
  { maxLength: 40 },
);

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(reliabilityDrivers({ fast: true }).filter((d) => d.name !== 'postgres'))(
  'artifact log on $name',
  (driver) => {
    it('property: every load equals a full listing of the kind', async () => {
      await fc.assert(
        fc.asyncProperty(arbOps, async (ops) => {
          // A clock the stores stamp artifacts with and the log reads, moved by each op.
          let now = Date.UTC(2026, 0, 1);
          vi.spyOn(Date, 'now').mockImplementation(() => now);
          const opened = await driver.open();
          try {
            const { store } = opened;
            const scope = { tenant: 't' };
            await store.createSession(scope, { id: 's' });
            const kinds = ['a', 'b', 'c'];
            const logs = kinds.map((kind) =>
              // Odd kinds pass the data hint on (the no-data listing first), even ones drop it (a store ignoring it).
              createArtifactLog((since, options) =>
                store.listArtifacts(scope, 's', kind, since, kind === 'b' ? undefined : options),
              ),
            );
            // Each log's last load: what `kept` says the next one starts with.
            const before: (readonly Artifact[] | undefined)[] = kinds.map(() => undefined);
            const check = async () => {
              for (const [i, kind] of kinds.entries()) {
                const { artifacts, kept, changed, previous } = await logs[i]!.load();
                const full = (await store.listArtifacts(scope, 's', kind)).sort(byLogOrder);
                expect(artifacts.map((a) => [a.id, a.toSeq, a.data])).toEqual(
                  full.map((a) => [a.id, a.toSeq, a.data]),
                );
                // The kept prefix is the last load's artifacts, the same objects in the same order.
                const last = before[i];
                if (last === undefined) expect(kept).toBe(0);
                else {
                  expect(previous).toBe(last);
                  expect(kept).toBeLessThanOrEqual(last.length);
                  for (let k = 0; k < kept; k++) expect(artifacts[k]).toBe(last[k]);
                  if (!changed) expect(artifacts).toBe(last);
                }
                before[i] = artifacts;
              }
            };
            for (const op of ops) {
              now += op.wait;
              if (op.kind === 'load') await check();
              else {
                const k = op.id % 3;
                const written = await store.putArtifact(scope, 's', {
                  // An id belongs to one kind (a rewrite keeps its kind, as the views' and the saver's do).
                  id: `${kinds[k]}-${op.id}`,
                  kind: kinds[k]!,
                  fromSeq: 1,
                  toSeq: op.seq,
                  data: { v: op.v },
                });
                if (op.note) logs[k]!.note(written);
              }
            }
            await check();
          } finally {
            await opened.dispose();
          }
        }),
        { numRuns: 25 },
      );
    });
  },
);
