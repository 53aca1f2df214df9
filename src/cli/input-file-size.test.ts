import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runEngram } from '../../test-support/run-engram.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-input-size-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an input file too large for one string', () => {
  it('is refused as too large, not as "not valid UTF-8 … at byte offset -1"', () => {
    // Valid UTF-8 (a header line, then NUL bytes: a sparse file, no disk used) longer than V8's longest string.
    const file = join(dir, 'huge.jsonl');
    const fd = openSync(file, 'w');
    writeSync(fd, '{"type":"session","id":"big","metadata":{}}\n');
    ftruncateSync(fd, 0x1fffffe8 + 1024);
    closeSync(fd);
    const r = runEngram('--db', join(dir, 'x.db'), 'import', file);

    expect(r.code).toBe(3);
    expect(r.err).not.toMatch(/not valid UTF-8/);
    expect(r.err).toMatch(/too large|bytes/);
  }, 120_000);
});
