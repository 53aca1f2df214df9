import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { finalCounts, formatCounts } from './count-tests.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = 'scripts/test-summary/fixtures/vitest.config.ts';

/** Runs `scripts/test.ts` without the checks; returns its stdout and stderr as one stream, in order. */
function runWrapper(...vitestArgs: string[]): { code: number | null; lines: string[] } {
  const quoted = [process.execPath, 'scripts/test.ts', '--skip-checks', ...vitestArgs]
    .map((arg) => `'${arg}'`)
    .join(' ');
  const result = spawnSync('sh', ['-c', `${quoted} 2>&1`], { cwd: root, encoding: 'utf8' });
  return { code: result.status, lines: result.stdout.trimEnd().split('\n') };
}

describe('npm test ends with the line CI counts', () => {
  it('counts failed tests, files that fail to import, failing hooks and unhandled errors, and exits 1', () => {
    const { code, lines } = runWrapper('--config', fixtures);
    // passed: 2 + 1 (failing file) + 1 (afterAll suite) + 1 (unhandled-error file); skipped: skip, todo,
    // ctx.skip(), the test under the failing beforeAll; failed: one test, the import error, both hooks, the
    // unhandled error.
    expect(lines.at(-1)).toBe('5 passed, 5 failed, 4 skipped');
    expect(code).toBe(1);
  }, 60_000);

  it('reads 0 failed and exits 0 when every test passes', () => {
    const { code, lines } = runWrapper('--config', fixtures, 'passing.fixture.ts');
    expect(lines.at(-1)).toBe('2 passed, 0 failed, 3 skipped');
    expect(code).toBe(0);
  }, 60_000);

  it('counts a vitest that cannot start as one failure', () => {
    const { code, lines } = runWrapper('--config', 'scripts/test-summary/fixtures/missing.config.ts');
    expect(lines.at(-1)).toBe('0 passed, 1 failed, 0 skipped');
    expect(code).toBe(1);
  }, 60_000);
});

describe('finalCounts', () => {
  it('adds one failed test per failed check', () => {
    const counts = finalCounts({ passed: 3, failed: 0, skipped: 1 }, 2, 0);
    expect(formatCounts(counts)).toBe('3 passed, 2 failed, 1 skipped');
  });

  it('never reads 0 failed when vitest exited non-zero', () => {
    expect(finalCounts({ passed: 3, failed: 0, skipped: 0 }, 0, 1).failed).toBe(1);
    expect(finalCounts(undefined, 0, 1).failed).toBe(1);
    expect(finalCounts({ passed: 3, failed: 2, skipped: 0 }, 0, 1).failed).toBe(2);
  });
});
