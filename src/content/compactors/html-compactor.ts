import type { ContentCompactor } from '../content-compactor.ts';
import { serializeContent } from '../prepare-content-item.ts';
import { clip, format, squash } from './compact-text.ts';
import { decodeEntities, htmlBlocks, removeBlocks, removeSpans } from './html-scan.ts';

/** Text of an HTML fragment: tags removed, entities decoded, whitespace collapsed. */
export function htmlText(html: string): string {
  // Each `<` to the next `>` in one pass: `/<[^>]*>/g` rescans to the end from every `<` when no `>` follows.
  return squash(decodeEntities(removeSpans(html, '<', '>')));
}

/** Whether a text looks like an HTML document or fragment. */
export function looksLikeHtml(sample: string): boolean {
  return (
    /^\s*(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(sample) ||
    (sample.match(/<\/?(p|div|h[1-6]|a|span|li|ul|table)\b/gi)?.length ?? 0) >= 3
  );
}

/** Web pages: title, URL, the first headings, the leading readable text (scripts, styles, navigation stripped), the length. */
export const htmlCompactor: ContentCompactor = {
  name: 'html',
  matches: (item, sample) => item.format === 'text' && looksLikeHtml(sample),
  compact(item, options) {
    const max = options.maxChars ?? 600;
    const html = serializeContent(item.format, item.content);
    const hidden = ['script', 'style', 'noscript', 'nav', 'header', 'footer', 'svg', 'template'];
    const body = removeSpans(removeBlocks(html, htmlBlocks(html, hidden)), '<!--', '-->');
    const title = htmlText(htmlBlocks(html, ['title'])[0]?.inner ?? '') || undefined;
    const url =
      typeof item.metadata.url === 'string'
        ? item.metadata.url
        : /^https?:\/\//.test(item.source)
          ? item.source
          : undefined;
    const headingBlocks = htmlBlocks(body, ['h1', 'h2', 'h3']);
    const headings = headingBlocks
      .map((block) => htmlText(block.inner))
      .filter(Boolean)
      .slice(0, 10);
    const text = htmlText(removeBlocks(body, headingBlocks));
    const lines = [
      `Web page${title ? ` "${clip(title, 120)}"` : ''}${url ? ` (${clip(url, 160)})` : ''}, ${format(html.length)} characters of HTML, ${format(text.length)} of text.`,
      headings.length ? `Headings: ${headings.map((h) => clip(h, 80)).join(' | ')}` : '',
    ].filter(Boolean);
    const head = lines.join('\n');
    const room = max - head.length - 8;
    const out = room > 20 ? `${head}\nText: ${clip(text, room)}` : clip(head, max);
    return { ...(title ? { title } : {}), text: out, compactor: 'html' };
  },
};
