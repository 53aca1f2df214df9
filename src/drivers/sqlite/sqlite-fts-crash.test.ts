import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { runChildScript } from '../../../test-support/reliability/child-process.ts';
import type { CrashWriterConfig } from '../../../test-support/reliability/crash-writer.ts';
import { checkIntegrity, killAt } from '../../../test-support/reliability/sqlite-kill.ts';
import { tempDir } from '../../../test-support/reliability/store-drivers.ts';
import { prng } from '../../../test-support/reliability/writer-messages.ts';
import { makeMessage, toInputs } from '../../testing/fixtures.ts';
import { createSqliteStore, openSqliteStore } from './sqlite-driver.ts';

/**
 * The full-text index from a watermark under crashes and concurrent writers: two writer processes append to
 * two sessions of one SQLite file at once and are SIGKILLed after a random number of acknowledged batches
 * (so kills fall between an append's commit and the batch that would index it). After every kill a
 * read-only handle finds every acknowledged message by search, and the index holds exactly the live rows up
 * to the watermark; at the end, the next writer's first append indexes the whole tail.
 * Reproduce with ENGRAM_FTS_CRASH_SEED=<seed> (printed below).
 */

const seed = Number(process.env.ENGRAM_FTS_CRASH_SEED ?? Date.now() % 100_000);
const kills = 8;
const scope = { tenant: 'crash' };
const sessions = ['fts-a', 'fts-b'];
afterAll(() => console.info(`[sqlite-fts-crash] seed ${seed}`));

/** Live rows' FTS5 rowids, and those the index holds; `upTo`: only rows at or below the watermark. */
function indexState(path: string, upTo: boolean): { live: number[]; indexed: number[] } {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const ids = (sql: string) =>
      (db.prepare(sql).all() as { r: number }[]).map((r) => Number(r.r)).sort((a, b) => a - b);
    const indexed = ids(
      `SELECT rowid AS r FROM engram_messages_fts WHERE engram_messages_fts MATCH 'payload'`,
    );
    const live = ids(
      `SELECT k.key * 4294967296 + m.seq AS r FROM engram_messages m JOIN engram_fts_logs k ON k.tenant = m.tenant AND k.log_id = m.session_id WHERE m.deleted = 0${upTo ? ' AND m.rid <= (SELECT rid FROM engram_fts_watermark)' : ''}`,
    );
    return { live, indexed };
  } finally {
    db.close();
  }
}

describe('sqlite: full-text index from a watermark under SIGKILL and two writer processes', () => {
  it(`${kills} rounds of two writers killed mid-loop: every acknowledged message is searchable on a read-only handle, and the next append indexes the tail`, async () => {
    const dir = await tempDir('fts-crash');
    const path = join(dir.path, 'fts.db');
    const random = prng(seed);
    const acked = sessions.map(() => new Set<number>());
    const next = sessions.map(() => 1);
    const retry: number[][] = sessions.map(() => []);
    let tailRounds = 0;
    try {
      // Sessions exist before the writers race to create them.
      const setup = await openSqliteStore({ path, durability: 'process' });
      for (const id of sessions) await setup.createSession(scope, { id });
      await setup.close();
      for (let round = 1; round <= kills; round++) {
        const where = `[fts crash seed ${seed} round ${round}]`;
        await Promise.all(
          sessions.map(async (sessionId, w) => {
            const config: CrashWriterConfig = {
              path,
              durability: 'process',
              sessionId,
              next: next[w]!,
              retry: retry[w]!,
              seed: Math.floor(random() * 2 ** 31),
            };
            const run = runChildScript('./crash-writer.ts', config);
            const k = 1 + Math.floor(random() * 40);
            let seen = 0;
            await killAt(run, () => run.waitForLine((l) => l.startsWith('ack ') && ++seen >= k), where);
            let pending: number[] | undefined;
            for (const line of run.lines) {
              const [word, ...rest] = line.split(' ');
              const ns = rest.map(Number);
              if (word === 'pending') {
                pending = ns;
                next[w] = Math.max(next[w]!, ...ns.map((n) => n + 1));
              } else if (word === 'ack') {
                for (const n of ns) acked[w]!.add(n);
                pending = undefined;
              }
            }
            retry[w] = pending ?? [];
          }),
        );
        checkIntegrity(path, where);
        const state = indexState(path, true);
        expect(state.indexed, where).toEqual(state.live);
        if (indexState(path, false).live.length > state.live.length) tailRounds++;
        const handle = new DatabaseSync(path, { readOnly: true });
        const reader = createSqliteStore({ database: handle });
        for (const [w, sessionId] of sessions.entries()) {
          const ns = [...acked[w]!].sort((a, b) => a - b);
          // The newest (the tail) and a sample of the older ones.
          for (const n of [...ns.slice(-60), ...ns.filter((_, i) => i % 17 === 0)]) {
            const hits = await reader.searchMessages(scope, { text: `w-${n}`, sessionId, limit: 3 });
            expect(
              hits.map((h) => h.entry.message.id),
              `${where} ${sessionId} w-${n}`,
            ).toContain(`w-${n}`);
          }
        }
        await reader.close();
        handle.close();
      }
      // Most kills leave acknowledged rows past the watermark (the searches above found them there).
      expect(tailRounds).toBeGreaterThan(kills / 2);
      const writer = await openSqliteStore({ path, durability: 'process' });
      await writer.append(scope, sessions[0]!, toInputs([makeMessage('user', 'payload final')]));
      await writer.close();
      const after = indexState(path, false);
      expect(after.indexed).toEqual(after.live);
    } finally {
      await dir.remove();
    }
  }, 180_000);
});
