import { spawnSync } from 'node:child_process';

/**
 * Runs `lines` as an ES module program (`node --input-type=module -e`, types stripped) in a fresh Node process,
 * waits for it to exit by itself and returns its trimmed stdout; throws with its stderr when it wrote any, failed
 * or was still running after `timeoutMs`. For behaviour that only a program of its own shows (whether it exits
 * by itself, what a worker thread inherits from a module entry point).
 */
export function moduleSnippetOutput(lines: readonly string[], timeoutMs = 60_000): string {
  const run = spawnSync(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings', '--input-type=module', '-e', lines.join('\n')],
    { encoding: 'utf8', timeout: timeoutMs },
  );
  if (run.status !== 0 || run.stderr !== '')
    throw new Error(
      `module snippet ended with status ${run.status} (${run.signal ?? 'no signal'}): ${run.stderr}`,
    );
  return run.stdout.trim();
}
