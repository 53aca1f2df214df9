import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownSections, mergeMarkdown } from './markdown-sections.ts';

/** The sections as the first version split them: each body's final line breaks removed by `/\n+$/`. */
function sectionsBefore(text: string) {
  const out = [{ heading: '', body: '' }];
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
  // Since: a preamble of white space only is none (the first version let it replace the document's intro).
  return out[0]?.body.trim() === '' && out.length > 1 ? out.slice(1) : out;
}

/** The merge as the first version made it: every section of the update looked up by a search of all sections. */
function mergeBefore(current: string, update: string): string {
  const key = (line: string) => line.trim().replace(/\s+/g, ' ').toLowerCase();
  const next = sectionsBefore(update);
  if (next.every((s) => s.heading === '')) return update.trim();
  const sections = sectionsBefore(current);
  for (const s of next) {
    const at = sections.findIndex((c) => key(c.heading) === key(s.heading));
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

/** Markdown-like text: headings that repeat in other case and spacing, blank lines, fences, preambles. */
const markdown = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '# A',
        '# a',
        '#  A ',
        '## A',
        '## B',
        '### b  x',
        '#A',
        '# ',
        '\t# C',
        '###### D',
        '####### E',
      ),
      fc.constantFrom('', '', 'text', ' ', 'more text', '```', '~~~', '\r', 'x\n', '\n\n'),
      fc.string({ maxLength: 5 }),
    ),
    { maxLength: 16 },
  )
  .map((lines) => lines.join('\n'));

describe('markdownSections and mergeMarkdown', () => {
  it('split and merge as the first version did, any text into any text (property)', () => {
    fc.assert(
      fc.property(markdown, markdown, (current, update) => {
        expect(markdownSections(update)).toEqual(sectionsBefore(update));
        expect(mergeMarkdown(current, update)).toBe(mergeBefore(current, update));
      }),
      { numRuns: 5000 },
    );
  });

  it('replaces sections by heading, keeps the others, appends new ones and replaces the preamble', () => {
    const current = 'intro\n\n# Name\nAda\n\n## Likes\ntea\n\n';
    expect(mergeMarkdown(current, 'new intro\n##  likes\ncoffee\n# Pets\nRex')).toBe(
      'new intro\n\n# Name\nAda\n\n##  likes\ncoffee\n\n# Pets\nRex',
    );
  });

  it('keeps the intro when the update starts with a line of spaces, as with an empty line', () => {
    const current = 'Intro about Ada\n\n# Prefs\n- tea';
    for (const update of [' \n# Prefs\n- coffee', '\t \n\n# Prefs\n- coffee', '\n# Prefs\n- coffee'])
      expect(mergeMarkdown(current, update)).toBe('Intro about Ada\n\n# Prefs\n- coffee');
  });

  it('reads blank lines and many headings once (the first version would take minutes on these)', () => {
    const blank = `# A\nx${'\n'.repeat(1_000_000)}y\n\n\n`;
    expect(markdownSections(blank)).toEqual([{ heading: '# A', body: `x${'\n'.repeat(1_000_000)}y` }]);
    const headings = Array.from({ length: 200_000 }, (_, i) => `# h${i}`).join('\n');
    const [h0, h1, ...rest] = headings.split('\n');
    expect(mergeMarkdown('# h1\nkept', headings)).toBe([h1, h0, ...rest].join('\n\n'));
  });
});
