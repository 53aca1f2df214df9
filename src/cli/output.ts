/** How a command prints: JSON for scripts, or tables for people (cells cut at {@link cellWidth} unless `wide`). */
export interface OutputOptions {
  /** Print JSON (values as they are, never cut). */
  json: boolean;
  /** Tables: never cut a cell. */
  wide: boolean;
}

/** The widest a table cell is printed without `--wide`, in characters (the cut one ends with `…`). */
export const cellWidth = 60;

/**
 * Characters a terminal acts on rather than shows, once line breaks and tabs are mapped: C0 and C1 controls (ESC
 * sequences, bell, NEL), DEL, bidirectional formatting (U+202E reverses what follows) and the Unicode line and
 * paragraph separators.
 */
const unshown = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

/** `\u202E` for one {@link unshown} character. */
const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * A value as one table cell: dates in ISO form, objects as JSON, each line break as `⏎`, tabs as spaces, and
 * control and bidirectional-formatting characters escaped (`\u202E`), so a stored text cannot spoof the terminal.
 */
export function cellText(value: unknown): string {
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'object' && value !== null
        ? JSON.stringify(value)
        : String(value ?? '');
  return text
    .replace(/\r\n|\r|\n/g, '⏎')
    .replace(/\t/g, ' ')
    .replace(unshown, escaped);
}

/** `text` in at most `width` characters (code points): cut ones end with `…`. */
export function cutText(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, width - 1).join('')}…`;
}

const charCount = (text: string) => [...text].length;
const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - charCount(text)));

/** Options of {@link tableLines}. */
export interface TableOptions {
  /** Never cut a cell. @default false */
  wide?: boolean;
  /** Without `wide`: the widest column is cut further until a line fits this many characters. @default undefined (no limit) */
  maxWidth?: number;
}

/** The lines of an aligned table: header, rule, one line per row (see {@link cellText}, {@link cutText}). */
export function tableLines(
  rows: readonly Record<string, unknown>[],
  columns: readonly string[],
  options: TableOptions = {},
): string[] {
  const wide = options.wide === true;
  const texts = rows.map((r) => columns.map((k) => cellText(r[k])));
  const limits = columns.map(() => (wide ? Number.POSITIVE_INFINITY : cellWidth));
  const natural = () =>
    columns.map((k, i) =>
      Math.max(charCount(k), ...texts.map((t) => Math.min(limits[i] ?? 0, charCount(t[i] ?? '')))),
    );
  let widths = natural();
  const total = () => widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1);
  if (!wide && options.maxWidth !== undefined && total() > options.maxWidth) {
    const widest = widths.indexOf(Math.max(...widths));
    const floor = Math.max(charCount(columns[widest] ?? ''), 8);
    limits[widest] = Math.max(floor, (widths[widest] ?? 0) - (total() - options.maxWidth));
    widths = natural();
  }
  const line = (values: readonly string[]) =>
    values
      .map((v, i) => pad(v, widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  const cut = (t: readonly string[]) => t.map((v, i) => (wide ? v : cutText(v, limits[i] ?? cellWidth)));
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...texts.map((t) => line(cut(t)))];
}

/** Prints rows as an aligned table for people (`(none)` when empty), or as JSON for scripts. */
export function printRows(
  rows: readonly Record<string, unknown>[],
  output: OutputOptions,
  columns?: readonly string[],
  maxWidth?: number,
): void {
  if (output.json) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  if (rows.length === 0) {
    process.stdout.write('(none)\n');
    return;
  }
  const keys = columns ?? Object.keys(rows[0] as object);
  process.stdout.write(
    `${tableLines(rows, keys, { wide: output.wide, ...(maxWidth !== undefined && { maxWidth }) }).join('\n')}\n`,
  );
}

/** Prints one value: as JSON, or as `key: value` lines (values as {@link cellText}, never cut). */
export function printObject(value: Record<string, unknown>, output: Pick<OutputOptions, 'json'>): void {
  if (output.json) process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  else for (const [k, v] of Object.entries(value)) process.stdout.write(`${k}: ${cellText(v)}\n`);
}
