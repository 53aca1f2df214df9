import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractKeyTerms, forEachRun, itemKeyTerms, kindOf, runPattern } from './key-terms.ts';
import { urlPattern } from './without-urls.ts';

/**
 * The terms {@link extractKeyTerms} chooses, computed from scratch: every match of the run pattern classified where
 * it stands (no run's kind remembered, no word passed over unread), candidates keyed by lower case.
 */
function keyTermsFromScratch(text: string, max: number): string[] {
  const read = text.replace(urlPattern, ' ');
  const byKey = new Map<string, { term: string; kind: string; count: number; first: number }>();
  for (const m of read.matchAll(runPattern)) {
    const run = m[0];
    if (run.length > 48) continue;
    let kind = kindOf(run);
    if (kind === 'name') {
      const before = read.slice(0, m.index).replace(/[ \t]+$/, '');
      if (before === '' || '.!?\n>"\'([*#:;|-'.includes(before.at(-1)!)) continue;
      kind = 'entity';
    }
    if (kind === undefined) continue;
    const key = run.toLowerCase();
    const known = byKey.get(key);
    if (!known) byKey.set(key, { term: run, kind, count: 1, first: m.index });
    else {
      known.count++;
      if (kind === 'entity' && known.kind === 'keyword') known.kind = 'entity';
    }
  }
  const ranked = [...byKey.values()].sort((a, b) => b.count - a.count || a.first - b.first);
  const kinds = ['identifier', 'entity', 'keyword'];
  const shares = [0.4, 0.3, 0.3];
  const chosen = new Set(
    kinds.flatMap((kind, k) => ranked.filter((c) => c.kind === kind).slice(0, Math.floor(max * shares[k]!))),
  );
  for (const c of ranked) if (chosen.size < max) chosen.add(c);
  const lists = kinds.map((kind) => ranked.filter((c) => c.kind === kind && chosen.has(c)));
  const out: string[] = [];
  for (let i = 0; out.length < chosen.size; i++)
    for (const list of lists) if (i < list.length) out.push(list[i]!.term);
  return out;
}

describe('extractKeyTerms', () => {
  it('keeps identifiers, numbers, entities and keywords of a text', () => {
    const terms = extractKeyTerms(
      'Internal note: the deployment key for service-7 is K7-5433X. Invoice INV-2026-04 for Borealis Labs totals $12,345.67 on 2026-03-14; deployment runs weekly.',
    );
    for (const t of [
      'service-7',
      'K7-5433X',
      'INV-2026-04',
      'Borealis',
      'Labs',
      '$12,345.67',
      '2026-03-14',
      'deployment',
    ])
      expect(terms).toContain(t);
    expect(terms).not.toContain('Internal'); // starts a sentence
    expect(terms).not.toContain('the');
  });

  it('bounds each kind by its share and fills the rest with the others', () => {
    const ids = Array.from({ length: 50 }, (_, i) => `id-${i}`).join(' ');
    expect(extractKeyTerms(ids, { max: 10 })).toHaveLength(10);
    expect(
      extractKeyTerms(`${ids} alpha beta gamma`, { max: 10 }).filter((t) => t.startsWith('id-')),
    ).toHaveLength(10 - 3);
    expect(extractKeyTerms('anything at all', { max: 0 })).toEqual([]);
  });

  it('is a bounded function of the content: same text, same terms; each from the text, distinct', () => {
    const word = fc.stringMatching(
      /^[A-Za-z][a-z]{0,8}(?:[-_.][A-Za-z0-9]{1,5})?$|^\d{1,6}$|^[$]\d{1,3}(?:,\d{3})?$/,
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(word, fc.constantFrom(' ', '. ', '\n', ', ', ' — ')), { maxLength: 200 }),
        fc.integer({ min: 0, max: 40 }),
        (parts, max) => {
          const text = parts.map(([w, s]) => w + s).join('');
          const a = extractKeyTerms(text, { max });
          expect(extractKeyTerms(text, { max })).toEqual(a);
          expect(a.length).toBeLessThanOrEqual(max);
          expect(new Set(a.map((t) => t.toLowerCase())).size).toBe(a.length);
          for (const t of a) {
            expect(t.length).toBeLessThanOrEqual(48);
            expect(text).toContain(t);
          }
        },
      ),
    );
  });

  it('chooses the terms a from-scratch classification of every run chooses (property)', () => {
    // Words that repeat in every case, short words, names at and after sentence ends, identifiers, URLs, Unicode.
    const word = fc.oneof(
      fc.constantFrom(
        'the',
        'a',
        'of',
        'Cache',
        'cache',
        'CACHE',
        'budget',
        'Ada',
        'ada',
        'iPhone',
        'NYC',
        'x',
      ),
      fc.constantFrom(
        'v1.2.3',
        '$12,345.67',
        'a-b',
        'user_id',
        '2026-03-14',
        '42',
        '7%',
        'é',
        'Ωmega',
        'Straße',
      ),
      fc.constantFrom('https://ex.com/a-b', 'about', 'Which', 'They', 'a'.repeat(49), 'Ab-Cd', 'ab:cd'),
      fc.stringMatching(/^[A-Za-z][a-z]{0,6}$/),
    );
    const gap = fc.constantFrom(' ', '  ', '. ', '.\n', ', ', ' — ', '\t', '! ', ' (', ': ', '"', '-');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(word, gap), { maxLength: 120 }),
        fc.integer({ min: 1, max: 40 }),
        (parts, max) => {
          const text = parts.map(([w, g]) => w + g).join('');
          expect(extractKeyTerms(text, { max })).toEqual(keyTermsFromScratch(text, max));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads a hostile page in one pass: unclosed scripts, a `<` without `>`, a scheme-like run (quadratic by pattern)', () => {
    const scripts = `<p>Deploy key K7-5433X.</p>${'<script a '.repeat(200_000)}`;
    expect(itemKeyTerms('text', scripts)).toContain('K7-5433X');
    const lessThan = `<p>Deploy key K7-5433X.</p>${'a < b '.repeat(200_000)}`;
    expect(itemKeyTerms('text', lessThan)).toContain('K7-5433X');
    expect(extractKeyTerms(`K7-5433X at x:// ${'a.'.repeat(200_000)}`)).toContain('K7-5433X');
  });

  it('reads an item as a reader would: JSON values (keys once), page text without tags, no URLs', () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ package: `pkg-${i}`, excerpt: 'plain words here' }));
    rows.push({ package: 'ops', excerpt: 'the deployment key for service-7 is K7-5433X' });
    const fromJson = itemKeyTerms('json', rows, { max: 60 });
    expect(fromJson).toEqual(expect.arrayContaining(['K7-5433X', 'service-7', 'package', 'excerpt']));
    const page =
      '<html><head><style>h1 { color: red }</style></head><body><h1>Guide</h1><p>See https://docs.example/a/b for the Atlas-3 release &amp; more.</p></body></html>';
    const fromPage = itemKeyTerms('text', page);
    expect(fromPage).toEqual(expect.arrayContaining(['Atlas-3', 'release']));
    for (const t of ['h1', 'body', 'https', 'color', 'amp']) expect(fromPage).not.toContain(t);
  });

  it('refuses what is not a text with a typed error', () => {
    expect(() => extractKeyTerms(42 as unknown as string)).toThrow(
      /extractKeyTerms\(text\): expected a string/,
    );
    expect(() => extractKeyTerms('x', { max: -1 })).toThrow(/max must be a non-negative integer/);
  });
});

