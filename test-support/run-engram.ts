import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
const argv = (args: readonly string[]) => ['--no-warnings', bin, ...args];

/** What a run of the `engram` binary gave: its exit code, stdout and stderr. */
export interface EngramRun {
  /** The exit code. */
  code: number | null;
  /** Its standard output. */
  out: string;
  /** Its standard error. */
  err: string;
}

/** Runs the real `engram` binary (Node 24 strips the types) with pipes, not a terminal. Test-only. */
export function runEngram(...args: string[]): EngramRun {
  return runEngramAs(undefined, ...args);
}

/** {@link runEngram} as another user (`uid` / `gid`: the test must run as root), or as this one when undefined. */
export function runEngramAs(user: { uid: number; gid: number } | undefined, ...args: string[]): EngramRun {
  const r = spawnSync(process.execPath, argv(args), { encoding: 'utf8', timeout: 60_000, ...user });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** {@link runEngram} without blocking, so independent runs (reads, refused inputs) can go side by side. */
export function runEngramAsync(...args: string[]): Promise<EngramRun> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      argv(args),
      { encoding: 'utf8', timeout: 60_000 },
      (_e, out, err) => resolve({ code: child.exitCode, out, err }),
    );
  });
}

/** {@link runEngram} started in the background: the process (to signal it) and, once it closed, what it gave. */
export function startEngram(...args: string[]): { child: ChildProcess; done: Promise<EngramRun> } {
  const child = spawn(process.execPath, argv(args), { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const done = new Promise<EngramRun>((resolve) => child.on('close', (code) => resolve({ code, out, err })));
  return { child, done };
}
