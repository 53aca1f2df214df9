import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ChildRun, runChildScript, sendGo } from '../../test-support/reliability/child-process.ts';
import type { ConditionalAppendChildConfig } from '../../test-support/reliability/conditional-append-child.ts';
import { tempDir } from '../../test-support/reliability/store-drivers.ts';
import { createLibsqlStore } from '../libsql.ts';
import { createSqliteStore } from '../sqlite.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';

/**
 * Two processes on one database file append to ONE session, each message decided from a read (`stats`, then the
 * newest entry, whose id the message names: `after <id>`) and appended with `ifLastSeq` = the `lastSeq` read; a
 * `CONFLICT` makes the writer read again and retry. The condition holds across processes when the final log is a
 * chain: every entry names the entry just before it (no append landed between another's read and its write), the
 * seqs are gapless, every acknowledged append is there once at the seq it was told, and each writer's order is kept.
 */
const writers = 2;
const perWriter = 150;
const sessionId = 'shared';
const scope = { tenant: 'conditional-race' };

const open = (driver: ConditionalAppendChildConfig['driver'], path: string): MemoryStoreV1 =>
  driver === 'sqlite' ? createSqliteStore({ path }) : createLibsqlStore({ url: `file:${path}` });

describe.each(['sqlite', 'libsql'] as const)('%s: conditional appends from two processes', (driver) => {
  it(`${writers} processes × ${perWriter} read-then-append steps keep the log a chain`, async () => {
    const dir = await tempDir(`conditional-${driver}`);
    const path = join(dir.path, 'shared.db');
    const children: ChildRun[] = [];
    try {
      const setup = open(driver, path);
      await setup.createSession(scope, { id: sessionId });
      await setup.close();
      for (let writer = 0; writer < writers; writer++) {
        const config: ConditionalAppendChildConfig = {
          driver,
          path,
          sessionId,
          writer,
          count: perWriter,
          maxTries: 10_000,
        };
        children.push(runChildScript('./conditional-append-child.ts', config));
      }
      await Promise.all(children.map((c) => c.waitForLine((l) => l === 'ready')));
      for (const c of children) sendGo(c);
      const exits = await Promise.all(children.map((c) => c.exited));
      let conflicts = 0;
      for (const [i, c] of children.entries()) {
        expect(
          c.lines.filter((l) => l.startsWith('error')),
          `child ${i}: ${c.stderr()}`,
        ).toEqual([]);
        expect(exits[i], `child ${i}: ${c.stderr()}`).toEqual({ code: 0, signal: null });
        const done = c.lines.at(-1)?.split(' ') ?? [];
        expect(done.slice(0, 2)).toEqual(['done', String(perWriter)]);
        conflicts += Number(done[2]);
      }
      const acked = new Map(
        children.flatMap((c) =>
          c.lines.filter((l) => l.startsWith('ack ')).map((l) => [l.split(' ')[1]!, Number(l.split(' ')[2])]),
        ),
      );
      expect(acked.size).toBe(writers * perWriter);

      const store = open(driver, path);
      const entries = await store.readRange(scope, sessionId);
      await store.close();
      expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: writers * perWriter }, (_, i) => i + 1));
      for (const [i, e] of entries.entries()) {
        expect(acked.get(e.message.id), e.message.id).toBe(e.seq);
        const before = i === 0 ? '-' : entries[i - 1]!.message.id;
        expect(e.message.content, `entry ${e.seq} (${e.message.id})`).toBe(`after ${before}`);
      }
      for (let writer = 0; writer < writers; writer++) {
        const mine = entries.map((e) => e.message.id).filter((id) => id.startsWith(`p${writer}-`));
        expect(mine).toEqual(Array.from({ length: perWriter }, (_, n) => `p${writer}-${n + 1}`));
      }
      console.info(`[conditional-append-processes] ${driver}: ${conflicts} conflicts retried`);
      // The writers did contend (without it the chain would hold trivially).
      expect(conflicts).toBeGreaterThan(0);
    } finally {
      for (const c of children)
        if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
      await dir.remove();
    }
  }, 180_000);
});
