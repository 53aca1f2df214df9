import { join } from 'node:path';
import { expect } from 'vitest';
import { type ChildRun, runChildScript } from './child-process.ts';
import { checkIntegrity } from './sqlite-kill.ts';
import { tempDir } from './store-drivers.ts';

/**
 * For a crash test: runs child `script` once per kill point n = 1 … `maxWrites` on a fresh SQLite file of a temp
 * folder (its config made by `config(path, n)`; the child prints `ready` once set up, SIGKILLs itself after its n-th
 * write, prints `done` when the work made fewer), checks after each run that it was killed or ended well and that
 * the file is intact, then calls `check(path, where)` on it; stops after the first run that was not killed (which
 * must have printed `done`). Removes the folder.
 */
export async function forEachKillPoint(options: {
  prefix: string;
  script: string;
  maxWrites: number;
  config: (path: string, n: number) => unknown;
  check: (path: string, where: string, run: ChildRun) => Promise<void>;
}): Promise<void> {
  const dir = await tempDir(options.prefix);
  try {
    for (let n = 1; n <= options.maxWrites; n++) {
      const where = `killed after write ${n}`;
      const path = join(dir.path, `chat-${n}.db`);
      const run = runChildScript(options.script, options.config(path, n));
      const exit = await run.exited;
      if (exit.signal !== 'SIGKILL' && exit.code !== 0)
        throw new Error(`${where}: the child exited with ${exit.code}: ${run.stderr()}`);
      expect(run.lines, where).toContain('ready');
      checkIntegrity(path, where);
      await options.check(path, where, run);
      if (exit.signal !== 'SIGKILL') {
        expect(run.lines, where).toContain('done');
        return;
      }
    }
  } finally {
    await dir.remove();
  }
}
