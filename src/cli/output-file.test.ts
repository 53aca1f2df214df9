/**
 * `--out` replaces a file whole or not at all: an export that fails midway (a full disk, a file size limit, a kill)
 * leaves the file that was there as it was, and no part of the new one where a later import would take it for a
 * whole session.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEngram as engram } from '../../test-support/run-engram.ts';
import { writeOutputFile } from './output-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-output-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bin = fileURLToPath(new URL('./main.ts', import.meta.url));
const db = join(dir, 'memory.db');

/** A session whose export is about 80 KB: 40 messages of 2,000 characters. */
beforeAll(() => {
  const lines = [JSON.stringify({ type: 'session', id: 's1', metadata: {} })];
  for (let i = 1; i <= 40; i++)
    lines.push(
      JSON.stringify({
        type: 'message',
        message: {
          id: `m${i}`,
          role: 'user',
          content: `${i} ${'x'.repeat(2000)}`,
          createdAt: { $date: '2026-01-01T00:00:00.000Z' },
        },
      }),
    );
  writeFileSync(join(dir, 's1.jsonl'), `${lines.join('\n')}\n`);
  const r = engram('--db', db, 'import', join(dir, 's1.jsonl'));
  expect(r.code, r.err).toBe(0);
});

describe.skipIf(process.platform === 'win32')('export --out that fails midway', () => {
  it('leaves the file it would have replaced as it was, and no partial file', () => {
    const out = join(dir, 'backup.jsonl');
    const before = 'the previous export, which must survive\n';
    writeFileSync(out, before);
    // A file size limit of 64 blocks (32 KiB, what SQLite's -shm file needs): the write of the ~80 KB export fails
    // after its first 32 KiB (EFBIG).
    const failed = spawnSync(
      'sh',
      [
        '-c',
        'ulimit -f 64; exec "$@"',
        'sh',
        process.execPath,
        '--no-warnings',
        bin,
        '--db',
        db,
        'export',
        's1',
        '--out',
        out,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(failed.status, failed.stderr).toBe(3);
    expect(failed.stderr).toMatch(/^engram: --out \S+backup\.jsonl: cannot write the file/);
    expect(readFileSync(out, 'utf8')).toBe(before);
    expect(readdirSync(dir).filter((f) => f.includes('backup'))).toEqual(['backup.jsonl']);
  });
});

describe('writeOutputFile', () => {
  it('replaces a file whole, keeping its permissions, and writes through a symlink to its target', () => {
    const target = join(dir, 'target.jsonl');
    writeFileSync(target, 'old\n', { mode: 0o600 });
    const link = join(dir, 'link.jsonl');
    symlinkSync(target, link);
    writeOutputFile(link, 'new\n');
    expect(readFileSync(target, 'utf8')).toBe('new\n');
    expect(statSync(link).isFile()).toBe(true);
    expect(readFileSync(link, 'utf8')).toBe('new\n');
    if (process.platform !== 'win32') expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).filter((f) => f.includes('target') || f.includes('link'))).toEqual([
      'link.jsonl',
      'target.jsonl',
    ]);
  });

  it('writes a device such as /dev/null as it is (never replaces it)', () => {
    if (process.platform === 'win32') return;
    writeOutputFile('/dev/null', 'x');
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });
});

describe('export --out where the file cannot be created (ENOENT)', () => {
  it('in a folder that is missing: says the folder does not exist, naming it', () => {
    const r = engram('--db', db, 'export', 's1', '--out', join(dir, 'missing', 'x.jsonl'));
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/cannot write the file: its folder \S+missing does not exist/);
  });

  it.skipIf(!existsSync('/proc/self'))(
    'in a folder that exists but refuses new files (/proc): says that, not that the folder is missing',
    () => {
      const r = engram('--db', db, 'export', 's1', '--out', '/proc/x');
      expect(r.code).toBe(3);
      expect(r.err).not.toMatch(/does not exist/);
      expect(r.err).toMatch(
        /^engram: --out \/proc\/x: cannot write the file: the folder \/proc exists but .*new files/,
      );
    },
  );
});
