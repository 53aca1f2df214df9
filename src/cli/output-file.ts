import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { BadInputError } from './bad-input-error.ts';

/** The first bytes of every SQLite database file. */
const sqliteHeader = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * The path as the file system names it: its real path when it exists, else its folder's real path and its name
 * (a database's `-wal` file exists only while it is open), else resolved from the working folder.
 */
function realPath(file: string): string {
  if (existsSync(file)) return realpathSync(file);
  const folder = dirname(resolve(file));
  return existsSync(folder) ? join(realpathSync(folder), basename(file)) : resolve(file);
}

/** Whether `file` exists and begins as a SQLite database does. */
function isSqliteDatabase(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const head = Buffer.alloc(sqliteHeader.length);
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(sqliteHeader);
  } catch {
    return false; // not readable as a file (missing, a directory): the write says why
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Why `--out file` must not be written over, or undefined: it is the `--db` database or one of SQLite's files beside
 * it (`-wal`, `-shm`, `-journal`), or another SQLite database (an export written over it would destroy it).
 */
function overwritesDatabase(file: string, database: string | undefined): string | undefined {
  const out = realPath(file);
  if (database !== undefined && database !== '') {
    const db = realPath(database);
    if ([db, `${db}-wal`, `${db}-shm`, `${db}-journal`].includes(out))
      return `it is the --db database ${database} or one of its files`;
  }
  return isSqliteDatabase(out) ? 'it is a SQLite database' : undefined;
}

/**
 * Writes a command's output to the file `--out` names, whole or not at all: to a new file beside it (beside a
 * symlink's target), synced, then renamed over it, keeping an existing file's permissions, so a write that fails
 * midway (a full disk, a file size limit, a kill) leaves the file that was there as it was and no part of the new
 * one, which an import would take for a whole, shorter session. A device or FIFO (`/dev/stdout`) is written as it
 * is. A bad-input error naming `--out` and the reason when it cannot be written (no such folder, a directory, no
 * permission) or must not be (the `--db` database, its WAL, or any other SQLite database: nothing is written),
 * never a raw errno message.
 */
export function writeOutputFile(file: string, text: string, database?: string): void {
  const refused = overwritesDatabase(file, database);
  if (refused) throw new BadInputError(`--out ${file}: not written over: ${refused}`);
  try {
    const target = realPath(file);
    const existing = statSync(target, { throwIfNoEntry: false });
    if (existing !== undefined && !existing.isFile() && !existing.isDirectory()) writeFileSync(target, text);
    else replaceFile(target, text, existing?.mode);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    const why =
      code === 'ENOENT'
        ? missingWhy(dirname(realPath(file)))
        : code === 'EISDIR'
          ? 'it is a directory'
          : code === 'EACCES' || code === 'EPERM'
            ? 'no permission to write it'
            : (error as Error).message;
    throw new BadInputError(`--out ${file}: cannot write the file: ${why}`);
  }
}

/**
 * Why a file could not be created in `folder` (ENOENT): the folder is missing, or it exists but its file system
 * refuses new files (`/proc`, `/sys`).
 */
function missingWhy(folder: string): string {
  return statSync(folder, { throwIfNoEntry: false })?.isDirectory()
    ? `the folder ${folder} exists but its file system refuses new files in it (ENOENT on create, as /proc and /sys do)`
    : `its folder ${folder} does not exist`;
}

/** Writes `text` to a new file beside `target`, syncs it, and renames it over `target` (removed again on failure). */
function replaceFile(target: string, text: string, mode: number | undefined): void {
  // A folder is refused before a temporary file goes beside it (the rename would say EISDIR, after the write).
  if (statSync(target, { throwIfNoEntry: false })?.isDirectory())
    throw Object.assign(new Error('a directory'), { code: 'EISDIR' });
  const temporary = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temporary, 'wx', mode === undefined ? 0o666 : mode & 0o7777);
  try {
    try {
      const bytes = Buffer.from(text);
      for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
      if (mode !== undefined) chmodSync(temporary, mode & 0o7777); // the umask narrowed the open's mode
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, target);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // already gone (renamed, or never made): nothing to remove
    }
    throw error;
  }
}
