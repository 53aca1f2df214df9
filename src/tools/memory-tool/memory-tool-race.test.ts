import { describe, expect, it } from 'vitest';
import { runChildScript } from '../../../test-support/reliability/child-process.ts';
import {
  checkRaceRound,
  prepareRaceRound,
  type RaceOutcome,
  runRaceWriter,
} from '../../../test-support/reliability/memory-tool-race.ts';
import { reopenableDrivers } from '../../../test-support/reliability/reopenable-stores.ts';
import { reliabilityDrivers } from '../../../test-support/reliability/store-drivers.ts';

/**
 * The memory tool under real concurrent writers (issue 21, defects 1 and 2): in each round every writer edits its
 * own lines of one file while some writers rename it, and all create files against a cap and a file with files
 * "under" it. Every acknowledged edit must be in the final file, exactly one rename must win, the cap and the
 * file-or-directory rule must hold. Across processes (each with several handles) on SQLite and PostgreSQL, and
 * among handlers sharing one in-process or json-file store.
 */
const rounds = 25;
const processes = 3;
const handles = 2;

describe('memory tool: concurrent writers lose nothing and break no rule', () => {
  for (const driver of reopenableDrivers()) {
    it.skipIf(driver.skip)(
      `${driver.name}: ${processes} processes x ${handles} handles, ${rounds} rounds of edits racing renames and creates`,
      async () => {
        const db = await driver.setup('memory_tool_race');
        const store = db.open();
        try {
          for (let round = 0; round < rounds; round++) await prepareRaceRound(store, round);
          const runs = Array.from({ length: processes }, (_, p) =>
            runChildScript('./memory-tool-child.ts', { location: db.child, process: p, processes, handles }),
          );
          await Promise.all(runs.map((r) => r.waitForLine((l) => l === 'ready')));
          for (let round = 0; round < rounds; round++) {
            for (const r of runs) r.child.stdin!.write(`go ${round}\n`);
            await Promise.all(runs.map((r) => r.waitForLine((l) => l === `done ${round}`)));
          }
          for (const r of runs) r.child.stdin!.end();
          for (const r of runs) expect((await r.exited).code, r.stderr()).toBe(0);
          const outcomes = runs.flatMap((r) =>
            r.lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as RaceOutcome),
          );
          const problems: string[] = [];
          for (let round = 0; round < rounds; round++)
            problems.push(...(await checkRaceRound(store, round, outcomes)));
          expect(problems).toEqual([]);
          expect(outcomes.filter((o) => o.kind === 'edit' && o.ok).length).toBeGreaterThan(rounds);
        } finally {
          await store.close();
          await db.done();
        }
      },
      300_000,
    );
  }

  for (const driver of reliabilityDrivers({ fast: true }).filter((d) =>
    ['memory', 'json-file'].includes(d.name),
  )) {
    it(`${driver.name}: 6 handlers on one store, ${rounds} rounds of edits racing renames and creates`, async () => {
      const { store, dispose } = await driver.open();
      try {
        const problems: string[] = [];
        const writers = 6;
        for (let round = 0; round < rounds; round++) {
          await prepareRaceRound(store, round);
          const outcomes = await Promise.all(
            Array.from({ length: writers }, (_, index) =>
              runRaceWriter(store, round, { id: `w${index}`, index, writers, renamer: index % 2 === 0 }),
            ),
          );
          problems.push(...(await checkRaceRound(store, round, outcomes.flat())));
        }
        expect(problems).toEqual([]);
      } finally {
        await dispose();
      }
    }, 120_000);
  }
});
