import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareChange, prepareRecord } from '../../longterm/prepare-record.ts';
import { queryGet } from '../sql/sql-exec.ts';
import { sql } from '../sql/sql-fragment.ts';
import { createSqlLongTermRecords } from '../sql/sql-longterm.ts';
import { ownerTokens } from '../sql/sql-longterm-rows.ts';
import { createSqliteClient } from './sqlite-client.ts';
import { openSqliteStore } from './sqlite-driver.ts';
import { knownTermRows, noteTermRows, termRowCounts } from './sqlite-term-rows.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-term-rows-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const words = ['alpha', 'beta', 'gamma', 'delta', '42'] as const;
const phrase = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));

/** One step: a record added (text, context), one updated, or one deleted (by its index among those added). */
type Step =
  | { op: 'add'; text: string; context: string }
  | { op: 'update'; at: number; text: string }
  | { op: 'delete'; at: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('add' as const), text: phrase, context: phrase }),
  fc.record({ op: fc.constant('update' as const), at: fc.nat(20), text: phrase }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat(20) }),
);

/** An FTS5 count of the rows holding `term` in `columns`: what `bm25()` takes as the term's document frequency. */
const matchCount = async (client: ReturnType<typeof createSqliteClient>, columns: string, term: string) =>
  Number(
    (
      await queryGet(
        client,
        sql`SELECT count(*) AS n FROM engram_ltm_fts WHERE engram_ltm_fts MATCH ${`${columns} : "${term}"`}`,
      )
    )?.n,
  );

describe('termRowCounts', () => {
  it('property: equals an FTS5 count of each term, text and context or text alone, after adds, updates and deletes, in and out of a transaction', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        const file = join(dir, `p${run++}.db`);
        await (await openSqliteStore({ path: file })).close();
        const db = new DatabaseSync(file);
        const client = createSqliteClient(db);
        const records = createSqlLongTermRecords({ client, component: 'sqlite', op: (_w, _s, fn) => fn() });
        const scope = { tenant: 't', user: 'u' };
        const ids: string[] = [];
        try {
          for (const s of steps) {
            if (s.op === 'add') {
              const id = `r${ids.length}`;
              await records.addRecords(scope, [
                prepareRecord({ id, text: s.text, context: s.context }, 'test'),
              ]);
              ids.push(id);
            } else if (ids.length > 0) {
              const id = ids[s.at % ids.length] as string;
              const [current] = await records.getRecords(scope, [id]);
              if (!current) continue;
              if (s.op === 'update')
                await records.updateRecord(scope, id, prepareChange({ text: s.text }, 'test'), new Date());
              else await records.deleteRecord(scope, id, new Date());
            }
          }
          const terms = [...words, 'absent', ownerTokens({ tenant: 't', user: 'u', agent: '' })[1] as string];
          const expected = async (columns: string) =>
            Promise.all(terms.map((t) => matchCount(client, columns, t)));
          expect(await termRowCounts(client, terms, true)).toEqual(await expected('{text context}'));
          expect(await termRowCounts(client, terms, false)).toEqual(await expected('text'));
          // Inside a transaction the handle counts by match (and makes no table a rollback would take away).
          db.exec('BEGIN');
          expect(await termRowCounts(client, terms, true)).toEqual(await expected('{text context}'));
          db.exec('ROLLBACK');
          expect(await termRowCounts(client, terms, true)).toEqual(await expected('{text context}'));
        } finally {
          db.close();
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});

describe('noteTermRows', () => {
  it('notes the counts of terms not known yet, all of them again every 16th call, and never fails', async () => {
    const file = join(dir, 'note.db');
    await (await openSqliteStore({ path: file })).close();
    const db = new DatabaseSync(file);
    const client = createSqliteClient(db);
    const records = createSqlLongTermRecords({ client, component: 'sqlite', op: (_w, _s, fn) => fn() });
    const scope = { tenant: 't', user: 'u' };
    const add = (n: number, text: string) =>
      records.addRecords(
        scope,
        Array.from({ length: n }, (_, i) => prepareRecord({ id: `${text}-${i}`, text }, 'test')),
      );
    try {
      await add(3, 'alpha beta');
      await noteTermRows(client, ['alpha', 'beta'], true);
      expect(knownTermRows(client, ['alpha', 'beta'], true)).toEqual([3, 3]);
      // "alpha" grows; its hint stays as it was until the 16th call counts every term again.
      await add(5, 'alpha');
      for (let call = 2; call < 16; call++) {
        await noteTermRows(client, ['alpha', 'beta', 'gamma'], true);
        expect(knownTermRows(client, ['alpha', 'beta', 'gamma'], true)).toEqual([3, 3, 0]);
      }
      await noteTermRows(client, ['alpha', 'beta', 'gamma'], true);
      expect(knownTermRows(client, ['alpha', 'beta', 'gamma'], true)).toEqual([8, 3, 0]);
      // Text alone, or inside a transaction: nothing noted (a count by match is not worth a hint).
      await noteTermRows(client, ['delta'], false);
      db.exec('BEGIN');
      await noteTermRows(client, ['delta'], true);
      db.exec('ROLLBACK');
      expect(knownTermRows(client, ['delta'], true)).toEqual([undefined]);
    } finally {
      db.close();
    }
    // A read-only connection: a hint or none, never an error.
    const readOnly = createSqliteClient(new DatabaseSync(file, { readOnly: true }));
    await expect(noteTermRows(readOnly, ['alpha'], true)).resolves.toBeUndefined();
    await readOnly.close(true);
  });
});
