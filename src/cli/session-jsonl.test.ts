import { describe, expect, it } from 'vitest';
import { parseSessionJsonl } from './session-jsonl.ts';

const header = '{"type":"session","id":"s1","metadata":{"topic":"travel"}}';
const message = (id: string) =>
  `{"type":"message","message":{"role":"user","content":"hi","id":"${id}","createdAt":{"$date":"2026-01-01T00:00:00.000Z"}}}`;

describe('parseSessionJsonl: blank lines', () => {
  it('skips blank lines (as the JSONL reader of ingest does), also before the header and at the end, CRLF or not', () => {
    for (const text of [
      `${header}\n${message('m1')}\n${message('m2')}\n\n`,
      `\n${header}\n\n${message('m1')}\n \t\n${message('m2')}\n`,
      `${header}\r\n${message('m1')}\r\n\r\n${message('m2')}\r\n\r\n`,
    ]) {
      const parsed = parseSessionJsonl(text);
      expect(parsed.id, JSON.stringify(text)).toBe('s1');
      expect(parsed.metadata).toEqual({ topic: 'travel' });
      expect(parsed.messages.map((m) => m.id)).toEqual(['m1', 'm2']);
    }
  });

  it('still names the line of a bad one, counting the blank lines', () => {
    expect(() => parseSessionJsonl(`\n${header}\n\n{"type":"message"\n`)).toThrow(/^line 4: not JSON/);
    expect(() => parseSessionJsonl(`\n\n${message('m1')}\n`)).toThrow(/^line 3: the first line must be/);
    expect(() => parseSessionJsonl('\n \n')).toThrow(/the file is empty/);
  });
});
