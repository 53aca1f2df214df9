import { describe, expect, it } from 'vitest';
import { analyzeTextBeforeNfkdFix } from '../testing/longterm/analyze-text-before-nfkd-fix.ts';
import { analyzeText, englishStopwords } from './analyze-text.ts';

/**
 * Every Unicode scalar value the analyser can keep: letters, digits and marks, and whatever NFKD or lowercasing
 * changes (the rest, unassigned or punctuation, splits words and analyses to nothing either way).
 */
function* everyCharacter(): Generator<string> {
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const c = String.fromCodePoint(cp);
    if (/[\p{L}\p{N}\p{M}]/u.test(c) || c.normalize('NFKD') !== c || c.toLowerCase() !== c) yield c;
  }
}

/**
 * A text compatibility-decomposed, then in lower case. The one exception: 'Ϲ' (capital lunate sigma) is
 * lowercased first, as the analyser always did, so its term stays 'ς'.
 */
const folded = (text: string) => text.replaceAll('Ϲ', 'ϲ').normalize('NFKD').toLowerCase();

describe('analyzeText on compatibility characters', () => {
  it('analyses a character that decomposes to capitals as its letters in lower case', () => {
    const same: [string, string][] = [
      ['℡', 'tel'],
      ['Ⅻ', 'xii'],
      ['㎒', 'MHz'],
      ['ＡＢＣ', 'abc'],
      ['ℐ', 'I'],
      ['🄰 apple', 'A apple'],
      ['ᴬ', 'a'],
      ['№ 7', 'No 7'],
      ['𝐓𝐡𝐞 𝐫𝐢𝐯𝐞𝐫', 'the river'],
    ];
    for (const [text, plain] of same) expect(analyzeText(text), text).toEqual(analyzeText(plain));
  });

  it('every character, alone and inside a word, analyses as its lower-case NFKD form; terms are lower case, NFKD and no bare stopword', () => {
    const wrong: string[] = [];
    for (const c of everyCharacter()) {
      for (const text of [c, `ab${c}`, `${c}'s`]) {
        const terms = analyzeText(text);
        const expected = analyzeText(folded(text));
        if (JSON.stringify(terms) !== JSON.stringify(expected)) wrong.push(`${text}: ${terms} ≠ ${expected}`);
        for (const t of terms)
          if (t !== folded(t) || (text === c && englishStopwords.has(t))) wrong.push(`${text}: term ${t}`);
      }
    }
    expect(wrong.slice(0, 20)).toEqual([]);
  });

  it('keeps every term the analyser before the fix made, but stopwords (old databases find the same records)', () => {
    const changed: string[] = [];
    for (const c of everyCharacter())
      for (const text of [c, `ab${c}`, `${c}ab`, `${c}'s`]) {
        const now = analyzeText(text);
        const before = analyzeTextBeforeNfkdFix(text).filter((t) => !englishStopwords.has(t));
        if (JSON.stringify(now) !== JSON.stringify(before)) changed.push(`${text}: ${before} → ${now}`);
      }
    expect(changed.slice(0, 20)).toEqual([]);
  });
});
