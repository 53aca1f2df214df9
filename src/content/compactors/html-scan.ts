/**
 * One-pass scans of HTML. A regular expression such as `<h([1-3])\b[\s\S]*?<\/h\1>` is retried at every
 * opening tag and each try scans to the end when no closing tag follows, so hostile HTML (100,000 `<h1>`) made
 * it quadratic; these scans move forward only.
 */

/** A `<name …>…</name>` block: its span in the text and the text between the tags. */
export interface HtmlBlock {
  /** Offset of `<name`. */
  start: number;
  /** Offset just after `</name …>`. */
  end: number;
  /** The tag name, lower case. */
  name: string;
  /** The text between the opening tag's `>` and the closing tag. */
  inner: string;
}

/** The blocks `<name …>…</name>` of the given names (case-insensitive), outermost first, left to right. */
export function htmlBlocks(html: string, names: readonly string[]): HtmlBlock[] {
  const open = new RegExp(`<(${names.join('|')})\\b`, 'gi');
  const closed = new Set<string>(); // names with no closing tag after the current point: later ones cannot close
  const blocks: HtmlBlock[] = [];
  for (let m = open.exec(html); m; m = open.exec(html)) {
    const name = (m[1] as string).toLowerCase();
    if (closed.has(name)) continue;
    const close = new RegExp(`</${name}\\s*>`, 'gi');
    close.lastIndex = open.lastIndex;
    const end = close.exec(html);
    if (!end) {
      closed.add(name);
      continue;
    }
    const gt = html.indexOf('>', open.lastIndex);
    const inner = gt >= 0 && gt < end.index ? html.slice(gt + 1, end.index) : '';
    blocks.push({ start: m.index, end: end.index + end[0].length, name, inner });
    open.lastIndex = end.index + end[0].length;
  }
  return blocks;
}

/** `html` with each block replaced by `replacement` (a space by default). */
export function removeBlocks(html: string, blocks: readonly HtmlBlock[], replacement = ' '): string {
  let out = '';
  let at = 0;
  for (const block of blocks) {
    out += html.slice(at, block.start) + replacement;
    at = block.end;
  }
  return out + html.slice(at);
}

/** `text` with every span from `open` to the next `close` (both included) replaced by `replacement` (a space by default). */
export function removeSpans(text: string, open: string, close: string, replacement = ' '): string {
  let out = '';
  let at = 0;
  for (let from = text.indexOf(open); from >= 0; from = text.indexOf(open, at)) {
    const to = text.indexOf(close, from + open.length);
    if (to < 0) break; // no close after this open, so none after any later open either
    out += text.slice(at, from) + replacement;
    at = to + close.length;
  }
  return out + text.slice(at);
}

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  copy: '©',
};

/** Decodes the common named entities and numeric character references. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n =
        code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      return n > 0 && n <= 0x10ffff && !(n >= 0xd800 && n <= 0xdfff) ? String.fromCodePoint(n) : whole;
    }
    return entities[code.toLowerCase()] ?? whole;
  });
}

/**
 * The text a reader of a page sees: scripts and styles removed, each tag replaced by a line break (a block ends
 * there, maybe), entities decoded. Linear in the page, whatever it holds.
 */
export function pageText(html: string): string {
  return decodeEntities(
    removeSpans(removeBlocks(html, htmlBlocks(html, ['script', 'style']), '\n'), '<', '>', '\n'),
  );
}
