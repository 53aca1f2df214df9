import { posix, win32 } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryToolPathTricks as pathTricks } from '../../testing/memory-tool-path-tricks.ts';
import { memoryRoot, parseMemoryPath, showPath } from './memory-path.ts';

const max = 255;

describe('parseMemoryPath', () => {
  it(`refuses every one of ${pathTricks.length} traversal and encoding tricks, saying why`, () => {
    expect(pathTricks.length).toBeGreaterThanOrEqual(50);
    for (const [label, path] of pathTricks) {
      const parsed = parseMemoryPath(path, max);
      expect(parsed.ok, label).toBe(false);
      if (!parsed.ok) expect(parsed.reason, label).toMatch(/^[a-z`].+[^.]$/);
    }
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, ['/memories/x'], { toString: () => '/memories/x' }])
      expect(parseMemoryPath(value, max)).toEqual({ ok: false, reason: 'a path must be a string' });
  });

  it('accepts plain paths under /memories, in canonical form', () => {
    const cases: [string, string, string[]][] = [
      ['/memories', '/memories', []],
      ['/memories/', '/memories', []],
      ['/memories/notes.md', '/memories/notes.md', ['notes.md']],
      ['/memories/projects/engram/', '/memories/projects/engram', ['projects', 'engram']],
      [
        '/memories/Café notes (draft), v2.md',
        '/memories/Café notes (draft), v2.md',
        ['Café notes (draft), v2.md'],
      ],
      [
        '/memories/2024-01-01_log+extra.txt',
        '/memories/2024-01-01_log+extra.txt',
        ['2024-01-01_log+extra.txt'],
      ],
      ['/memories/日本語/メモ.md', '/memories/日本語/メモ.md', ['日本語', 'メモ.md']],
      [`/memories/${'a'.repeat(245)}`, `/memories/${'a'.repeat(245)}`, ['a'.repeat(245)]],
    ];
    for (const [input, path, segments] of cases)
      expect(parseMemoryPath(input, max)).toEqual({
        ok: true,
        path,
        segments,
        // Written as a directory: with a trailing slash, or the root itself.
        directory: input === '/memories' || input.endsWith('/'),
      });
  });

  it('no accepted path escapes /memories, whatever the path resolver (property)', () => {
    const token = fc.constantFrom(
      '/',
      '//',
      '\\',
      '.',
      '..',
      '%2e',
      '%2f',
      '%25',
      '\u0000',
      '\u2215',
      '\uFF0E',
      '\u2024',
      '\uFF0F',
      ' ',
      ':',
      '~',
      'C:',
      'file://',
      'memories',
      '/memories',
      '/Memories',
      'etc',
      'a',
      'é',
      '\u0301',
    );
    const candidate = fc.oneof(
      fc.array(token, { maxLength: 12 }).map((t) => t.join('')),
      fc.array(token, { maxLength: 10 }).map((t) => `/memories/${t.join('')}`),
      fc.string({ unit: 'binary', maxLength: 40 }).map((s) => `/memories/${s}`),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
    );
    fc.assert(
      fc.property(candidate, (value) => {
        const parsed = parseMemoryPath(value, max);
        if (!parsed.ok) return;
        const { path } = parsed;
        expect(path === memoryRoot || path.startsWith(`${memoryRoot}/`)).toBe(true);
        // POSIX, Windows and URL resolution all leave it where it is.
        expect(posix.resolve(path)).toBe(path);
        expect(win32.resolve('C:\\', `.${path}`)).toBe(`C:${path.replaceAll('/', '\\')}`);
        expect(decodeURIComponent(new URL(path, 'file:///').pathname)).toBe(path);
        // Decoding or normalizing it again changes nothing: no `%`, no compatibility characters.
        expect(path.includes('%')).toBe(false);
        expect(path.normalize('NFKC')).toBe(path);
        expect(parsed.segments.every((s) => s !== '.' && s !== '..' && s !== '')).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('shows a refused path quoted, escaped and short', () => {
    expect(showPath('/memories/x\u0000\u202Ey')).toBe('"/memories/x\\u0000\\u202ey"');
    expect(showPath('x'.repeat(500))).toHaveLength(123);
    expect(showPath(42)).toBe('number');
  });
});
