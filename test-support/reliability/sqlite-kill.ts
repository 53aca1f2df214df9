import { DatabaseSync } from 'node:sqlite';
import type { ChildRun } from './child-process.ts';

/**
 * Waits for `moment` (something the child prints, or a delay), then SIGKILLs the child and waits for it to
 * end. Throws (with the child's stderr) when it died before the moment or ended any other way than the kill.
 */
export async function killAt(run: ChildRun, moment: () => Promise<void>, where: string): Promise<void> {
  try {
    await moment();
  } catch (error) {
    throw new Error(`${where} the child died on its own: ${run.stderr()}`, { cause: error });
  }
  run.child.kill('SIGKILL');
  const exit = await run.exited;
  if (exit.signal !== 'SIGKILL')
    throw new Error(`${where} the child exited with ${exit.code}: ${run.stderr()}`);
}

/** Throws unless `PRAGMA integrity_check` of the SQLite file at `path` answers ok. */
export function checkIntegrity(path: string, where: string): void {
  const db = new DatabaseSync(path);
  try {
    const check = db.prepare('PRAGMA integrity_check').all();
    if (check.length !== 1 || check[0]!.integrity_check !== 'ok') {
      throw new Error(`${where} integrity_check: ${JSON.stringify(check)}`);
    }
  } finally {
    db.close();
  }
}
