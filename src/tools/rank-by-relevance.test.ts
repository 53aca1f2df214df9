import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { excerptAt, rankByRelevance, relevanceQuery, scanTerms } from './rank-by-relevance.ts';

const filler = (n: number, seed: number) =>
  Array.from(
    { length: n },
    (_, i) => ['service', 'deployment', 'notes', 'key', 'readme', 'install', '7', 'api'][(i * 7 + seed) % 8],
  ).join(' ');

describe('rankByRelevance', () => {
  it('scans parts and compounds: service-7 is service, 7 and service-7 at one position', () => {
    const seen: [string, number][] = [];
    const length = scanTerms('The deployment key for service-7 is K7-5433X.', (t, p) => seen.push([t, p]));
    expect(seen).toEqual([
      ['deploy', 0],
      ['kei', 1],
      ['servic', 2],
      ['7', 3],
      ['service-7', 2],
      ['k7', 4],
      ['5433x', 5],
      ['k7-5433x', 4],
    ]);
    expect(length).toBe(6);
    expect(relevanceQuery('What is the deployment key for service-7?').words).toEqual([
      'deployment',
      'key',
      'service',
      '7',
    ]);
  });

  it('puts the text naming what was asked for above texts that mention each word somewhere', () => {
    const docs = [
      `${filler(3000, 1)} service-17 deployment`,
      `${filler(3000, 2)} Internal note: the deployment key for service-7 is K7-5433X. ${filler(500, 3)}`,
      `${filler(800, 4)}`,
    ];
    const ranked = rankByRelevance(docs, (d) => d, relevanceQuery('the deployment key for service-7'));
    expect(ranked[0]!.doc).toBe(docs[1]);
    expect(excerptAt(docs[1]!, ranked[0]!.at, 200)).toContain('K7-5433X');
  });

  it('returns every document once, in a deterministic order (ranking drops nothing)', () => {
    const word = fc.constantFrom(
      'alpha',
      'beta',
      'gamma',
      'delta',
      'service-7',
      'key',
      'the',
      '42',
      'K7-5433X',
    );
    const doc = fc.array(word, { maxLength: 60 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(
        fc.array(doc, { maxLength: 12 }),
        fc.array(word, { minLength: 1, maxLength: 4 }),
        (docs, q) => {
          const query = relevanceQuery(q.join(' '));
          const ranked = rankByRelevance(docs, (d) => d, query);
          expect(ranked.map((r) => r.doc).sort()).toEqual([...docs].sort());
          expect(rankByRelevance(docs, (d) => d, query)).toEqual(ranked);
          for (let i = 1; i < ranked.length; i++)
            expect(ranked[i - 1]!.score).toBeGreaterThanOrEqual(ranked[i]!.score);
        },
      ),
    );
  });
});

describe('scanTerms positions', () => {
  it('gives each term the index of its run in the text itself, also after letters lower-casing lengthens', () => {
    const text = `${'İzmir İstanbul '.repeat(50)}the deployment key`;
    const at = new Map<string, number>();
    scanTerms(text, (term, _position, index) => at.set(term, index));
    expect(text.slice(at.get('deploy')!)).toMatch(/^deployment key/);
    expect(text.slice(at.get('kei')!)).toBe('key');
  });
});

describe('excerptAt', () => {
  const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

  it('never splits a surrogate pair, wherever the match and whatever the length (property)', () => {
    const text = fc
      .array(fc.constantFrom('a', ' ', '😀', '𝔘', 'é'), { minLength: 1, maxLength: 80 })
      .map((units) => units.join(''));
    fc.assert(
      fc.property(text, fc.nat(200), fc.integer({ min: 1, max: 60 }), (t, at, length) => {
        const out = excerptAt(t, Math.min(at, t.length), length);
        expect(loneSurrogate.test(out), JSON.stringify(out)).toBe(false);
        expect(t.includes(out.replace(/^…|…$/gu, ''))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('shows a match in emoji-heavy text with whole emoji on both sides', () => {
    const text = `${'😀'.repeat(3000)} needle here ${'😀'.repeat(3000)}`;
    const out = excerptAt(text, 6001, 320);
    expect(out).toContain('needle here');
    expect(loneSurrogate.test(out)).toBe(false);
  });
});
