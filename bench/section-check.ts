/** Checks of a section's markdown before it is written: every table states its command, rows are whole. */

/** A table of a section: its lines [start, end) and whether a `Command:` line introduces it. */
interface TableSpan {
  start: number;
  end: number;
  stated: boolean;
}

/** A `Command:` line of any run: `npm run bench…`, perhaps after environment variables (`X=1 npm run bench…`). */
const COMMAND = /^Command: `(\w+=\S+ )*npm run bench/;

/**
 * The tables of `lines`; a line starting with `command` (any `Command: \`npm run bench…` line when not given)
 * counts for the next table only, and a heading resets it.
 */
function scanTables(lines: readonly string[], command: string | RegExp = COMMAND): TableSpan[] {
  const spans: TableSpan[] = [];
  let stated = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('#')) stated = false;
    else if (typeof command === 'string' ? line.startsWith(command) : command.test(line)) stated = true;
    else if (line.startsWith('|') && lines[i + 1]?.startsWith('| ---')) {
      let end = i + 2;
      while (lines[end]?.startsWith('|')) end++;
      spans.push({ start: i, end, stated });
      stated = false;
      i = end - 1;
    }
  }
  return spans;
}

/**
 * Puts `command` (the run's `Command: …` line) above every table of a section that it does not already
 * introduce (after the previous heading or table), so every table states the exact command that produced it,
 * whoever wrote the section.
 */
export function addCommandLines(markdown: string, command: string): string {
  const lines = markdown.split('\n');
  for (const span of scanTables(lines, command).reverse())
    if (!span.stated) lines.splice(span.start, 0, command, '');
  return lines.join('\n');
}

/**
 * What is wrong with a section's markdown (empty when nothing): it must open with a `## ` heading; every table
 * must be introduced by a `Command: \`npm run bench…\`` line after the previous heading or table, have a data
 * row, and have as many cells in each row as in its header; no figure may read `NaN`.
 */
export function checkSection(markdown: string): string[] {
  const problems: string[] = [];
  const lines = markdown.split('\n');
  if (!lines[0]?.startsWith('## ')) problems.push('the section does not open with a "## " heading');
  if (/\bNaN\b/.test(markdown)) problems.push('a figure reads NaN');
  const cells = (line: string) => line.split('|').length;
  for (const { start, end, stated } of scanTables(lines)) {
    const head = lines[start]!;
    const name = `the table "${head.slice(0, 60)}"`;
    if (!stated) problems.push(`${name} has no Command: line above it`);
    if (end === start + 2) problems.push(`${name} has no rows`);
    for (let j = start + 2; j < end; j++)
      if (cells(lines[j]!) !== cells(head))
        problems.push(`row ${j - start - 1} of ${name} has a wrong cell count`);
  }
  return problems;
}
