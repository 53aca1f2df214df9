import { constants, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Scope } from '../../core/scope.ts';
import { createMemoryLongTermRecords } from '../../longterm/memory-long-term-records.ts';
import { prepareChange, prepareRecord } from '../../longterm/prepare-record.ts';
import { createJsonFileLongTermJournal } from './longterm-journal.ts';

/**
 * The long-term journal when writes fail (found by a reviewer of 8319a853; each failed before): a rewrite whose
 * directory fsync fails after the rename (the journal kept the old size, so the next append padded the file with
 * NULs and it no longer loaded), a rewrite whose write fails (its temporary file stayed), and a journal written
 * before listing positions were stored (a prune's rewrite moved the record in the listing). Faults are injected
 * into node:fs/promises: while `failDirSync` is set, fsyncing a directory fails with EIO; while `failWriteFile` is
 * set, writing a temporary file writes part of it and fails with ENOSPC.
 */
const faults = vi.hoisted(() => ({ failDirSync: false, failWriteFile: false }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const open: typeof real.open = async (path, flags, mode) => {
    const handle = await real.open(path, flags, mode);
    if (faults.failWriteFile && String(path).includes('.tmp-')) {
      return new Proxy(handle, {
        get(target, key) {
          if (key === 'writeFile')
            return async (data: Iterable<Buffer>) => {
              await target.write(([...data][0] ?? Buffer.alloc(0)) as Buffer); // part of it lands
              throw Object.assign(new Error('ENOSPC: injected'), { code: 'ENOSPC' });
            };
          const v = Reflect.get(target, key);
          return typeof v === 'function' ? v.bind(target) : v;
        },
      });
    }
    if (faults.failDirSync && flags === constants.O_RDONLY) {
      return new Proxy(handle, {
        get(target, key) {
          if (key === 'sync')
            return async () => {
              throw Object.assign(new Error('EIO: injected directory fsync failure'), { code: 'EIO' });
            };
          const v = Reflect.get(target, key);
          return typeof v === 'function' ? v.bind(target) : v;
        },
      });
    }
    return handle;
  };
  return { ...real, default: { ...real, open }, open };
});

const scope: Scope = { tenant: 't', user: 'u' };

describe('json-file long-term journal: failed writes and old journals', () => {
  it('a rewrite that fails after its rename: the next append writes after the rewritten file, which loads', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-review-fail-'));
    const within = <T>(s: Scope, fn: (dir: string) => Promise<T>) => fn(join(root, s.tenant));
    const open = () => createMemoryLongTermRecords({ journal: createJsonFileLongTermJournal(within) });
    try {
      const records = open();
      await records.addRecords(scope, [
        prepareRecord({ id: 'big', text: 'secret '.repeat(500) }, 'test'),
        prepareRecord({ id: 'small', text: 'small' }, 'test'),
      ]);
      faults.failDirSync = true;
      await expect(records.purgeRecords(scope, ['big'])).rejects.toThrow(/EIO/);
      faults.failDirSync = false;
      // The rename happened: the file is the rewritten (smaller) one, but the journal still holds the old size.
      await records.addRecords(scope, [prepareRecord({ id: 'later', text: 'later' }, 'test')]);
      const bytes = readFileSync(join(root, 't', 'longterm.jsonl'));
      expect(bytes.filter((b) => b === 0).length).toBe(0);
      const again = open();
      expect((await again.listRecords(scope)).records.map((r) => r.id)).toEqual(['small', 'later']);
    } finally {
      faults.failDirSync = false;
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('a journal written before `seq` existed (a80885e5): a rewrite for a prune keeps the listing order', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-review-seq-'));
    const file = join(root, 't', 'longterm.jsonl');
    const within = <T>(s: Scope, fn: (dir: string) => Promise<T>) => fn(join(root, s.tenant));
    const open = () =>
      createMemoryLongTermRecords({
        journal: createJsonFileLongTermJournal(within, { compactFromBytes: 0 }),
      });
    try {
      const first = open();
      await first.addRecords(scope, [prepareRecord({ id: 'x', text: 'x one' }, 'test')]);
      await first.addRecords(scope, [prepareRecord({ id: 'y', text: 'y one' }, 'test')]);
      await first.addRecords(scope, [prepareRecord({ id: 'z', text: 'z one' }, 'test')]);
      await first.updateRecord(scope, 'x', prepareChange({ text: 'x two' }, 'test'), new Date());
      // The same journal as an older engram wrote it: no `seq` (replay numbers records in order of first line).
      writeFileSync(file, readFileSync(file, 'utf8').replace(/,"seq":\d+/g, ''));
      const records = open();
      expect((await records.listRecords(scope)).records.map((r) => r.id)).toEqual(['x', 'y', 'z']);
      expect(await records.pruneVersions?.(scope, 'x', 1)).toBe(1); // appends its line
      expect(await records.purgeRecords(scope, ['z'])).toBe(1); // rewrites, applying the prune line
      expect((await records.listRecords(scope)).records.map((r) => r.id)).toEqual(['x', 'y']);
      // x's first line is now its kept version, after y's: it carries the position replay gave its first line.
      expect((await open().listRecords(scope)).records.map((r) => r.id)).toEqual(['x', 'y']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('a rewrite whose write fails leaves no temporary file behind', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-review-tmp-'));
    const within = <T>(s: Scope, fn: (dir: string) => Promise<T>) => fn(join(root, s.tenant));
    const records = createMemoryLongTermRecords({ journal: createJsonFileLongTermJournal(within) });
    try {
      await records.addRecords(scope, [
        prepareRecord({ id: 'a', text: 'alpha' }, 'test'),
        prepareRecord({ id: 'b', text: 'bravo' }, 'test'),
      ]);
      faults.failWriteFile = true;
      for (let i = 0; i < 3; i++) await expect(records.purgeRecords(scope, ['a'])).rejects.toThrow(/ENOSPC/);
      faults.failWriteFile = false;
      expect(readdirSync(join(root, 't')).filter((f) => f.includes('.tmp-'))).toEqual([]);
    } finally {
      faults.failWriteFile = false;
      rmSync(root, { recursive: true, force: true });
    }
  });
});
