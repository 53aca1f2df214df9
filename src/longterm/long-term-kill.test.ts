/**
 * Long-term memory SIGKILLed mid-stream: a child adds, updates and deletes records in a loop (embedding them in
 * the background) and is killed at a random point, several times on one
 * database (SQLite, PostgreSQL, json-file). Reopened, every acknowledged
 * write holds (the write in flight at the kill is there whole or not at all), search agrees with the table, and
 * the vectors the kills cut off are made by the next memory's catch-up.
 */
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { runChildScript } from '../../test-support/reliability/child-process.ts';
import { longTermKillDrivers, openLongTermStore } from '../../test-support/reliability/longterm-stores.ts';
import { afterCatchUp, longTermProblems } from '../../test-support/reliability/longterm-write-checks.ts';
import { acksOf, stateAfter, writerOps } from '../../test-support/reliability/longterm-write-ops.ts';
import type { LongTermWritersChildConfig } from '../../test-support/reliability/longterm-writers-child.ts';
import { topicEmbeddingModel, topicModelId } from '../../test-support/topic-embedding-model.ts';
import { createLongTermMemory } from './create-long-term-memory.ts';
import { listAllRecords } from './list-all-records.ts';

const scope = { tenant: 'kill', user: 'ada' };
const kills = 4;

/** A map's entries as sorted `id=text` lines, to compare states. */
const lines = (state: ReadonlyMap<string, string>) => [...state].map(([id, text]) => `${id}=${text}`).sort();

describe('long-term memory: SIGKILLed while writing', () => {
  for (const driver of longTermKillDrivers())
    it.skipIf(driver.skip)(
      `${driver.name}: ${kills} kills; every acknowledged write holds and is searchable, missing vectors are caught up`,
      async () => {
        const db = await driver.setup('ltm_kill');
        const acked = new Map<string, number>(); // writer → acknowledged writes
        try {
          for (let k = 0; k < kills; k++) {
            const config: LongTermWritersChildConfig = {
              location: db.child,
              scope,
              label: 'ada',
              writer: `k${k}`,
              mode: 'loop',
            };
            const run = runChildScript('./longterm-writers-child.ts', config);
            const target = 2 + Math.floor(Math.random() * 30);
            await run.waitForLine((l, i) => l.startsWith('{') && i >= target);
            await sleep(Math.random() * 20);
            run.child.kill('SIGKILL');
            const exit = await run.exited;
            if (exit.signal !== 'SIGKILL')
              throw new Error(`the child ended before the kill: ${run.stderr()}`);
            const own = acksOf(run.lines).map(({ version: _, ...op }) => op);
            expect(own).toEqual(writerOps('ada', config.writer, own.length));
            acked.set(config.writer, own.length);
          }

          // A new handle, as a restarted process opens the database.
          const store = openLongTermStore(db.child);
          try {
            const memory = createLongTermMemory({ store, scope, embedding: topicEmbeddingModel().model });
            if ('path' in db.child) {
              const check = new DatabaseSync(db.child.path, { readOnly: true });
              expect(check.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
              check.close();
            }
            const listed = await listAllRecords(memory.records, scope);
            let cut = 0; // kills that came after a write committed, before its acknowledgement
            const expected = new Map<string, string>();
            const written: string[] = [];
            for (const [writer, n] of acked) {
              const found = new Map(
                listed.filter((r) => r.id.startsWith(`${writer}-`)).map((r) => [r.id, r.text] as const),
              );
              // The acknowledged writes, or those and the one the kill cut off (committed before its ack).
              const [done, inFlight] = [n, n + 1].map((m) => stateAfter(writerOps('ada', writer, m)));
              const state = lines(found).join() === lines(inFlight!).join() ? inFlight! : done!;
              if (state !== done && lines(done!).join() !== lines(inFlight!).join()) cut++;
              for (const [id, text] of state) expected.set(id, text);
              written.push(...writerOps('ada', writer, n + 1).map((o) => o.id));
            }
            expect(await longTermProblems(memory, expected, written)).toEqual([]);

            expect(memory.records.vectorSearch).toBe(true);
            const missing = await memory.records.missingEmbeddings(scope, topicModelId, 1000);
            console.info(
              `long-term kill (${driver.name}): ${cut} kills after an unacknowledged commit, ${missing.length} records without a vector reopened`,
            );
            const caught = await afterCatchUp(memory, [1, 0, 0, 0.1], 1000);
            expect(caught.missing).toEqual([]);
            expect(caught.near.map((r) => r.id).sort()).toEqual([...expected.keys()].sort());

            const [, text] = [...expected].at(-1)!;
            expect(await memory.retrieve(text.split(' ').at(-1)!)).toContain(text);
          } finally {
            await store.close();
          }
        } finally {
          await db.done();
        }
      },
      60_000,
    );
});
