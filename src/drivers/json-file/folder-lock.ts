import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { link, open, readFile, rename, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { makeDirDurable, syncDirectory } from './files.ts';

/** The lock file of a json-file directory: which handle holds it. */
export const lockFileName = '_engram.lock';

/** What the lock file holds: the holder's process, its start time, and the handle's nonce. */
interface LockHolder {
  pid: number;
  /** The process's start time (Linux `/proc/<pid>/stat` field 22), to tell a reused pid apart; null elsewhere. */
  started: string | null;
  host: string;
  nonce: string;
  since: string;
}

/** A held folder lock. */
export interface FolderLock {
  /** Removes the lock file when it is still this handle's. */
  release(): Promise<void>;
}

/**
 * Takes the exclusive lock of a json-file directory for one store handle: `_engram.lock`, created with O_EXCL,
 * holding the pid, the process's start time, the host and a nonce of its own. A lock whose process is gone (a
 * SIGKILL, an exit without `close()`), or whose pid now belongs to a process started at another time, is stale
 * and taken over; any other holder, a second handle in this same process included, makes it throw
 * `STORE_ERROR` naming the holder, changing nothing.
 */
export async function acquireFolderLock(directory: string, component: string): Promise<FolderLock> {
  const path = join(directory, lockFileName);
  const me: LockHolder = {
    pid: process.pid,
    started: processStart(process.pid),
    host: hostname(),
    nonce: randomBytes(12).toString('hex'),
    since: new Date().toISOString(),
  };
  const fail = (message: string, cause?: unknown) =>
    new MemoryError({ code: 'STORE_ERROR', component, message, ...(cause !== undefined && { cause }) });
  try {
    await makeDirDurable(directory);
  } catch (error) {
    throw fail(`cannot create ${directory}`, error);
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await createExclusive(path, me).catch((error) => Promise.reject(fail(`cannot lock ${path}`, error))))
      return { release: () => release(path, me.nonce) };
    const holder = await readHolder(path);
    if (holder === undefined) continue; // released (or being written) meanwhile: try again
    if (holder !== 'unreadable' && isLive(holder))
      throw fail(
        `${directory} is in use by another store handle (pid ${holder.pid}${holder.pid === process.pid ? ', this process' : ''}, since ${holder.since}); a json-file store is single-writer: close the other handle first`,
      );
    await removeStale(path, holder === 'unreadable' ? undefined : holder.nonce);
  }
  throw fail(`cannot lock ${path}: it keeps changing`);
}

/** Creates the lock file with O_EXCL; false when it exists. Written whole to a temp file first, then linked. */
async function createExclusive(path: string, me: LockHolder): Promise<boolean> {
  const temp = `${path}.${me.nonce}`;
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(`${JSON.stringify(me)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temp, path); // atomic and exclusive: a reader never sees a half-written lock
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
    await syncDirectory(join(path, '..')).catch(() => undefined);
  }
}

/** The lock file's holder, `'unreadable'` for a file that is not one, undefined when there is none. */
async function readHolder(path: string): Promise<LockHolder | 'unreadable' | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const holder = JSON.parse(text) as LockHolder;
    return Number.isSafeInteger(holder.pid) && typeof holder.nonce === 'string' ? holder : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/** Whether the holder's process still runs (on another host: assumed to). */
function isLive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const started = processStart(holder.pid);
  return holder.started === null || started === null || started === holder.started;
}

/**
 * Removes a stale lock, and only it: the file is first renamed aside (one remover wins), then checked; a lock
 * that is not the stale one (taken meanwhile by another handle) is linked back.
 */
async function removeStale(path: string, nonce: string | undefined): Promise<void> {
  const aside = `${path}.stale-${randomBytes(6).toString('hex')}`;
  try {
    await rename(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = await readHolder(aside);
  const wasStale = moved === 'unreadable' ? nonce === undefined : moved?.nonce === nonce;
  if (!wasStale) await link(aside, path).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}

/** Removes the lock file if it is still the one with `nonce`. */
async function release(path: string, nonce: string): Promise<void> {
  const holder = await readHolder(path).catch(() => undefined);
  if (holder && holder !== 'unreadable' && holder.nonce === nonce) await unlink(path).catch(() => undefined);
}

/** A process's start time in clock ticks since boot (Linux), or null where `/proc` does not tell. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}
