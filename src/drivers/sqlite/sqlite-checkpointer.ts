import { startEvalWorker } from '../../core/eval-worker.ts';

/** Options of {@link startCheckpointer}. */
export interface CheckpointerOptions {
  /** The database file (in WAL mode). */
  path: string;
  /** `synchronous` of the store's connection (`FULL` or `NORMAL`): checkpoints sync as its commits would. */
  synchronous: 'FULL' | 'NORMAL';
  /** WAL frames the worker lets gather before a checkpoint (SQLite's autocheckpoint default). @default 1000 */
  targetFrames?: number;
  /** How often the worker looks at the backlog, in ms. @default 20 */
  pollMs?: number;
  /** Called once if a checkpoint fails with anything but SQLITE_BUSY; the worker has then stopped. */
  onFailure(error: Error): void;
}

/** A background checkpointer; `stop()` closes its connection and ends the thread. */
export interface Checkpointer {
  stop(): Promise<void>;
}

// Plain JavaScript run as an eval'd worker (startEvalWorker). The backlog is read from the
// WAL index (the -shm file, https://www.sqlite.org/walformat.html: mxFrame at byte 16, nBackfill at byte 96, in
// the host's byte order), so however many processes' checkpointers watch one file, a checkpoint runs only once
// about targetFrames frames wait, as SQLite's own autocheckpoint would.
const workerSource = `
const { openSync, readSync } = process.getBuiltinModule('node:fs');
const { endianness } = process.getBuiltinModule('node:os');
const { DatabaseSync } = process.getBuiltinModule('node:sqlite'); // its warning is dropped with all output
const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads');
const { path, synchronous, targetFrames, pollMs } = workerData;
const db = new DatabaseSync(path, { timeout: 0 });
db.exec('PRAGMA synchronous = ' + synchronous);
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const header = Buffer.alloc(100);
const little = endianness() === 'LE';
let shm;
const backlog = () => {
  try {
    shm ??= openSync(path + '-shm', 'r');
    if (readSync(shm, header, 0, 100, 0) < 100 || header[12] === 0) return targetFrames;
    const max = little ? header.readUInt32LE(16) : header.readUInt32BE(16);
    const done = little ? header.readUInt32LE(96) : header.readUInt32BE(96);
    return max - done;
  } catch {
    return targetFrames; // no readable index: checkpoint on every tick
  }
};
const timer = setInterval(() => {
  if (backlog() < targetFrames) return;
  try {
    checkpoint.get();
  } catch (error) {
    // SQLITE_BUSY: another checkpointer (or a recovering connection) is at work; the next tick tries again.
    if (((error && error.errcode) & 0xff) === 5) return;
    clearInterval(timer);
    parentPort.postMessage({ failed: String(error && error.message) });
  }
}, pollMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Copies a WAL database's committed pages into the main file from a worker thread with its own connection
 * (`PRAGMA wal_checkpoint(PASSIVE)`, which never blocks writers or readers, once about `targetFrames` frames
 * wait), so that work — and its fsyncs — stays off the event loop and off every commit. The store keeps a high `wal_autocheckpoint` as a
 * backstop, and returns to ordinary checkpoints if this one fails. The thread does not keep the process alive.
 */
export function startCheckpointer(options: CheckpointerOptions): Checkpointer {
  const worker = startEvalWorker(workerSource, {
    path: options.path,
    synchronous: options.synchronous,
    targetFrames: options.targetFrames ?? 1000,
    pollMs: options.pollMs ?? 20,
  });
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
