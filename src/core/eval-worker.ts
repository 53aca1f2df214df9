import { Worker } from 'node:worker_threads';

/**
 * What an eval'd worker runs before its own code: its stdout and stderr writes are dropped. Node refs a worker's
 * stdio port once the thread writes to a stream nobody reads, and keeps it so while the thread lives, so a single
 * notice printed by a library in the thread (a `console.warn`) would keep the process alive; piping the streams
 * to the parent's instead would make the parent's stdout and stderr asynchronous. A worker reports what matters
 * through its messages.
 */
const dropOutput = 'process.stdout.write = () => true;\nprocess.stderr.write = () => true;\n';

/**
 * Starts a worker thread running `source` (plain JavaScript, eval'd, so it needs no file of its own in any build;
 * it takes Node's modules with `process.getBuiltinModule`, so it runs whether the program started as a script
 * or as a module, whose `--input-type=module` a worker inherits), with `workerData`, its output dropped
 * (see above), not keeping the process alive (`unref`; `ref()` it while the process must wait for it).
 */
export function startEvalWorker(source: string, workerData: unknown): Worker {
  const worker = new Worker(dropOutput + source, { eval: true, workerData, stdout: true, stderr: true });
  worker.unref();
  return worker;
}
