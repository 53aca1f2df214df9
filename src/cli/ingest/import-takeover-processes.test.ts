import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ChildRun, runChildScript, sendGo } from '../../../test-support/reliability/child-process.ts';
import type { ImportTakeoverChildConfig } from '../../../test-support/reliability/import-takeover-child.ts';
import { tempDir } from '../../../test-support/reliability/store-drivers.ts';
import { createLibsqlStore } from '../../libsql.ts';
import { createSqliteStore } from '../../sqlite.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { importMarker } from './write-sessions.ts';

/**
 * Two processes import one session that a crashed run left marked incomplete (no live owner), at once: both
 * check it, and only then (a barrier before the takeover's delete) do they delete and create it as their own.
 * Exactly one may take it over; the other is refused as `engram import` refuses a session another run wrote
 * meanwhile, and the session holds exactly the winner's messages and metadata. Many rounds, each on a fresh id.
 */
const rounds = 8;
const count = 40;
const scope = { tenant: 'default', user: 'default', agent: 'default' };
const refusal = 'was written by another run while this one ran; nothing of it was replaced';

const open = (driver: ImportTakeoverChildConfig['driver'], path: string): MemoryStoreV1 =>
  driver === 'sqlite' ? createSqliteStore({ path }) : createLibsqlStore({ url: `file:${path}` });

/** Resolves when the child printed `at-delete` or exited (refused before its delete). */
const atDeleteOrExit = (c: ChildRun) =>
  Promise.race([c.waitForLine((l) => l === 'at-delete').catch(() => undefined), c.exited]);

describe.each(['sqlite', 'libsql'] as const)('%s: two processes take over one crashed import', (driver) => {
  it(`${rounds} rounds: exactly one run imports the session, the other is refused and changes nothing`, async () => {
    const dir = await tempDir(`import-takeover-${driver}`);
    const path = join(dir.path, 'shared.db');
    const children: ChildRun[] = [];
    const failures: string[] = [];
    try {
      for (let round = 0; round < rounds; round++) {
        const sessionId = `crashed-${round}`;
        const setup = open(driver, path);
        // What a crashed run (an older engram: no owner named) left: marked incomplete, part of its messages.
        await setup.createSession(scope, { id: sessionId, metadata: { [importMarker]: 'incomplete' } });
        await setup.append(scope, sessionId, [
          {
            message: { id: 'old', role: 'user', content: 'left by the crash', createdAt: new Date() },
            tokens: 1,
          },
        ]);
        await setup.close();
        const runs = [0, 1].map((writer) => {
          const config: ImportTakeoverChildConfig = { driver, path, sessionId, writer, count };
          return runChildScript('./import-takeover-child.ts', config);
        });
        children.push(...runs);
        await Promise.all(runs.map(atDeleteOrExit));
        for (const c of runs) sendGo(c);
        const exits = await Promise.all(runs.map((c) => c.exited));
        const outcomes = runs.map((c) => c.lines.at(-1) ?? `(nothing) ${c.stderr()}`);

        const check = open(driver, path);
        const session = await check.getSession(scope, sessionId);
        const log = await check.readRange(scope, sessionId);
        await check.close();
        const winners = outcomes.flatMap((o, i) => (o === 'ok' ? [i] : []));
        const winner = winners[0];
        const loser = winner === undefined ? undefined : 1 - winner;
        const expected = Array.from({ length: count }, (_, n) => `w${winner}-${n}`);
        const fine =
          winners.length === 1 &&
          loser !== undefined &&
          exits[winner!]?.code === 0 &&
          exits[loser]?.code === 3 &&
          outcomes[loser]!.startsWith('refused ') &&
          outcomes[loser]!.includes(`session "${sessionId}" ${refusal}`) &&
          JSON.stringify(session?.metadata) === JSON.stringify({ by: winner }) &&
          JSON.stringify(log.map((e) => e.message.id)) === JSON.stringify(expected);
        if (!fine)
          failures.push(
            `round ${round}: outcomes ${JSON.stringify(outcomes)}, exits ${JSON.stringify(exits.map((e) => e.code))}, metadata ${JSON.stringify(session?.metadata)}, log ${log.length} entries (${log
              .slice(0, 3)
              .map((e) => e.message.id)
              .join(', ')}…)`,
          );
      }
      expect(failures, failures.join('\n')).toEqual([]);
    } finally {
      for (const c of children)
        if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
      await dir.remove();
    }
  }, 240_000);
});
