import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import type { ContentItem, ContentItemInput } from '../content-item.ts';
import { prepareContentItem } from '../prepare-content-item.ts';
import { applyTransform } from './apply-transform.ts';
import { checkTransform } from './check-transform.ts';

const counter = createTokenCounter({ encoding: 'o200k_base' });
const make = (input: Partial<ContentItemInput>): ContentItem =>
  prepareContentItem(
    { type: 'custom', source: 'test', content: '', ...input },
    { counter, clock: { now: () => new Date(0) }, component: 'test' },
  );
const run = (item: ContentItem, t: unknown) => applyTransform(item, checkTransform(t, 'test'), { counter });
const lines = Array.from(
  { length: 100 },
  (_, i) => `line ${i + 1}: ${i % 7 === 0 ? 'ERROR disk full' : 'ok'}`,
).join('\n');

describe('checkTransform', () => {
  it('accepts the inline and the seed form, and refuses bad transforms naming the field', () => {
    expect(checkTransform({ type: 'first_n', params: { n: 3 } }, 'c')).toEqual({
      type: 'first_n',
      n: 3,
      unit: 'lines',
    });
    expect(checkTransform({ type: 'excerpt', query: 'x', length: 10 }, 'c')).toEqual({
      type: 'excerpt',
      query: 'x',
      length: 10,
    });
    const bad: [unknown, RegExp][] = [
      [undefined, /must be an object/],
      [{ type: 'shrink' }, /type must be one of full, excerpt, summary, first_n, last_n, filtered/],
      [{ type: 'first_n' }, /n must be an integer/],
      [{ type: 'first_n', n: -1 }, /n must be an integer from 1/],
      [{ type: 'first_n', n: 2.5 }, /n must be an integer/],
      [{ type: 'last_n', n: 3, unit: 'pages' }, /unit must be 'lines', 'chars' or 'tokens'/],
      [{ type: 'excerpt', length: 2_000_000 }, /length must be an integer/],
      [{ type: 'full', n: 3 }, /n is not a parameter of full/],
      [{ type: 'filtered' }, /exactly one of pattern or paths/],
      [{ type: 'filtered', pattern: '(', regex: true }, /not a valid regular expression/],
      [{ type: 'filtered', paths: [] }, /paths must be a list/],
      [{ type: 'filtered', pattern: 'x'.repeat(501) }, /pattern must be a non-empty string of at most 500/],
    ];
    for (const [value, message] of bad) {
      let error: unknown;
      try {
        checkTransform(value, 'c');
      } catch (e) {
        error = e;
      }
      expect(MemoryError.hasCode(error, 'INVALID_ARGUMENT'), String(message)).toBe(true);
      expect((error as Error).message).toMatch(message);
    }
  });
});

