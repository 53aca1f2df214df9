import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Scope } from '../../core/scope.ts';
import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import { prepareChange, prepareRecord } from '../../longterm/prepare-record.ts';
import { createJsonFileStore } from './json-file-driver.ts';

const scope: Scope = { tenant: 't', user: 'u' };
const ids = ['a', 'b', 'c'];

/** What a reader can tell of the records: each history, the listing order, the records missing an embedding. */
async function observe(records: LongTermStoreV1) {
  const histories = await Promise.all(ids.map((id) => records.history(scope, id)));
  const listed = (await records.listRecords(scope)).records.map((r) => r.id);
  return { histories, listed, missing: await records.missingEmbeddings(scope, 'm', 10) };
}

describe('json-file pruneVersions', () => {
  it('rewrites the journal without the pruned versions: their text is gone from disk', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-json-prune-'));
    try {
      const store = createJsonFileStore({ directory: root });
      const records = store.longTermRecords;
      await records.addRecords(scope, [prepareRecord({ id: 'a', text: 'the code is swordfish' }, 'test')]);
      await records.updateRecord(
        scope,
        'a',
        prepareChange({ text: 'the code is marlin' }, 'test'),
        new Date(),
      );
      await records.updateRecord(scope, 'a', prepareChange({ text: 'the code is tuna' }, 'test'), new Date());
      expect(await records.pruneVersions?.(scope, 'a', 1)).toBe(2);
      const journal = readFileSync(join(root, 't', 'longterm.jsonl'), 'utf8');
      expect(journal).not.toMatch(/swordfish|marlin|"prune"/);
      expect(journal).toMatch(/tuna/);
      await store.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('an embedding written before the first kept version follows it, unless a pruned version changed the text', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-json-prune-'));
    try {
      let store = createJsonFileStore({ directory: root });
      const change = (c: Parameters<typeof prepareChange>[0]) => prepareChange(c, 'test');
      await store.longTermRecords.addRecords(scope, [
        prepareRecord({ id: 'a', text: 'alpha' }, 'test'),
        prepareRecord({ id: 'b', text: 'bravo' }, 'test'),
      ]);
      await store.longTermRecords.putEmbeddings(scope, [
        { id: 'a', model: 'm', vector: [1, 0] },
        { id: 'b', model: 'm', vector: [0, 1] },
      ]);
      // a: its vector stands (a metadata change); b: a pruned version changed its text, so its vector went.
      await store.longTermRecords.updateRecord(scope, 'a', change({ metadata: { n: 1 } }), new Date());
      await store.longTermRecords.updateRecord(scope, 'b', change({ text: 'bravo two' }), new Date());
      await store.longTermRecords.updateRecord(scope, 'b', change({ metadata: { n: 1 } }), new Date());
      expect(await store.longTermRecords.pruneVersions?.(scope, 'a', 1)).toBe(1);
      expect(await store.longTermRecords.pruneVersions?.(scope, 'b', 1)).toBe(2);
      const before = await observe(store.longTermRecords);
      expect(before.missing).toEqual(['b']);
      await store.close();
      store = createJsonFileStore({ directory: root });
      expect(await observe(store.longTermRecords)).toEqual(before);
      await store.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('property: after random writes, embeddings and prunes, a reopened store reads exactly what the open one did', async () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), id: fc.constantFrom(...ids) }),
      fc.record({ kind: fc.constant('text' as const), id: fc.constantFrom(...ids) }),
      fc.record({ kind: fc.constant('meta' as const), id: fc.constantFrom(...ids) }),
      fc.record({ kind: fc.constant('delete' as const), id: fc.constantFrom(...ids) }),
      fc.record({ kind: fc.constant('embed' as const), id: fc.constantFrom(...ids) }),
      fc.record({
        kind: fc.constant('prune' as const),
        id: fc.constantFrom(...ids),
        keep: fc.integer({ min: 1, max: 3 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 30 }), async (ops) => {
        const root = mkdtempSync(join(tmpdir(), 'engram-json-prune-'));
        try {
          const store = createJsonFileStore({ directory: root });
          const records = store.longTermRecords;
          let n = 0;
          for (const o of ops) {
            const live = await records.getRecord(scope, o.id);
            n++;
            if (o.kind === 'add' && !live)
              await records.addRecords(scope, [prepareRecord({ id: o.id, text: `text ${n}` }, 'test')]);
            else if (o.kind === 'text' && live)
              await records.updateRecord(
                scope,
                o.id,
                prepareChange({ text: `text ${n}` }, 'test'),
                new Date(),
              );
            else if (o.kind === 'meta' && live)
              await records.updateRecord(scope, o.id, prepareChange({ metadata: { n } }, 'test'), new Date());
            else if (o.kind === 'delete') await records.deleteRecord(scope, o.id, new Date());
            else if (o.kind === 'embed' && live)
              await records.putEmbeddings(scope, [{ id: o.id, model: 'm', vector: [1, n] }]);
            else if (o.kind === 'prune') await records.pruneVersions?.(scope, o.id, o.keep);
          }
          const before = await observe(records);
          await store.close();
          const again = createJsonFileStore({ directory: root });
          expect(await observe(again.longTermRecords)).toEqual(before);
          await again.close();
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      }),
      { numRuns: 60 },
    );
  });
});
