import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChildRun, runChildScript, sendGo } from '../../../test-support/reliability/child-process.ts';
import type { ConcurrencyReaderConfig } from '../../../test-support/reliability/concurrency-reader.ts';
import type { ConcurrencyWriterConfig } from '../../../test-support/reliability/concurrency-writer.ts';
import { tempDir } from '../../../test-support/reliability/store-drivers.ts';
import { expectWritersLog } from '../../../test-support/reliability/writers-log.ts';
import { openSqliteStore } from './sqlite-driver.ts';

/**
 * Several processes on one SQLite file: 4 writers × 2,500 single-message appends to ONE session while 2
 * readers in other processes read the whole log over and over. Nothing is lost or duplicated, the sequence
 * is gapless, each writer's order is kept, no writer ever sees an error (SQLITE_BUSY or other), and every
 * reader snapshot is a prefix of the final log (one total order).
 */

const writers = 4;
const perWriter = 2_500;
const readers = 2;
const sessionId = 'shared';
const scope = { tenant: 'concurrency' };
const figures: string[] = [];

afterAll(() => console.info(`[sqlite-concurrency]\n${figures.join('\n')}`));

describe('sqlite: multi-process concurrency', () => {
  it(`${writers} writers × ${perWriter} appends and ${readers} readers on one session`, async () => {
    const dir = await tempDir('concurrency');
    const path = join(dir.path, 'shared.db');
    const children: ChildRun[] = [];
    try {
      const setup = await openSqliteStore({ path });
      await setup.createSession(scope, { id: sessionId });
      await setup.close();

      const writerRuns = Array.from({ length: writers }, (_, k) => {
        const config: ConcurrencyWriterConfig = {
          path,
          sessionId,
          writer: k,
          count: perWriter,
          durability: 'power',
        };
        return runChildScript('./concurrency-writer.ts', config);
      });
      const readerRuns = Array.from({ length: readers }, () => {
        const config: ConcurrencyReaderConfig = { path, sessionId, total: writers * perWriter };
        return runChildScript('./concurrency-reader.ts', config);
      });
      children.push(...writerRuns, ...readerRuns);
      // Start barrier: every writer is open before any appends, so all four really contend.
      await Promise.all(writerRuns.map((w) => w.waitForLine((l) => l === 'ready')));
      const started = performance.now();
      for (const w of writerRuns) sendGo(w);
      const exits = await Promise.all(children.map((c) => c.exited));
      const seconds = (performance.now() - started) / 1000;

      for (const [i, c] of children.entries()) {
        const errors = c.lines.filter((l) => l.startsWith('error'));
        expect(errors, `child ${i} reported errors; stderr: ${c.stderr()}`).toEqual([]);
        expect(exits[i], `child ${i} exit; stderr: ${c.stderr()}`).toEqual({ code: 0, signal: null });
      }
      const loopP99: string[] = [];
      const loopMax: string[] = [];
      const slowest = writerRuns.map((w) => {
        const [done, n, ms, p99, max] = (w.lines.at(-1) ?? '').split(' ');
        expect([done, Number(n)]).toEqual(['done', perWriter]);
        loopP99.push(p99!);
        loopMax.push(max!);
        return Number(ms);
      });

      const store = await openSqliteStore({ path });
      const ids = (await expectWritersLog(store, scope, sessionId, writers, perWriter)).map(
        (e) => e.message.id,
      );
      await store.close();

      // Every reader snapshot is a prefix of the final log.
      const snaps = readerRuns.flatMap((r) =>
        r.lines.filter((l) => l.startsWith('snap ')).map((l) => l.split(' ') as [string, string, string]),
      );
      const lengths = [...new Set(snaps.map(([, n]) => Number(n)))].sort((a, b) => a - b);
      const prefixHash = new Map<number, string>();
      const hash = createHash('sha256');
      let at = 0;
      for (const n of lengths) {
        for (; at < n; at++) hash.update(at === 0 ? ids[at]! : `\n${ids[at]}`);
        prefixHash.set(n, hash.copy().digest('hex'));
      }
      for (const [, n, h] of snaps) expect(h, `snapshot of ${n}`).toBe(prefixHash.get(Number(n)));
      const switches = ids.filter((id, i) => i > 0 && id.split('-')[0] !== ids[i - 1]!.split('-')[0]).length;
      // How interleaved the writers were (reported, not asserted: SQLite's lock is not fair, so long runs of one writer are normal).
      const growing = lengths.filter((n) => n > 0 && n < writers * perWriter).length;

      const db = new DatabaseSync(path);
      expect(db.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
      db.close();
      figures.push(
        `${writers * perWriter} appends by ${writers} processes in ${seconds.toFixed(1)} s ` +
          `(${Math.round((writers * perWriter) / seconds)}/s), ${switches} writer switches in seq order, ` +
          `slowest append per writer ${slowest.join('/')} ms; ` +
          `event-loop delay p99 ${loopP99.join('/')} ms, max ${loopMax.join('/')} ms; ` +
          `${snaps.length} reader snapshots, ` +
          `${growing} distinct mid-run lengths, all prefixes of the final log`,
      );
      expect(growing).toBeGreaterThan(0);
    } finally {
      for (const c of children)
        if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
      await dir.remove();
    }
  }, 180_000);
});
