import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEstimateTokenCounter } from '../../tokens/estimate-token-counter.ts';
import { prepareContentItem } from '../prepare-content-item.ts';
import { htmlCompactor, htmlText } from './html-compactor.ts';
import { decodeEntities, htmlBlocks, pageText, removeBlocks, removeSpans } from './html-scan.ts';

const counter = createEstimateTokenCounter();
const compactHtml = (content: string) =>
  htmlCompactor.compact(
    prepareContentItem(
      { type: 'web_content', source: 'web_fetch', content },
      { counter, clock: { now: () => new Date(0) }, component: 'test' },
    ),
    {},
  );

describe('html scans (hostile web pages, issue 21 sibling of defect 10)', () => {
  it('compacts pages of 1 MB of unclosed tags, comments and titles with the right result', async () => {
    const tail = '<h2>Real</h2><p>Readable text.</p>';
    for (const filler of ['<h1>', '<script>', '<!--', '<title>', '<', '<h1 ']) {
      const page = `<html><body>${filler.repeat(Math.floor(1_000_000 / filler.length))}${tail}</body></html>`;
      const summary = await compactHtml(page);
      expect(summary.compactor, filler).toBe('html');
      expect(summary.text, filler).toContain('Headings: Real');
      expect(summary.text, filler).toContain('Readable text.');
    }
    expect(htmlText(`${'<'.repeat(1_000_000)}a`)).toBe(`${'<'.repeat(1_000_000)}a`);
  });

  it('removes what the former regular expressions removed (property)', () => {
    const piece = fc.constantFrom(
      '<script>',
      '</script>',
      '<SCRIPT a="1">',
      '</script >',
      '<style>',
      '</style>',
      '<nav>',
      '</nav>',
      '<h1>',
      '</h1>',
      '<h2 id=x>',
      '</H2>',
      '<h3>',
      '</h3>',
      '<!--',
      '-->',
      '<',
      '>',
      'text',
      ' ',
      '<p>',
      '</p>',
      '&amp;',
      '&#39;',
      '&lt;b&gt;',
    );
    const html = fc.array(piece, { maxLength: 30 }).map((p) => p.join(''));
    fc.assert(
      fc.property(html, (h) => {
        const hidden = ['script', 'style', 'noscript', 'nav', 'header', 'footer', 'svg', 'template'];
        expect(removeBlocks(h, htmlBlocks(h, hidden))).toBe(
          h.replace(/<(script|style|noscript|nav|header|footer|svg|template)\b[\s\S]*?<\/\1\s*>/gi, ' '),
        );
        expect(removeSpans(h, '<!--', '-->')).toBe(h.replace(/<!--[\s\S]*?-->/g, ' '));
        expect(removeSpans(h, '<', '>')).toBe(h.replace(/<[^>]*>/g, ' '));
        expect(removeBlocks(h, htmlBlocks(h, ['h1', 'h2', 'h3']))).toBe(
          h.replace(/<(h[1-3])\b[\s\S]*?<\/\1\s*>/gi, ' '),
        );
        // What key terms read of a page: its former patterns, each tag a line break, then the entities.
        expect(pageText(h)).toBe(
          decodeEntities(h.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '\n').replace(/<[^>]*>/g, '\n')),
        );
      }),
      { numRuns: 1_000 },
    );
  });
});