describe('applyTransform', () => {
  const text = make({ content: lines });
  it('full, first_n and last_n by lines, characters and tokens', async () => {
    expect(await run(text, { type: 'full' })).toMatchObject({ content: lines, complete: true });
    const first = await run(text, { type: 'first_n', n: 2 });
    expect(first).toEqual({
      content: 'line 1: ERROR disk full\nline 2: ok',
      complete: false,
      description: 'lines 1–2 of 100',
    });
    expect((await run(text, { type: 'last_n', n: 1 })).content).toBe('line 100: ok');
    expect((await run(text, { type: 'first_n', n: 4, unit: 'chars' })).content).toBe('line');
    const tokens = await run(text, { type: 'last_n', n: 10, unit: 'tokens' });
    expect(counter.countText(tokens.content as string)).toBeLessThanOrEqual(10);
    expect(lines.endsWith(tokens.content as string)).toBe(true);
    expect((await run(text, { type: 'first_n', n: 1000 })).complete).toBe(true);
  });

  it('lines: a final line break ends the last line (no empty line after it), and cuts keep the text as it is', async () => {
    // "a\nb\nc\n" has 3 lines: first_n 3 said "lines 1–3 of 4", incomplete, and last_n 1 returned ''.
    const ended = make({ content: 'a\nb\nc\n' });
    expect(await run(ended, { type: 'first_n', n: 3 })).toEqual({
      content: 'a\nb\nc\n',
      complete: true,
      description: 'all 3 lines',
    });
    expect(await run(ended, { type: 'last_n', n: 1 })).toEqual({
      content: 'c\n',
      complete: false,
      description: 'lines 3–3 of 3',
    });
    expect(await run(ended, { type: 'filtered', pattern: '\\w', regex: true })).toMatchObject({
      complete: true,
      description: '3 of 3 lines match "\\\\w"',
    });
    expect(await run(make({ content: '' }), { type: 'filtered', pattern: 'x' })).toMatchObject({
      content: '',
      complete: true,
    });
    // CRLF lines were joined back with LF: the cut was not a part of the content.
    const crlf = make({ content: 'a\r\nb\r\nc' });
    expect((await run(crlf, { type: 'first_n', n: 2 })).content).toBe('a\r\nb');
    expect((await run(crlf, { type: 'last_n', n: 2 })).content).toBe('b\r\nc');
  });

  it('excerpt around a query or from an offset; a missing match says so', async () => {
    const r = await run(text, { type: 'excerpt', query: 'line 50:', length: 30 });
    expect(r.content).toContain('line 50:');
    expect(r.description).toMatch(/^characters [\d,]+–[\d,]+ of [\d,]+$/);
    expect((await run(text, { type: 'excerpt', offset: 0, length: 6 })).content).toBe('line 1…');
    expect((await run(text, { type: 'excerpt', query: 'absent words', length: 6 })).description).toMatch(
      /^no match for "absent words"/,
    );
  });

  it('property: excerpt pages by offset (offset += length) hold every character once, never half a surrogate pair', async () => {
    const unwrap = (page: string, first: boolean, last: boolean) =>
      page.slice(first ? 0 : 1, last ? page.length : page.length - 1);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: fc.constantFrom('a', '😀', 'é', '\n', '𝄞'), minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 12 }),
        async (content, length) => {
          const item = make({ content });
          let joined = '';
          for (let offset = 0; offset < content.length; offset += length) {
            const r = await run(item, { type: 'excerpt', offset, length });
            const shown = String(r.content);
            if (r.complete) {
              joined += shown;
              break;
            }
            if (shown === '') continue;
            // The ellipses mark a cut; what is between them is the page's own text.
            const page = unwrap(shown, offset === 0 || !shown.startsWith('…'), !shown.endsWith('…'));
            expect(page).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
            joined += page;
          }
          expect(joined).toBe(content);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('excerpt around a query finds it where lower-casing changes the length of the text before it', async () => {
    // 'İ'.toLowerCase() is two code units ('i' and a combining dot): an index in the lower-cased text is not one
    // in the content.
    const item = make({ content: `${'İstanbul '.repeat(300)}the vault code is QX-42 ${'x'.repeat(3000)}` });
    const r = await run(item, { type: 'excerpt', query: 'Vault Code', length: 60 });
    expect(r.content).toContain('vault code is QX-42');
    expect((await run(item, { type: 'excerpt', query: 'istanbul', length: 20 })).description).toMatch(
      /^no match for "istanbul"; /,
    );
    expect((await run(item, { type: 'excerpt', query: 'İSTANBUL', length: 20 })).content).toBe(
      'İstanbul İstanbul İs…',
    );
  });

  it('excerpt at the boundaries: from 0, at the end, past the end, and one character of an astral text', async () => {
    const digits = make({ content: '0123456789' });
    expect((await run(digits, { type: 'excerpt', offset: 0, length: 3 })).content).toBe('012…');
    expect((await run(digits, { type: 'excerpt', offset: 9, length: 5 })).content).toBe('…9');
    for (const offset of [10, 100]) {
      const r = await run(digits, { type: 'excerpt', offset, length: 5 });
      expect(r.content).toBe('');
      expect(r.complete).toBe(false);
      expect(r.description).toBe(
        `no characters: offset ${offset} is at or past the end of the 10 characters`,
      );
    }
    // One character asked for at an emoji is the whole emoji; a window inside it holds nothing and says the window
    // before holds it (paging by offset shows each emoji once; the emoji's page was shown twice before).
    const emoji = make({ content: '😀😀' });
    const first = await run(emoji, { type: 'excerpt', offset: 0, length: 1 });
    expect([first.content, first.description]).toEqual(['😀…', 'characters 1–2 of 4']);
    const inside = await run(emoji, { type: 'excerpt', offset: 1, length: 1 });
    expect(inside.content).toBe('');
    expect(inside.description).toBe(
      'no characters: characters 2–2 are inside one character, which the window before holds',
    );
    expect((await run(emoji, { type: 'excerpt', offset: 2, length: 1 })).content).toBe('…😀');
  });

  it('excerpt of an empty item: from 0 it is the whole (empty) content, past 0 past the end', async () => {
    // Both were "characters 1–2,000 are inside one character", not complete: a reader paging until complete never
    // stopped, where every other transform says the empty content is whole.
    const empty = make({ content: '' });
    for (const t of [{}, { length: 1 }, { query: 'zz' }]) {
      const r = await run(empty, { type: 'excerpt', ...t });
      expect([r.content, r.complete]).toEqual(['', true]);
      expect(r.description).toBe(`${'query' in t ? 'no match for "zz"; ' : ''}all 0 characters`);
    }
    const past = await run(empty, { type: 'excerpt', offset: 5, length: 1 });
    expect([past.content, past.complete, past.description]).toEqual([
      '',
      false,
      'no characters: offset 5 is at or past the end of the 0 characters',
    ]);
  });

  it('filtered by a JSON path selects every element of an array of 200,000 (a spread of them threw RangeError)', async () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => i);
    const f = await run(make({ content: { rows } }), { type: 'filtered', paths: ['$.rows[*]'] });
    expect(f.description).toBe('200,000 values at 1 path');
    expect((f.content as Record<string, number[]>)['$.rows[*]']?.at(-1)).toBe(199_999);
  });

  it('filtered by a pattern (substring or regex) with line numbers, or by JSON paths', async () => {
    const f = await run(text, { type: 'filtered', pattern: 'error' });
    expect(f.description).toBe('15 of 100 lines match "error"');
    expect((f.content as string).split('\n')[1]).toBe('8: line 8: ERROR disk full');
    expect(
      (await run(text, { type: 'filtered', pattern: '^line 1\\d:', regex: true, maxLines: 3 })).description,
    ).toBe('10 of 100 lines match "^line 1\\\\d:" (first 3 shown)');
    const json = make({
      content: {
        items: [
          { title: 'a', n: 1 },
          { title: 'b', n: 2 },
        ],
        'odd key': true,
      },
    });
    expect(
      (
        await run(json, {
          type: 'filtered',
          paths: ['$.items[*].title', "$['odd key']", 'items[-1].n', '$.missing'],
        })
      ).content,
    ).toEqual({
      '$.items[*].title': ['a', 'b'],
      "$['odd key']": [true],
      'items[-1].n': [2],
      '$.missing': [],
    });
    await expect(run(text, { type: 'filtered', paths: ['$.a'] })).rejects.toThrow(/needs JSON content/);
    await expect(run(json, { type: 'filtered', paths: ['$..a'] })).rejects.toThrow(
      /cannot be read at character 2/,
    );
    expect((await run(json, { type: 'first_n', n: 2 })).content).toBe('{\n  "items": [');
  });

  it('summary uses the summarizer and caps it to maxTokens', async () => {
    const r = await applyTransform(
      text,
      { type: 'summary', maxTokens: 5 },
      {
        counter,
        summarize: async () => ({ text: 'word '.repeat(50), compactor: 'text' }),
      },
    );
    expect(counter.countText(r.content as string)).toBeLessThanOrEqual(5);
    await expect(applyTransform(text, { type: 'summary' }, { counter })).rejects.toThrow(
      /needs a summarizer/,
    );
  });

  it('property: cuts stay inside the content, never split a surrogate pair, and complete means whole', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', maxLength: 300 }),
        fc.constantFrom('first_n', 'last_n'),
        fc.integer({ min: 1, max: 50 }),
        fc.constantFrom('lines', 'chars', 'tokens'),
        async (s, type, n, unit) => {
          const item = make({ content: s });
          const r = await run(item, { type, n, unit });
          const out = r.content as string;
          expect(out.isWellFormed()).toBe(true);
          expect(type === 'first_n' ? s.startsWith(out) : s.endsWith(out)).toBe(true);
          expect(r.complete).toBe(out === s);
          const e = await run(item, { type: 'excerpt', offset: n, length: n });
          expect((e.content as string).isWellFormed()).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
