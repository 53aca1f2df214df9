/** Runs a benchmark child script in a fresh Node process and returns the JSON it reports on a `RESULT ` line. */

import { spawnSync } from 'node:child_process';

/**
 * Runs `script` with `request` (JSON) as its argument, in a fresh process with the flags `npm run bench` uses; logs
 * the last lines of its stderr and its result; throws with its output when it fails or reports nothing.
 */
export function runChild(script: string, request: object, log: (line: string) => void): string {
  const run = spawnSync(
    process.execPath,
    [
      '--experimental-strip-types',
      '--no-warnings',
      '--max-old-space-size=12288',
      script,
      JSON.stringify(request),
    ],
    { encoding: 'utf8', maxBuffer: 64 * 2 ** 20, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  for (const line of (run.stderr ?? '').split('\n').filter(Boolean).slice(-3)) log(`    ${line}`);
  const result = run.stdout?.split('\n').find((l) => l.startsWith('RESULT '));
  if (run.status !== 0 || !result)
    throw new Error(`${script} failed (status ${run.status}): ${run.stderr?.slice(-2000)}`);
  log(`    ${result.slice(0, 300)}`);
  return result.slice('RESULT '.length);
}

/** Prints a child's result as the `RESULT ` line {@link runChild} reads, or its error and exits with 1. */
export function reportChild<T>(work: Promise<T>): void {
  work.then(
    (result) => console.log(`RESULT ${JSON.stringify(result)}`),
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(1);
    },
  );
}
