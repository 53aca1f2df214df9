import { type ChildProcess, spawn } from 'node:child_process';
import { writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A running child script: its complete stdout lines so far, and how it ended. */
export interface ChildRun {
  /** The process. */
  readonly child: ChildProcess;
  /** Complete stdout lines received so far (a line cut by a kill is never included). */
  readonly lines: string[];
  /** Stderr text received so far. */
  stderr(): string;
  /** Resolves when a stdout line satisfies `predicate` (checked on lines already received too); rejects when the child exits first. */
  waitForLine(predicate: (line: string, index: number) => boolean): Promise<void>;
  /** Resolves when the child has exited and its pipes are drained. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Runs a reliability child script (a `.ts` file next to this one) with the same Node binary (Node ≥ 22.6
 * strips types), passing `config` as JSON in argv[2].
 */
export function runChildScript(script: string, config: unknown): ChildRun {
  return runChild(script, config);
}

/** Sends the start signal {@link waitForGo} waits for. */
export function sendGo(run: ChildRun): void {
  run.child.stdin?.end('go\n');
}

function runChild(script: string, config: unknown): ChildRun {
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
  if (major < 22 || (major === 22 && minor < 6)) {
    throw new Error(
      `reliability child scripts need Node >= 22.6 (type stripping); this is ${process.version}`,
    );
  }
  const path = fileURLToPath(new URL(script, import.meta.url));
  const child = spawn(process.execPath, ['--no-warnings', path, JSON.stringify(config)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  let err = '';
  const waiters: { predicate: (l: string, i: number) => boolean; resolve(): void; reject(e: Error): void }[] =
    [];
  const check = () => {
    for (const w of [...waiters]) {
      if (lines.some((l, i) => w.predicate(l, i))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop()!;
    lines.push(...parts);
    check();
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    err += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('close', (code, signal) => {
      check();
      for (const w of waiters.splice(0))
        w.reject(new Error(`child exited (${code ?? signal}) before the line`));
      resolve({ code, signal });
    });
  });
  return {
    child,
    lines,
    stderr: () => err,
    exited,
    waitForLine(predicate) {
      return new Promise<void>((resolve, reject) => {
        if (lines.some((l, i) => predicate(l, i))) return resolve();
        if (child.exitCode !== null || child.signalCode !== null)
          return reject(new Error('child already exited'));
        waiters.push({ predicate, resolve, reject });
      });
    },
  };
}

/**
 * Writes one line to stdout synchronously in a single `write` (atomic on a pipe below 4 kB), for child scripts.
 * When stdout is a non-blocking pipe that is full (the parent reads slowly on a loaded machine), the write fails
 * with EAGAIN and writes nothing: it is retried after a millisecond until the line is written.
 */
export function emit(line: string): void {
  const bytes = Buffer.from(`${line}\n`);
  for (let attempt = 0; ; attempt++) {
    try {
      writeSync(1, bytes);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || attempt >= 10_000) throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

/** A buffer to sleep on (`Atomics.wait`) between retries of {@link emit}. */
const pause = new Int32Array(new SharedArrayBuffer(4));

/** In a child script: resolves when the parent calls {@link sendGo} (a start barrier for several children). */
export function waitForGo(): Promise<void> {
  return new Promise((resolve, reject) => {
    let text = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('go\n')) {
        process.stdin.pause();
        resolve();
      }
    });
    process.stdin.on('end', () =>
      text.includes('go\n') ? resolve() : reject(new Error('stdin closed without go')),
    );
  });
}

/** The JSON config a child script was started with. */
export function childConfig<T>(): T {
  const raw = process.argv[2];
  if (!raw) throw new Error('missing JSON config in argv[2]');
  return JSON.parse(raw) as T;
}
