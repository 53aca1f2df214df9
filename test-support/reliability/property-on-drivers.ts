import fc from 'fast-check';
import { describe, it } from 'vitest';
import { testPostgresUrl } from './postgres-url.ts';
import { type ReliabilityDriver, reliabilityDrivers, titleOn } from './store-drivers.ts';

/** Runs of a property and most ops of its scenarios on one driver. */
export interface DriverBudget {
  runs: number;
  ops: number;
}

/** What {@link propertyOnEveryDriver} runs. */
export interface PropertyOnDriversOptions<S> {
  /** The suite's title (`$name` is the driver's name). */
  suite: string;
  /** The test's title on a driver. */
  test: (driver: ReliabilityDriver) => string;
  /** Runs and ops per driver name; `fallback` for a driver not named (PostgreSQL is slow: give it fewer). */
  budget: Record<string, DriverBudget>;
  fallback: DriverBudget;
  /** Scenarios of at most `ops` operations. */
  scenario: (ops: number) => fc.Arbitrary<S>;
  /** Prepares a driver's test once (open a store, say) and returns what plays one scenario. */
  prepare: (driver: ReliabilityDriver) => Promise<(scenario: S) => Promise<void>>;
  /** The test's timeout, ms. */
  timeout: number;
  /** Scenarios played first on every driver (counterexamples found before, kept as regressions). @default none */
  examples?: readonly S[];
}

/**
 * One property test per reliability driver (memory, SQLite, libSQL, json-file, PostgreSQL; logic, not
 * durability: `fast` stores), each with its own runs and scenario size; a missing driver is skipped with its
 * reason in the title.
 */
export function propertyOnEveryDriver<S>(options: PropertyOnDriversOptions<S>): void {
  describe.each(reliabilityDrivers({ postgresUrl: testPostgresUrl(), fast: true }))(
    options.suite,
    (driver) => {
      const { runs, ops } = options.budget[driver.name] ?? options.fallback;
      it.skipIf(driver.missing !== undefined)(
        titleOn(driver, options.test(driver)),
        async () => {
          const play = await options.prepare(driver);
          await fc.assert(fc.asyncProperty(options.scenario(ops), play), {
            numRuns: runs,
            examples: (options.examples ?? []).map((example): [S] => [example]),
          });
        },
        options.timeout,
      );
    },
  );
}
