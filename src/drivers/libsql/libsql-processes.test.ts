import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ChildRun, runChildScript, sendGo } from '../../../test-support/reliability/child-process.ts';
import type { LibsqlAppendChildConfig } from '../../../test-support/reliability/libsql-append-child.ts';
import { tempDir } from '../../../test-support/reliability/store-drivers.ts';
import { expectWritersLog } from '../../../test-support/reliability/writers-log.ts';
import { createLibsqlStore } from '../../libsql.ts';

/**
 * Two processes on one local libSQL file, appending to ONE session at once (a start barrier makes them contend):
 * every append a writer saw acknowledged is in the log exactly once, at the seq it was told, the seqs are gapless,
 * each writer's order is kept, and no writer ever saw an error (SQLITE_BUSY is waited for, never surfaced).
 */
const writers = 2;
const perWriter = 600;
const sessionId = 'shared';
const scope = { tenant: 'two-processes' };

describe('libsql: two processes on one file', () => {
  it(`${writers} processes × ${perWriter} appends to one session`, async () => {
    const dir = await tempDir('libsql-processes');
    const url = `file:${join(dir.path, 'shared.db')}`;
    const children: ChildRun[] = [];
    try {
      const setup = createLibsqlStore({ url });
      await setup.createSession(scope, { id: sessionId });
      await setup.close();
      for (let writer = 0; writer < writers; writer++) {
        const config: LibsqlAppendChildConfig = { url, sessionId, writer, count: perWriter };
        children.push(runChildScript('./libsql-append-child.ts', config));
      }
      await Promise.all(children.map((c) => c.waitForLine((l) => l === 'ready')));
      const started = performance.now();
      for (const c of children) sendGo(c);
      const exits = await Promise.all(children.map((c) => c.exited));
      const seconds = (performance.now() - started) / 1000;
      for (const [i, c] of children.entries()) {
        expect(
          c.lines.filter((l) => l.startsWith('error')),
          `child ${i}; stderr: ${c.stderr()}`,
        ).toEqual([]);
        expect(exits[i], `child ${i}; stderr: ${c.stderr()}`).toEqual({ code: 0, signal: null });
        expect(c.lines.at(-2)).toBe(`done ${perWriter}`);
      }
      const acked = new Map(
        children.flatMap((c) =>
          c.lines
            .filter((l) => l.startsWith('ack '))
            .map((l) => [l.split(' ')[1]!, Number(l.split(' ')[2])] as const),
        ),
      );
      expect(acked.size).toBe(writers * perWriter);

      const store = createLibsqlStore({ url });
      const entries = await expectWritersLog(store, scope, sessionId, writers, perWriter);
      await store.close();
      for (const e of entries) expect(acked.get(e.message.id), e.message.id).toBe(e.seq);
      const ids = entries.map((e) => e.message.id);
      const switches = ids.filter((id, i) => i > 0 && id.split('-')[0] !== ids[i - 1]!.split('-')[0]).length;
      const delays = children.map((c) => c.lines.at(-1)?.split(' ').slice(1).join('/'));
      console.info(
        `[libsql-processes] ${writers * perWriter} appends by ${writers} processes in ${seconds.toFixed(1)} s (${Math.round((writers * perWriter) / seconds)}/s), ${switches} writer switches in seq order; event-loop delay p99/max per writer ${delays.join(', ')} ms`,
      );
      expect(switches).toBeGreaterThan(0);
    } finally {
      for (const c of children)
        if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
      await dir.remove();
    }
  }, 180_000);
});
