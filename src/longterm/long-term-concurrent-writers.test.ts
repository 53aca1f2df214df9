/**
 * Long-term memory written by several processes at once: four writers in one scope (each adding, updating and
 * deleting its own records, all updating the same shared records with `expectedVersion`, all adding one same
 * record) and a fifth in another scope with the same record ids. Reopened after they exit, every acknowledged
 * write is there once, as its latest acknowledged version, searchable, and in its own scope only.
 */
import { describe, expect, it } from 'vitest';
import { runChildScript, sendGo } from '../../test-support/reliability/child-process.ts';
import { longTermProblems } from '../../test-support/reliability/longterm-write-checks.ts';
import {
  acksOf,
  type LongTermAck,
  stateAfter,
  writerOps,
} from '../../test-support/reliability/longterm-write-ops.ts';
import type { LongTermWritersChildConfig } from '../../test-support/reliability/longterm-writers-child.ts';
import { reopenableDrivers } from '../../test-support/reliability/reopenable-stores.ts';
import { createLongTermMemory } from './create-long-term-memory.ts';

const ada = { tenant: 'race', user: 'ada' };
const bob = { tenant: 'race', user: 'bob' };
const shared = ['shared-0', 'shared-1'];
const steps = 20;

/** The expected live records of one writer's own acknowledged writes, after checking they are its sequence. */
function ownState(acks: readonly LongTermAck[], label: string, writer: string): Map<string, string> {
  const own = acks.filter((a) => a.id.startsWith(`${writer}-`)).map(({ version: _, ...op }) => op);
  expect(own).toEqual(writerOps(label, writer, own.length));
  return stateAfter(own);
}

/** Checks the shared records' acknowledged updates: distinct versions 2..n, each in the history; the last text. */
async function sharedState(memory: ReturnType<typeof createLongTermMemory>, acks: readonly LongTermAck[]) {
  const out = new Map<string, string>();
  for (const id of shared) {
    const updates = acks.filter((a) => a.id === id).sort((a, b) => a.version! - b.version!);
    // Two acknowledged updates of one version would be a lost update.
    expect(updates.map((u) => u.version)).toEqual(updates.map((_, i) => i + 2));
    const history = await memory.history(id);
    expect(history.map((v) => v.text).slice(1)).toEqual(updates.map((u) => (u as { text: string }).text));
    out.set(id, history.at(-1)!.text);
  }
  return out;
}

describe('long-term memory: concurrent writer processes on one database', () => {
  for (const driver of reopenableDrivers())
    it.skipIf(driver.skip)(
      `${driver.name}: every acknowledged add, update and delete of 4 + 1 writers holds, once, in its scope, searchable`,
      async () => {
        const db = await driver.setup('ltm_writers');
        const store = db.open();
        try {
          const memory = createLongTermMemory({ store, scope: ada });
          await memory.add(shared.map((id) => ({ id, text: `shared ${id} seed` })));
          const configs: LongTermWritersChildConfig[] = [
            ...[0, 1, 2, 3].map((k) => ({ scope: ada, label: 'ada', writer: `w${k}`, shared })),
            { scope: bob, label: 'bob', writer: 'w0', shared: [] },
          ].map((c) => ({ ...c, location: db.child, mode: 'race', steps }));
          const runs = configs.map((c) => runChildScript('./longterm-writers-child.ts', c));
          await Promise.all(runs.map((r) => r.waitForLine((l) => l === 'ready')));
          for (const r of runs) sendGo(r);
          const exits = await Promise.all(runs.map((r) => r.exited));
          exits.forEach((e, i) => {
            if (e.code !== 0)
              throw new Error(`writer ${i} failed (${e.code ?? e.signal}): ${runs[i]!.stderr()}`);
          });
          const acks = runs.map((r) => acksOf(r.lines));
          const conflicts = runs.flatMap((r) => r.lines.filter((l) => l === 'conflict')).length;
          // Evidence the writers overlapped: updates of a shared record raced (and were retried).
          console.info(
            `long-term writers (${driver.name}): ${conflicts} shared updates retried after CONFLICT`,
          );

          const expectedAda = await sharedState(memory, acks.slice(0, 4).flat());
          for (const [k, a] of acks.slice(0, 4).entries())
            for (const [id, text] of ownState(a, 'ada', `w${k}`)) expectedAda.set(id, text);
          expectedAda.set('common', 'common record every writer adds');
          expect(await memory.history('common')).toHaveLength(1);
          const written = acks.slice(0, 4).flatMap((a) => a.map((x) => x.id));
          expect(await longTermProblems(memory, expectedAda, written)).toEqual([]);
          // Exactly once: each own record has one version per acknowledged write of it, in order.
          const adaAcks = acks.slice(0, 4).flat();
          for (const id of new Set(adaAcks.filter((x) => /^w\d-/.test(x.id)).map((x) => x.id))) {
            const events = (await memory.history(id)).map((v) => v.event);
            expect(events).toEqual(adaAcks.filter((x) => x.id === id).map((x) => x.op.toUpperCase()));
          }

          const other = createLongTermMemory({ store, scope: bob });
          const expectedBob = ownState(acks[4]!, 'bob', 'w0');
          expectedBob.set('common', 'common record every writer adds');
          expect(
            await longTermProblems(other, expectedBob, [...written, ...acks[4]!.map((a) => a.id)]),
          ).toEqual([]);

          // retrieve packs a record found by its word, from its own scope only.
          const [, text] = [...expectedAda].find(([i]) => i.startsWith('w1-'))!;
          const word = text.split(' ').at(-1)!;
          expect(await memory.retrieve(word)).toContain(text);
          expect(await other.retrieve(word)).toBe('');
        } finally {
          await store.close();
          await db.done();
        }
      },
      60_000,
    );
});
