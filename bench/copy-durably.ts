import { closeSync, copyFileSync, fsyncSync, openSync } from 'node:fs';

/**
 * Copies `from` to `to` and flushes the copy to disk before it is measured: a copy left dirty in the page cache is
 * written back by the first fsync of the process that opens it (a store at `durability: 'power'` fsyncs the main
 * file in its first checkpoint), which billed the bench's own copying to engram's run (a 75 ms commit at 10,000
 * messages and 350 ms at 50,000, against under 10 ms on a flushed copy).
 */
export function copyDurably(from: string, to: string): void {
  copyFileSync(from, to);
  const fd = openSync(to, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
