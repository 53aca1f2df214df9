/** A Markdown section: its heading line (empty for the text before the first heading) and its body. */
export interface MarkdownSection {
  /** The heading line as written (`## Preferences`), or `''` for the preamble. */
  heading: string;
  /** The lines under it, up to the next heading. */
  body: string;
}

const headingKey = (line: string) => line.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * `text` without its final line breaks: what `text.replace(/\n+$/, '')` returns, read from the end. The pattern is
 * retried at every line break and each try reads to the next other character: quadratic on a body of blank lines.
 */
function withoutFinalBreaks(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end--;
  return text.slice(0, end);
}

/**
 * Splits Markdown into sections at ATX headings (`#` … `######`); fenced code blocks are not split. Text before the
 * first heading is a section with heading `''` unless it is only white space.
 */
export function markdownSections(text: string): MarkdownSection[] {
  const out: MarkdownSection[] = [{ heading: '', body: '' }];
  let fenced = false;
  const lines: string[][] = [[]];
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (!fenced && /^#{1,6}\s+\S/.test(line)) {
      out.push({ heading: line.trimEnd(), body: '' });
      lines.push([]);
    } else lines[lines.length - 1]?.push(line);
  }
  out.forEach((s, i) => {
    s.body = withoutFinalBreaks((lines[i] ?? []).join('\n'));
  });
  // Text before the first heading that is only white space is no preamble: an update starting with a line of
  // spaces would otherwise replace the document's own with nothing.
  return out[0]?.body.trim() === '' && out.length > 1 ? out.slice(1) : out;
}

/**
 * Merges a Markdown update into a document by heading: each section of the update replaces the section with the
 * same heading (compared without case or extra spaces), sections the update does not name are kept, new ones are
 * appended; text before the update's first heading replaces the document's own. An update without any heading
 * replaces the whole document.
 */
export function mergeMarkdown(current: string, update: string): string {
  const next = markdownSections(update);
  if (next.every((s) => s.heading === '')) return update.trim();
  const sections = markdownSections(current);
  // The preamble (heading '') can only be first, in either text: replaced there or put there, before any index is kept.
  const rest = next[0]?.heading === '' ? next.slice(1) : next;
  if (rest !== next) {
    if (sections[0]?.heading === '') sections[0] = next[0]!;
    else sections.unshift(next[0]!);
  }
  // Each heading's first section, by key: a search of every section for each of the update's was quadratic.
  const firstAt = new Map<string, number>();
  sections.forEach((c, i) => {
    const key = headingKey(c.heading);
    if (!firstAt.has(key)) firstAt.set(key, i);
  });
  for (const s of rest) {
    const key = headingKey(s.heading);
    const at = firstAt.get(key);
    if (at !== undefined) sections[at] = s;
    else firstAt.set(key, sections.push(s) - 1);
  }
  return sections
    .map((s) => (s.heading === '' ? s.body : s.body === '' ? s.heading : `${s.heading}\n${s.body}`))
    .filter((s) => s !== '')
    .join('\n\n')
    .trim();
}
