import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The `engram` binary of the sources (a test of the packed package passes its own `dist/cli/main.js`). */
const sourceBin = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

/** A running `engram inspect` process. */
export interface InspectProcess {
  /** The URL it printed. */
  url: string;
  /** Its origin (`http://127.0.0.1:<port>`). */
  origin: string;
  /** What it wrote to stderr so far. */
  stderr(): string;
  /** Sends SIGTERM and resolves to its exit code. */
  stop(): Promise<number | null>;
}

/** The exit of a process (code and output) that ended by itself. */
export interface InspectExit {
  code: number | null;
  stdout: string;
  stderr: string;
}

function collect(child: ChildProcess) {
  const out = { stdout: '', stderr: '' };
  child.stdout?.on('data', (d: Buffer) => {
    out.stdout += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out.stderr += d.toString();
  });
  return out;
}

/**
 * Starts the real `engram` binary (`node src/cli/main.ts … inspect …`, Node 24 strips the types, or `bin`) and resolves
 * once it printed its URL; rejects with its output when it exits first or prints nothing within `timeoutMs`.
 */
export function startInspect(
  args: readonly string[],
  { timeoutMs = 30_000, bin = sourceBin }: { timeoutMs?: number; bin?: string } = {},
): Promise<InspectProcess> {
  const child = spawn(process.execPath, ['--no-warnings', bin, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = collect(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`engram inspect printed no URL within ${timeoutMs} ms:\n${out.stdout}${out.stderr}`));
    }, timeoutMs);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`engram inspect exited with ${code}:\n${out.stdout}${out.stderr}`));
    });
    child.stdout.on('data', () => {
      const url = /(http:\/\/\S+)/.exec(out.stdout)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({
        url,
        origin: new URL(url).origin,
        stderr: () => out.stderr,
        stop: async () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    });
  });
}

/** Runs `engram … inspect …` expecting it to exit by itself (a refused option); resolves to its exit. */
export function runInspect(args: readonly string[], timeoutMs = 30_000): Promise<InspectExit> {
  const child = spawn(process.execPath, ['--no-warnings', sourceBin, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = collect(child);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, ...out });
    }),
  );
}
