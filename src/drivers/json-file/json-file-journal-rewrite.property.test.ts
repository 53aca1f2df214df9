import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Scope } from '../../core/scope.ts';
import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import { createMemoryLongTermRecords } from '../../longterm/memory-long-term-records.ts';
import { prepareChange, prepareRecord } from '../../longterm/prepare-record.ts';
import { createJsonFileLongTermJournal } from './longterm-journal.ts';

/**
 * The long-term journal's rewrites (a purge, a prune at doubling) against replay: after random adds, updates,
 * deletes, embeddings, prunes and purges over ids that JSON escapes (quotes, backslashes, composed and decomposed
 * accents, a newline, an emoji), ids that are prefixes of others or look like keys, three owners sharing ids,
 * metadata naming other ids and holding `op: 'prune'`, bulk adds of 70 and a purge of them all, reopens midway and
 * torn last lines, a reopened store reads what the open one did (histories, listing order, missing embeddings,
 * vector scores), at the three rewrite thresholds. Written by a reviewer of 8319a853.
 */
const tricky = ['a', 'ab', 'a"', 'a\\', '\\"a', 'é', 'e\u0301', '"id":"a"', 'x\ny', '💥', 'op', 'p'];
const scopes: Scope[] = [
  { tenant: 't', user: 'u' },
  { tenant: 't', user: 'v' },
  { tenant: 't', user: 'u', agent: 'g' },
];

async function observe(records: LongTermStoreV1) {
  const out: unknown[] = [];
  for (const s of scopes) {
    for (const id of tricky) out.push(await records.history(s, id));
    out.push((await records.listRecords(s)).records.map((r) => r.id));
    out.push(await records.missingEmbeddings(s, 'm', 100));
    out.push(
      (await records.searchVector(s, { vector: [1, 1], model: 'm', limit: 100 })).map((h) => [h.id, h.score]),
    );
  }
  return out;
}

describe('json-file long-term journal: rewrite vs replay', () => {
  it('property: tricky ids, several owners, metadata holding other ids and "op":"p…", >64 ids purged', async () => {
    const id = fc.constantFrom(...tricky);
    const who = fc.integer({ min: 0, max: scopes.length - 1 });
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), id, who }),
      fc.record({ kind: fc.constant('text' as const), id, who }),
      fc.record({ kind: fc.constant('meta' as const), id, who, other: id }),
      fc.record({ kind: fc.constant('delete' as const), id, who }),
      fc.record({ kind: fc.constant('embed' as const), id, who }),
      fc.record({ kind: fc.constant('prune' as const), id, who, keep: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('purge' as const), id, who }),
      fc.record({ kind: fc.constant('bulk' as const), who }),
      fc.record({ kind: fc.constant('purgeAll' as const), who }),
      fc.record({ kind: fc.constant('reopen' as const), torn: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { maxLength: 40 }),
        fc.constantFrom(0, 600, Number.POSITIVE_INFINITY),
        async (ops, compactFromBytes) => {
          const root = mkdtempSync(join(tmpdir(), 'engram-review-'));
          const within = <T>(s: Scope, fn: (dir: string) => Promise<T>) => fn(join(root, s.tenant));
          const open = () =>
            createMemoryLongTermRecords({
              journal: createJsonFileLongTermJournal(within, { compactFromBytes }),
            });
          try {
            let records = open();
            let n = 0;
            for (const o of ops) {
              n++;
              if (o.kind === 'reopen') {
                if (o.torn) {
                  try {
                    appendFileSync(join(root, 't', 'longterm.jsonl'), '{"op":"version","owner":');
                  } catch {}
                }
                records = open();
                continue;
              }
              const s = scopes[o.who]!;
              if (o.kind === 'bulk') {
                await records.addRecords(
                  s,
                  Array.from({ length: 70 }, (_, i) =>
                    prepareRecord({ id: `bulk${n}-${i}`, text: `bulk ${i}` }, 'test'),
                  ),
                );
                continue;
              }
              if (o.kind === 'purgeAll') {
                await records.purgeRecords(s);
                continue;
              }
              const live = await records.getRecord(s, o.id);
              if (o.kind === 'add' && !live)
                await records.addRecords(s, [
                  prepareRecord({ id: o.id, text: `text ${n}`, metadata: { id: o.id, op: 'prune' } }, 'test'),
                ]);
              else if (o.kind === 'text' && live)
                await records.updateRecord(s, o.id, prepareChange({ text: `text ${n}` }, 'test'), new Date());
              else if (o.kind === 'meta' && live)
                await records.updateRecord(
                  s,
                  o.id,
                  prepareChange(
                    { metadata: { n, id: o.other, op: 'purge', nested: { id: o.other } } },
                    'test',
                  ),
                  new Date(),
                );
              else if (o.kind === 'delete') await records.deleteRecord(s, o.id, new Date());
              else if (o.kind === 'embed' && live)
                await records.putEmbeddings(s, [{ id: o.id, model: 'm', vector: [1, n] }]);
              else if (o.kind === 'prune') await records.pruneVersions?.(s, o.id, o.keep);
              else if (o.kind === 'purge') await records.purgeRecords(s, [o.id]);
            }
            const before = await observe(records);
            expect(await observe(open())).toEqual(before);
          } finally {
            rmSync(root, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: 150 },
    );
  }, 240_000);
});
