/** Runs a task in a fresh Node process (worker.ts) and returns its result. */

import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AppendResult, ColdOpenResult, Task } from './tasks.ts';

const worker = fileURLToPath(new URL('./worker.ts', import.meta.url));

/** What a child reports, plus its wall time (process start to exit, including Node start and imports). */
export type ChildResult<T> = T & { wallMs: number };

/** What any suite's worker takes: where to write the result, and what it is (for error messages). */
type AnyTask = { out: string; op: string; contender: { kind: string; api?: string } };

/**
 * Runs `task` in a child process on this Node binary (the storage worker, or another suite's `workerPath`);
 * rejects with the child's stderr when it fails.
 */
export function runTask<T = AppendResult | ColdOpenResult>(
  task: AnyTask | Task,
  extraArgs: readonly string[] = [],
  workerPath: string = worker,
): Promise<ChildResult<T>> {
  rmSync(task.out, { force: true });
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--experimental-strip-types',
      '--no-warnings',
      '--max-old-space-size=8192',
      ...extraArgs,
      workerPath,
      JSON.stringify(task),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      const wallMs = performance.now() - t0;
      if (code === 0 && existsSync(task.out)) {
        resolve({ ...(JSON.parse(readFileSync(task.out, 'utf8')) as T), wallMs });
      } else {
        const who = `${task.op} ${task.contender.kind}${task.contender.api ? `/${task.contender.api}` : ''}`;
        reject(new Error(`${who} failed (exit ${code ?? signal}):\n${output.trim()}`));
      }
    });
  });
}
