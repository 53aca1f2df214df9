import { closeSync, existsSync, openSync, readSync, realpathSync, writeFileSync } from 'node:fs';
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
 * Writes a command's output to the file `--out` names; a bad-input error naming `--out` and the reason when it
 * cannot be written (no such folder, a directory, no permission) or must not be (the `--db` database, its WAL, or
 * any other SQLite database: nothing is written), never a raw errno message.
 */
export function writeOutputFile(file: string, text: string, database?: string): void {
  const refused = overwritesDatabase(file, database);
  if (refused) throw new BadInputError(`--out ${file}: not written over: ${refused}`);
  try {
    writeFileSync(file, text);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    const why =
      code === 'ENOENT'
        ? 'its folder does not exist'
        : code === 'EISDIR'
          ? 'it is a directory'
          : code === 'EACCES' || code === 'EPERM'
            ? 'no permission to write it'
            : (error as Error).message;
    throw new BadInputError(`--out ${file}: cannot write the file: ${why}`);
  }
}
