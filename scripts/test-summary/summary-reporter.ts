import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';
import { countTests } from './count-tests.ts';

/** The environment variable naming the file the reporter writes its `TestCounts` (JSON) to. */
export const SUMMARY_FILE_ENV = 'ENGRAM_TEST_SUMMARY_FILE';

/**
 * A vitest reporter, added beside the default one by `scripts/test.ts`: when the run ends it writes the run's
 * `TestCounts` as JSON to the file named by `ENGRAM_TEST_SUMMARY_FILE` (and does nothing without it).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const file = process.env[SUMMARY_FILE_ENV];
    if (!file) return;
    writeFileSync(file, JSON.stringify(countTests(modules, unhandledErrors.length)));
  }
}
