import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { runEngram } from '../../test-support/run-engram.ts';
import { firstInvalidUtf8 } from './input-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-utf8-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const decodes = (bytes: Uint8Array) => {
  try {
    fatal.decode(bytes);
    return true;
  } catch {
    return false;
  }
};

describe('input files must be UTF-8 (issue 21, defect 12)', () => {
  it('firstInvalidUtf8 finds where TextDecoder (fatal) first fails, for any bytes', () => {
    const tricky = fc.constantFrom(
      0x80,
      0xbf,
      0xc0,
      0xc1,
      0xc2,
      0xe0,
      0xed,
      0xef,
      0xf0,
      0xf4,
      0xf5,
      0xff,
      0xa0,
      0x9f,
      0x8f,
      0x90,
    );
    const bytes = fc.array(fc.oneof(fc.integer({ min: 0, max: 255 }), tricky, fc.constant(0x41)), {
      maxLength: 40,
    });
    const text = fc.string({ unit: 'binary', maxLength: 20 }).map((s) => [...Buffer.from(s, 'utf8')]);
    fc.assert(
      fc.property(text, bytes, text, (a, b, c) => {
        const all = Uint8Array.from([...a, ...b, ...c]);
        const at = firstInvalidUtf8(all);
        expect(at === -1, `${Buffer.from(all).toString('hex')}`).toBe(decodes(all));
        if (at === -1) return;
        expect(decodes(all.subarray(0, at))).toBe(true); // everything before it is valid
        // …and no longer prefix that ends on a complete character is: the sequence at `at` is the bad one.
        for (let end = at + 1; end <= Math.min(all.length, at + 4); end++)
          expect(decodes(all.subarray(0, end))).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('import and ingest refuse a file with invalid UTF-8 (exit 3, naming the byte offset and line), storing nothing', () => {
    const db = join(dir, 'utf8.db'); // created by the first import that succeeds
    const header = '{"type":"session","id":"s","metadata":{}}\n';
    const message = (text: string) =>
      `{"type":"message","message":{"id":"m1","role":"user","content":"${text}","createdAt":{"$date":"2025-01-01T00:00:00.000Z"}}}\n`;
    const file = join(dir, 'bad.jsonl');
    // 'caf' then 0xE9 (Latin-1 é), then '"}}': invalid as UTF-8 at the offset of 0xE9, on line 2.
    const offset = Buffer.from(header).length + message('caf').indexOf('caf') + 3;
    const bytes = Buffer.concat([
      Buffer.from(header),
      Buffer.from(message('caf').slice(0, message('caf').indexOf('caf') + 3)),
      Buffer.from([0xe9]),
      Buffer.from(message('caf').slice(message('caf').indexOf('caf') + 3)),
    ]);
    writeFileSync(file, bytes);
    const at = ['--db', db, '--tenant', 'acme'];
    for (const args of [
      ['import', file],
      ['ingest', file, '--format', 'jsonl'],
      ['ingest', file, '--format', 'ai-sdk'],
    ]) {
      const r = runEngram(...at, ...args);
      expect(r.code, r.err).toBe(3);
      expect(r.err).toContain(
        `is not valid UTF-8: the first invalid byte sequence is at byte offset ${offset} (line 2; bytes e9 22 2c 22)`,
      );
    }
    expect(existsSync(db)).toBe(false); // refused before the store opened: not even the file was created
    writeFileSync(
      file,
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${header}${message('café')}`)]),
    );
    const ok = runEngram(...at, '--json', 'import', file);
    expect(ok.code, ok.err).toBe(0);
  }, 60_000);
});
