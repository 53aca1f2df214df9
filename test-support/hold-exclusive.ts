import { type ChildProcess, spawn } from 'node:child_process';
import { expect } from 'vitest';

/**
 * Another process holding `BEGIN EXCLUSIVE` on the SQLite file `db` until `release()`; resolves once it holds it.
 * Test-only.
 */
export async function holdExclusive(db: string): Promise<{ pid: number; release(): Promise<void> }> {
  const script = `
    const { DatabaseSync } = require('node:sqlite');
    const db = new DatabaseSync(${JSON.stringify(db)});
    db.exec('BEGIN EXCLUSIVE');
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    process.stdout.write('locked\\n');
    process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); process.exit(0); });`;
  const child: ChildProcess = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    void exited.then((code) => reject(new Error(`the lock holder exited with ${code}`)));
  });
  return {
    pid: child.pid!,
    async release() {
      if (child.exitCode === null) child.stdin?.write('go\n');
      expect(await exited).toBe(0);
    },
  };
}
