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

/** `html` with each block replaced by a space. */
export function removeBlocks(html: string, blocks: readonly HtmlBlock[]): string {
  let out = '';
  let at = 0;
  for (const block of blocks) {
    out += `${html.slice(at, block.start)} `;
    at = block.end;
  }
  return out + html.slice(at);
}

/** `text` with every span from `open` to the next `close` (both included) replaced by a space. */
export function removeSpans(text: string, open: string, close: string): string {
  let out = '';
  let at = 0;
  for (let from = text.indexOf(open); from >= 0; from = text.indexOf(open, at)) {
    const to = text.indexOf(close, from + open.length);
    if (to < 0) break; // no close after this open, so none after any later open either
    out += `${text.slice(at, from)} `;
    at = to + close.length;
  }
  return out + text.slice(at);
}
