import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { IsolationCommand } from '../../test-support/reliability/isolation-command.ts';
import { IsolationModel } from '../../test-support/reliability/isolation-model.ts';
import { isolationOpArbitraries } from '../../test-support/reliability/isolation-ops.ts';
import { testPostgresUrl } from '../../test-support/reliability/postgres-url.ts';
import { reliabilityDrivers } from '../../test-support/reliability/store-drivers.ts';

/**
 * Model-based isolation: random command sequences over look-alike tenants (`acme`, `acme%`, `acme_`, `ACME`,
 * …), users, awkward session ids and state keys, checked call by call against a plain model
 * (test-support/reliability/isolation-model.ts). Every read must return exactly the model's data for the
 * caller's tenant (and user), never anything of another tenant. Reproduce a failure with ENGRAM_FC_SEED=<seed>
 * (fast-check also prints the seed and the shrunk command list).
 */

const drivers = reliabilityDrivers({ postgresUrl: testPostgresUrl(), fast: true });
/** Commands per driver: at least this many run in total (ENGRAM_ISOLATION_COMMANDS for a longer soak). */
const minCommands = Number(process.env.ENGRAM_ISOLATION_COMMANDS ?? 25_000);
const seed = Number(process.env.ENGRAM_FC_SEED ?? Date.now() % 2 ** 31);
/** Concurrent lanes (each its own store and seed): the PostgreSQL server works while another lane waits. */
const lanes: Record<string, number> = { postgres: 4 };
const report: string[] = [];

afterAll(() => {
  if (report.length) console.info(`[isolation] seed ${seed}\n${report.join('\n')}`);
});

describe('store isolation (model-based)', () => {
  for (const driver of drivers) {
    if (driver.missing) {
      it.skip(`${driver.name}: skipped — ${driver.missing}`, () => {});
      continue;
    }
    it(
      `${driver.name}: ≥ ${minCommands} random commands match the model, nothing crosses tenants`,
      async () => {
        const started = performance.now();
        let total = 0;
        let runs = 0;
        const outcomes = new Map<string, number>();
        const property = fc.asyncProperty(
          fc.commands(
            isolationOpArbitraries.map((a) => a.map((op) => new IsolationCommand(op))),
            { maxCommands: 400, size: 'max' },
          ),
          async (commands) => {
            const opened = await driver.open();
            const model = new IsolationModel();
            try {
              await fc.asyncModelRun(() => ({ model, real: opened.store }), commands);
            } finally {
              total += model.commandsRun;
              runs++;
              for (const [k, n] of model.outcomes) outcomes.set(k, (outcomes.get(k) ?? 0) + n);
              await opened.dispose();
            }
          },
        );
        // Batches of runs until the command budget is spent (generated lengths vary); seeds differ per lane and batch.
        const lane = async (index: number) => {
          for (let batch = 0; total < minCommands; batch++) {
            await fc.assert(property, { seed: seed + index * 1000 + batch, numRuns: 10 });
          }
        };
        await Promise.all(Array.from({ length: lanes[driver.name] ?? 1 }, (_, i) => lane(i)));
        const seconds = (performance.now() - started) / 1000;
        const tally = [...outcomes]
          .sort()
          .map(([k, n]) => `${k}=${n}`)
          .join(' ');
        report.push(`${driver.name}: ${total} commands in ${runs} runs, ${seconds.toFixed(1)} s\n  ${tally}`);
        expect(total).toBeGreaterThanOrEqual(minCommands);
      },
      120_000 + minCommands * 4,
    );
  }
});
