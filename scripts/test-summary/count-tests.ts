import type { TestModule } from 'vitest/node';

/** How many tests of a run passed, failed and were skipped. */
export interface TestCounts {
  /** Tests that ran and passed. */
  passed: number;
  /** Tests that failed, plus every failure that no test owns (see `countTests`). */
  failed: number;
  /** Tests skipped by `skip`, `todo`, `only` elsewhere, `ctx.skip()`, or left unrun by an interrupted run. */
  skipped: number;
}

/**
 * Counts a finished vitest run from its test modules. A failure that no test owns still counts as one failed
 * test, so a broken run never reads `0 failed`: each test file or suite with errors of its own (the file failed
 * to import or collect, a `beforeAll`/`afterAll` hook threw) and each unhandled error of the run.
 */
export function countTests(modules: ReadonlyArray<TestModule>, unhandledErrors: number): TestCounts {
  const counts: TestCounts = { passed: 0, failed: unhandledErrors, skipped: 0 };
  for (const module of modules) {
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') counts.passed++;
      else if (state === 'failed') counts.failed++;
      else counts.skipped++;
    }
    for (const suite of [module, ...module.children.allSuites()]) {
      if (suite.errors().length > 0) counts.failed++;
    }
  }
  return counts;
}

/** The line CI reads at the end of `npm test`: `N passed, N failed, N skipped`. */
export function formatCounts(counts: TestCounts): string {
  return `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
}

/**
 * The counts `npm test` reports, from vitest's counts (`undefined` when vitest wrote none), the number of
 * failed checks before it (typecheck, lint: each counts as one failed test) and vitest's exit code. A run that
 * failed never reads `0 failed`: when vitest exits non-zero without a failed test (it crashed, its config did
 * not load, the run was interrupted), that counts as one failed test.
 */
export function finalCounts(
  vitest: TestCounts | undefined,
  failedChecks: number,
  vitestExitCode: number,
): TestCounts {
  const counts = vitest ?? { passed: 0, failed: 0, skipped: 0 };
  const vitestFailed = vitestExitCode !== 0 && counts.failed === 0 ? 1 : counts.failed;
  return { ...counts, failed: vitestFailed + failedChecks };
}
