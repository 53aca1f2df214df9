import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { urlPattern, withoutUrls } from './without-urls.ts';

describe('withoutUrls', () => {
  it('removes what text.replace(urlPattern) removes, from any text (property)', () => {
    // Schemes with their edges: underscores and digits before them (no word boundary), `://` with nothing after,
    // stoppers right after, URLs inside URLs, case, characters outside ASCII.
    const piece = fc.oneof(
      fc.constantFrom(
        '://',
        'http',
        'HTTPS',
        'a',
        '_',
        '9',
        '+',
        '.',
        '-',
        ':',
        '/',
        ' ',
        '\n',
        '"',
        "'",
        '<',
      ),
      fc.constantFrom(
        '>',
        ')',
        ']',
        'é',
        'ſ',
        'K',
        '\u00a0',
        '\u2028',
        'x_y',
        'git+ssh',
        'a.b-c',
        '?u=',
        '=',
        '#',
      ),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect(withoutUrls(text)).toBe(text.replace(urlPattern, ' '));
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps a text without URLs as it is, and removes each URL of a sentence', () => {
    expect(withoutUrls('no links here')).toBe('no links here');
    expect(withoutUrls('see https://example.com/a?b=c (and ftp://x.y) or mailto:z')).toBe(
      'see   (and  ) or mailto:z',
    );
  });

  it('reads a long scheme-like run once (the pattern would take hours on these)', () => {
    const text = `see x:// ${'a.'.repeat(500_000)}://b`;
    expect(withoutUrls(text)).toBe('see x://  ');
    const run = `https://ok ${'ab-'.repeat(500_000)}`;
    expect(withoutUrls(run)).toBe(`  ${'ab-'.repeat(500_000)}`);
  });
});
