import { Worker } from 'node:worker_threads';

/** Options of {@link startCheckpointer}. */
export interface CheckpointerOptions {
  /** The database file (in WAL mode). */
  path: string;
  /** `synchronous` of the store's connection (`FULL` or `NORMAL`): checkpoints sync as its commits would. */
  synchronous: 'FULL' | 'NORMAL';
  /** WAL frames the worker lets gather before a checkpoint (SQLite's autocheckpoint default). @default 1000 */
  targetFrames?: number;
  /** Shortest and longest pause between two checkpoints, in ms. @default 10, 1000 */
  minMs?: number;
  maxMs?: number;
  /** Called once if a checkpoint fails with anything but SQLITE_BUSY; the worker has then stopped. */
  onFailure(error: Error): void;
}

/** A background checkpointer; `stop()` closes its connection and ends the thread. */
export interface Checkpointer {
  stop(): Promise<void>;
}

// Plain CommonJS run as an eval'd worker, so it needs no file of its own in any build.
const workerSource = `
const { DatabaseSync } = require('node:sqlite');
const { parentPort, workerData } = require('node:worker_threads');
const db = new DatabaseSync(workerData.path, { timeout: 0 });
db.exec('PRAGMA synchronous = ' + workerData.synchronous);
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const { targetFrames, minMs, maxMs } = workerData;
let interval = minMs;
let seen = 0;
let timer;
const tick = () => {
  try {
    const r = checkpoint.get();
    // Frames written since the last tick (the log restarts from 0 after a complete checkpoint).
    const fresh = r.log >= seen ? r.log - seen : r.log;
    seen = r.log;
    // Aim at about targetFrames per checkpoint, as SQLite's own autocheckpoint does.
    interval = Math.min(maxMs, Math.max(minMs, (interval * targetFrames) / Math.max(fresh, 1)));
  } catch (error) {
    // SQLITE_BUSY: another checkpointer (or a recovering connection) is at work; the next tick tries again.
    if (((error && error.errcode) & 0xff) !== 5) {
      parentPort.postMessage({ failed: String(error && error.message) });
      return;
    }
  }
  timer = setTimeout(tick, interval);
};
timer = setTimeout(tick, interval);
parentPort.on('message', () => {
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Copies a WAL database's committed pages into the main file from a worker thread with its own connection
 * (`PRAGMA wal_checkpoint(PASSIVE)`, which never blocks writers or readers, paced to about `targetFrames` new
 * frames per checkpoint), so that work — and its fsyncs — stays off the event loop and off every commit. The store keeps a high `wal_autocheckpoint` as a
 * backstop, and returns to ordinary checkpoints if this one fails. The thread does not keep the process alive.
 */
export function startCheckpointer(options: CheckpointerOptions): Checkpointer {
  const worker = new Worker(workerSource, {
    eval: true,
    // Not piped into the parent's stdout/stderr: that would make them non-blocking (the thread prints nothing).
    stdout: true,
    stderr: true,
    workerData: {
      path: options.path,
      synchronous: options.synchronous,
      targetFrames: options.targetFrames ?? 1000,
      minMs: options.minMs ?? 10,
      maxMs: options.maxMs ?? 1000,
    },
  });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let failed = false;
  const fail = (error: Error) => {
    if (failed) return;
    failed = true;
    options.onFailure(error);
  };
  worker.on('message', (m: { failed?: string }) => {
    if (m.failed !== undefined)
      fail(new Error(`[engram] [sqlite] background checkpoint failed: ${m.failed}`));
  });
  worker.on('error', fail);
  return {
    async stop() {
      worker.ref(); // the process waits for the thread to close its connection
      worker.postMessage('stop');
      await exited;
    },
  };
}
