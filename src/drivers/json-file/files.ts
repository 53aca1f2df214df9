import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, readFile, rename, rm, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Reads a file, or undefined when it does not exist. */
export async function readIfExists(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Fsyncs a directory so a rename or a new file in it survives a crash. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Creates a directory and its missing parents, fsyncing each new entry so it survives a crash. */
export async function makeDirDurable(dir: string): Promise<void> {
  const first = await mkdir(dir, { recursive: true });
  if (first === undefined) return;
  for (let d = dir; ; d = dirname(d)) {
    await syncDirectory(dirname(d));
    if (d === first || dirname(d) === d) return;
  }
}

/**
 * Replaces a file atomically: write a temporary file beside it, fsync, rename over it, fsync the directory.
 * `data` may be chunks, written in order (a rewrite that keeps most of a large file passes slices of it).
 */
export async function writeFileAtomic(
  path: string,
  data: string | Buffer | readonly Buffer[],
): Promise<void> {
  const temp = `${path}.tmp-${randomBytes(6).toString('hex')}`;
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dirname(path));
}

/**
 * Appends to a file and fsyncs it. `size` is the length of the file's valid prefix: anything after it (a torn
 * line from a crash) is cut off first; if the append fails, the file is cut back to `size`. Returns the new size.
 */
export async function appendDurable(path: string, size: number, data: string): Promise<number> {
  const bytes = Buffer.from(data, 'utf8');
  const handle = await open(path, constants.O_WRONLY | constants.O_CREAT);
  try {
    try {
      await handle.truncate(size);
      await handle.write(bytes, 0, bytes.length, size);
      await handle.sync();
    } catch (error) {
      await truncate(path, size).catch(() => undefined);
      throw error;
    }
  } finally {
    await handle.close();
  }
  if (size === 0) await syncDirectory(dirname(path));
  return size + bytes.length;
}

/** The complete lines of a JSONL buffer, and the byte length they span; an unterminated last line (torn write) is left out. */
export function splitLines(buffer: Buffer): { lines: string[]; size: number } {
  const lines: string[] = [];
  let start = 0;
  for (let i = buffer.indexOf(10); i >= 0; i = buffer.indexOf(10, start)) {
    const line = buffer.toString('utf8', start, i);
    if (line.trim() !== '') lines.push(line);
    start = i + 1;
  }
  return { lines, size: start };
}
