/** A Markdown section: its heading line (empty for the text before the first heading) and its body. */
export interface MarkdownSection {
  /** The heading line as written (`## Preferences`), or `''` for the preamble. */
  heading: string;
  /** The lines under it, up to the next heading. */
  body: string;
}

const headingKey = (line: string) => line.trim().replace(/\s+/g, ' ').toLowerCase();

/** Splits Markdown into sections at ATX headings (`#` … `######`); fenced code blocks are not split. */
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
    s.body = (lines[i] ?? []).join('\n').replace(/\n+$/, '');
  });
  return out[0]?.body === '' && out.length > 1 ? out.slice(1) : out;
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
  for (const s of next) {
    const at = sections.findIndex((c) => headingKey(c.heading) === headingKey(s.heading));
    if (at >= 0) sections[at] = s;
    else if (s.heading === '') sections.unshift(s);
    else sections.push(s);
  }
  return sections
    .map((s) => (s.heading === '' ? s.body : s.body === '' ? s.heading : `${s.heading}\n${s.body}`))
    .filter((s) => s !== '')
    .join('\n\n')
    .trim();
}
