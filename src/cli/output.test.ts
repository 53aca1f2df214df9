import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellText, cellWidth, cutText, tableLines } from './output.ts';

const chars = (s: string) => [...s].length;

describe('table cells', () => {
  it('show line breaks as ⏎ and tabs as spaces; dates ISO, objects JSON', () => {
    expect(cellText('one\ntwo\r\nthree\rfour\tfive')).toBe('one⏎two⏎three⏎four five');
    expect(cellText(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
    expect(cellText({ a: [1] })).toBe('{"a":[1]}');
    expect(cellText(undefined)).toBe('');
  });

  it('a cut cell ends with … and keeps whole characters', () => {
    expect(cutText('abcdef', 4)).toBe('abc…');
    expect(cutText('abcd', 4)).toBe('abcd');
    expect(cutText('😀😀😀😀😀', 3)).toBe('😀😀…');
  });

  it('property: every line of a table is one line; without wide no cell passes the cut width, and … marks exactly the cut ones', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ a: fc.string({ unit: 'grapheme', maxLength: 90 }), b: fc.string({ maxLength: 90 }) }),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        (rows) => {
          const lines = tableLines(rows, ['a', 'b']);
          for (const line of lines) expect(line).not.toMatch(/[\r\n]/);
          const widthA = lines[1]!.indexOf(' ');
          const cutA = lines.slice(2).map((l) => [...l].slice(0, widthA).join(''));
          for (const [i, row] of rows.entries()) {
            const text = cellText(row.a);
            const shown = cutA[i]!.trimEnd();
            if (chars(text) > cellWidth) {
              expect(chars(shown)).toBe(cellWidth);
              expect(shown.endsWith('…')).toBe(true);
            } else expect(shown).toBe(text.trimEnd());
          }
          const wide = tableLines(rows, ['a', 'b'], { wide: true });
          for (const [i, row] of rows.entries()) expect(wide[i + 2]).toContain(cellText(row.b).trimEnd());
        },
      ),
    );
  });

  it('maxWidth cuts the widest column further, not below its name', () => {
    const rows = [{ n: 1, why: 'x'.repeat(200) }];
    const lines = tableLines(rows, ['n', 'why'], { maxWidth: 40 });
    expect(Math.max(...lines.map(chars))).toBe(40);
    expect(lines[2]).toMatch(/x…$/);
    expect(tableLines(rows, ['n', 'why'], { maxWidth: 40, wide: true })[2]).toHaveLength(3 + 200);
  });
});

describe('table cells of control characters', () => {
  it('escape C0 / C1 controls, DEL and bidirectional formatting; keep line breaks as ⏎ and emoji joiners', () => {
    expect(cellText('a\u202Eb\u001b[2Jc\u0007\u0085\u007f\u2066\u2028')).toBe(
      'a\\u202Eb\\u001B[2Jc\\u0007\\u0085\\u007F\\u2066\\u2028',
    );
    expect(cellText('one\ntwo\tthree 👩\u200D💻')).toBe('one⏎two three 👩\u200D💻');
  });
});