describe('runPattern', () => {
  it('matches what the Unicode letter-or-digit class alone matches, at the same places (property)', () => {
    // The reference: a letter or digit as `[\p{L}\p{N}]` only. The pattern tries `[A-Za-z0-9]` first, a subset.
    const reference = /[$€£¥]?[\p{L}\p{N}]+(?:[-_.:/@#][\p{L}\p{N}]+|,\d{3}(?!\d))*%?/gu;
    const piece = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.stringMatching(/^[a-zA-Z0-9$€£¥%,._:/@#-]{1,12}$/),
      fc.constantFrom('é', 'ß', 'Ωmega', '٣٤', '中文', '🙂', 'ǅ', '²', 'v1.2.3', '$12,345.67', 'a-b_c', ' '),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        const found = [...text.matchAll(runPattern)].map((m) => [m.index, m[0]]);
        expect(found).toEqual([...text.matchAll(reference)].map((m) => [m.index, m[0]]));
      }),
      { numRuns: 500 },
    );
  });
});

describe('forEachRun', () => {
  it('visits what matchAll(runPattern) yields, at the same places, in order (property)', () => {
    // Pieces that sit at the scanner's edges: joiners and commas before and after letters, digits and characters
    // outside ASCII (letters, digits, currency signs, a surrogate pair), `$` and `%` at either end.
    const piece = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.stringMatching(/^[a-zA-Z0-9$%,._:/@# -]{1,12}$/),
      fc.constantFrom(
        'é',
        'ß',
        'Ωmega',
        '٣٤',
        '中文',
        '🙂',
        '€',
        '£5',
        '¥',
        '—',
        '²',
        ',123',
        ',1234',
        '$',
        '%',
      ),
      fc.constantFrom('v1.2.3', '$12,345.67', 'a-b_c', 'x@y.z', 'a-é', '$é', 'abc€', ' ', '\n'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        const visited: [number, string][] = [];
        forEachRun(text, (start, end) => visited.push([start, text.slice(start, end)]));
        expect(visited).toEqual([...text.matchAll(runPattern)].map((m) => [m.index, m[0]]));
      }),
      { numRuns: 1000 },
    );
  });
});
