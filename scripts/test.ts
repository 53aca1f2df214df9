/**
 * `npm test`: the typecheck and lint scripts, then `vitest run` with the default reporter and the summary
 * reporter, then one last line for CI, `N passed, N failed, N skipped`, printed after every other
 * output (vitest's global teardown included). Every step runs even when one before it failed, so the line
 * always counts the whole suite; a failed check counts as one failed test. The exit code is 1 exactly when
 * the line reports a failure.
 *
 *   node scripts/test.ts [--skip-checks] [vitest arguments…]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finalCounts, formatCounts, type TestCounts } from './test-summary/count-tests.ts';
import { SUMMARY_FILE_ENV } from './test-summary/summary-reporter.ts';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const CHECKS = ['typecheck', 'lint'];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  if (result.error) console.error(`[test] could not run ${command}: ${result.error.message}`);
  return result.status ?? 1;
}

const args = process.argv.slice(2);
const skipChecks = args[0] === '--skip-checks';
const vitestArgs = skipChecks ? args.slice(1) : args;

const failedChecks = skipChecks ? [] : CHECKS.filter((name) => run('npm', ['run', '--silent', name]) !== 0);

const dir = mkdtempSync(join(tmpdir(), 'engram-test-'));
const summaryFile = join(dir, 'counts.json');
const vitestCode = run(
  process.execPath,
  [
    join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    `--reporter=${join(root, 'scripts/test-summary/summary-reporter.ts')}`,
    ...vitestArgs,
  ],
  {
    ...process.env,
    PATH: `${join(root, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}`,
    [SUMMARY_FILE_ENV]: summaryFile,
    // Node's on-disk compile cache for every process of the run (vitest's workers and the many children the tests
    // spawn: the CLI, crash children, bench children), unless the caller set one: a child's start reads the compiled
    // modules instead of compiling them again (about 1.0 -> 0.7 s a CLI run on a 2-core machine).
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? join(dir, 'node-compile-cache'),
    // Under CI, plain text: log readers see vitest's own counts without terminal colour codes.
    ...(process.env.CI ? { NO_COLOR: '1', FORCE_COLOR: '0' } : {}),
  },
);
const counted: TestCounts | undefined = existsSync(summaryFile)
  ? JSON.parse(readFileSync(summaryFile, 'utf8'))
  : undefined;
rmSync(dir, { recursive: true, force: true });

const counts = finalCounts(counted, failedChecks.length, vitestCode);
if (failedChecks.length > 0) console.log(`[test] failed checks: ${failedChecks.join(', ')}`);
if (!counted) console.log('[test] vitest wrote no test counts');
console.log(formatCounts(counts));
process.exitCode = counts.failed > 0 ? 1 : 0;
