import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Scope } from '../../core/scope.ts';
import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import { createMemoryLongTermRecords } from '../../longterm/memory-long-term-records.ts';
import { prepareChange, prepareRecord } from '../../longterm/prepare-record.ts';
import { createJsonFileStore } from './json-file-driver.ts';
import { createJsonFileLongTermJournal } from './longterm-journal.ts';

const scope: Scope = { tenant: 't', user: 'u' };
const ids = ['a', 'b', 'c'];

/** What a reader can tell of the records: each history, the listing order, the records missing an embedding. */
async function observe(records: LongTermStoreV1) {
  const histories = await Promise.all(ids.map((id) => records.history(scope, id)));
  const listed = (await records.listRecords(scope)).records.map((r) => r.id);
  return { histories, listed, missing: await records.missingEmbeddings(scope, 'm', 10) };
}

describe('json-file pruneVersions', () => {
  it('appends a prune line that a reopened store replays; a rewrite takes the pruned versions off disk', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-json-prune-'));
    const file = join(root, 't', 'longterm.jsonl');
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
      // A small journal keeps the line; replay applies it.
      expect(readFileSync(file, 'utf8')).toMatch(/"op":"prune"/);
      await store.close();
      const again = createJsonFileStore({ directory: root });
      expect((await again.longTermRecords.history(scope, 'a')).map((r) => r.text)).toEqual([
        'the code is tuna',
      ]);
      // A purge rewrites the file and applies the prune lines in it.
      await again.longTermRecords.addRecords(scope, [prepareRecord({ id: 'b', text: 'bravo' }, 'test')]);
      expect(await again.longTermRecords.purgeRecords(scope, ['b'])).toBe(1);
      const journal = readFileSync(file, 'utf8');
      expect(journal).not.toMatch(/swordfish|marlin|bravo|"prune"|"purge"/);
      expect(journal).toMatch(/tuna/);
      expect((await again.longTermRecords.history(scope, 'a')).map((r) => r.text)).toEqual([
        'the code is tuna',
      ]);
      await again.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('a prune rewrites the journal once it has doubled since the last rewrite, not at every prune', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-json-prune-'));
    const file = join(root, 't', 'longterm.jsonl');
    const within = <T>(s: Scope, fn: (dir: string) => Promise<T>) => fn(join(root, s.tenant));
    const open = () =>
      createMemoryLongTermRecords({
        journal: createJsonFileLongTermJournal(within, { compactFromBytes: 4096 }),
      });
    try {
      let records = open();
      // The slot shares the tenant's journal with 40 records of ~400 bytes each.
      await records.addRecords(
        scope,
        Array.from({ length: 40 }, (_, i) =>
          prepareRecord({ id: `r${i}`, text: `record ${i} `.repeat(30) }, 'test'),
        ),
      );
      await records.addRecords(scope, [prepareRecord({ id: 'slot', text: 'slot 0' }, 'test')]);
      let rewritten = statSync(file).size;
      let prunes = 0;
      const rewrites: number[] = [];
      for (let v = 1; v <= 160; v++) {
        await records.updateRecord(
          scope,
          'slot',
          prepareChange({ text: `slot ${v} `.repeat(20) }, 'test'),
          new Date(),
        );
        if (v % 4 !== 0) continue;
        const before = statSync(file).size;
        await records.pruneVersions?.(scope, 'slot', 4);
        prunes++;
        const after = statSync(file).size;
        if (after < before) {
          rewrites.push(v);
          rewritten = after;
        }
        // The file stays within twice its size after the last rewrite, plus the writes since the last prune.
        expect(after).toBeLessThan(2 * rewritten + 2048);
        // Reopened at any point, the store reads what the open one does.
        if (v === 100) {
          const history = (await records.history(scope, 'slot')).map((r) => r.version);
          records = open();
          expect((await records.history(scope, 'slot')).map((r) => r.version)).toEqual(history);
        }
      }
      // Rewritten rarely: once per doubling (and at the first prune after a reopen that found prune lines).
      // (here after prunes 1, 16, 26 and 40 of 40: the first, two doublings, the first after the reopen).
      expect(rewrites.length).toBeGreaterThanOrEqual(3);
      expect(rewrites.length).toBeLessThanOrEqual(6);
      expect(prunes).toBe(40);
      expect(readFileSync(file, 'utf8').match(/"op":"version"/g)!.length).toBeLessThan(41 + 80);
      expect((await records.history(scope, 'slot')).length).toBeLessThanOrEqual(7);
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

  it('property: after random writes, embeddings, prunes and purges, a reopened store reads exactly what the open one did, whether its prunes were rewritten at once, at doubling or never, on a journal numbered or written before listing positions were', async () => {
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
      fc.record({ kind: fc.constant('purge' as const), id: fc.constantFrom(...ids) }),
    );
    type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
    const play = async (records: LongTermStoreV1, ops: readonly Op[]) => {
      let n = 0;
      for (const o of ops) {
        const live = await records.getRecord(scope, o.id);
        n++;
        if (o.kind === 'add' && !live)
          await records.addRecords(scope, [prepareRecord({ id: o.id, text: `text ${n}` }, 'test')]);
        else if (o.kind === 'text' && live)
          await records.updateRecord(scope, o.id, prepareChange({ text: `text ${n}` }, 'test'), new Date());
        else if (o.kind === 'meta' && live)
          await records.updateRecord(scope, o.id, prepareChange({ metadata: { n } }, 'test'), new Date());
        else if (o.kind === 'delete') await records.deleteRecord(scope, o.id, new Date());
        else if (o.kind === 'embed' && live)
          await records.putEmbeddings(scope, [{ id: o.id, model: 'm', vector: [1, n] }]);
        else if (o.kind === 'prune') await records.pruneVersions?.(scope, o.id, o.keep);
        else if (o.kind === 'purge') await records.purgeRecords(scope, [o.id]);
      }
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          op.filter((o) => o.kind !== 'prune'),
          { maxLength: 12 },
        ),
        fc.boolean(),
        fc.array(op, { maxLength: 30 }),
        fc.constantFrom(0, 600, Number.POSITIVE_INFINITY),
        async (first, unnumbered, ops, compactFromBytes) => {
          const root = mkdtempSync(join(tmpdir(), 'engram-json-prune-'));
          const file = join(root, scope.tenant, 'longterm.jsonl');
          const within = <T>(s: Scope, fn: (dir: string) => Promise<T>) => fn(join(root, s.tenant));
          const open = () =>
            createMemoryLongTermRecords({
              journal: createJsonFileLongTermJournal(within, { compactFromBytes }),
            });
          try {
            await play(open(), first);
            // The journal as an engram before listing positions (a80885e5) wrote it: replay numbers records by
            // their first lines (no prune had rewritten it then).
            if (unnumbered && existsSync(file))
              writeFileSync(file, readFileSync(file, 'utf8').replace(/,"seq":\d+/g, ''));
            const records = open();
            await play(records, ops);
            const before = await observe(records);
            expect(await observe(open())).toEqual(before);
          } finally {
            rmSync(root, { recursive: true, force: true });
          }
        },
      ),
      {
        numRuns: 150,
        // An old journal's record pruned, then rewritten by a purge: its kept line must keep its place.
        examples: [
          [
            [
              { kind: 'add', id: 'a' },
              { kind: 'add', id: 'b' },
              { kind: 'text', id: 'a' },
            ],
            true,
            [
              { kind: 'prune', id: 'a', keep: 1 },
              { kind: 'add', id: 'c' },
              { kind: 'purge', id: 'c' },
            ],
            Number.POSITIVE_INFINITY,
          ],
        ],
      },
    );
  });
});
