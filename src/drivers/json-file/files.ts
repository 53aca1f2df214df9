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

/**
 * The complete lines of a JSONL buffer, the byte offset each starts at, and the byte length they span; an
 * unterminated last line (torn write) is left out.
 */
export function splitLines(buffer: Buffer): { lines: string[]; starts: number[]; size: number } {
  const lines: string[] = [];
  const starts: number[] = [];
  let start = 0;
  for (let i = buffer.indexOf(10); i >= 0; i = buffer.indexOf(10, start)) {
    const line = buffer.toString('utf8', start, i);
    if (line.trim() !== '') {
      lines.push(line);
      starts.push(start);
    }
    start = i + 1;
  }
  return { lines, starts, size: start };
}

/**
 * The lines of one write to a JSONL file (a log's appended entries or tombstones, a journal's entries) as its
 * text: a write of several lines marks its first with how many it wrote (`{"batch":3,…}`), so that a crash that
 * cut it short at a line end (a kill or a power loss mid-write: it was never acknowledged) is left out whole on
 * load ({@link splitWholeWrites}) instead of applying part of it. Readers ignore the field.
 */
export function writeText(lines: readonly string[]): string {
  if (lines.length <= 1) return lines.join('');
  const [first, ...rest] = lines as [string, ...string[]];
  return `{"batch":${lines.length},${first.slice(1)}${rest.join('')}`;
}

const batchMark = /^\{"batch":(\d+),/;

/**
 * {@link splitLines} without the last write when a crash cut it short (see {@link writeText}): its lines left
 * out and `size` where it starts, so the next append (from `size`) cuts it off. Only the last write can be cut
 * short: every append first cuts the file back to the size known whole.
 */
export function splitWholeWrites(buffer: Buffer): { lines: string[]; size: number } {
  const { lines, starts, size } = splitLines(buffer);
  for (let i = 0; i < lines.length; ) {
    const n = Math.max(Number(batchMark.exec(lines[i] as string)?.[1] ?? 1), 1);
    if (i + n > lines.length) return { lines: lines.slice(0, i), size: starts[i] as number };
    i += n;
  }
  return { lines, size };
}

/** Whole lines of a JSONL file without the marks {@link writeText} gives writes (for a rewrite that drops lines). */
export function unbatched(buffer: Buffer): Buffer {
  const mark = Buffer.from('{"batch":');
  if (!buffer.includes(mark)) return buffer;
  const { lines } = splitLines(buffer);
  return Buffer.from(lines.map((line) => `${line.replace(batchMark, '{')}\n`).join(''), 'utf8');
}
