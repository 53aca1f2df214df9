import { describeValue } from '../../core/errors/describe-value.ts';
import type { MemoryFileEntry } from './memory-files.ts';

/** Lines numbered as Anthropic's reference implementation shows them: the number right-aligned in 6 columns, a tab, the line. */
export function numberLines(lines: readonly string[], first: number): string {
  return lines.map((line, i) => `${String(first + i).padStart(6, ' ')}\t${line}`).join('\n');
}

const sizeUnits = ['B', 'K', 'M', 'G'];

/**
 * A size as `du -h` writes it: `0B`, `512B`, `1.5K`, `2M`; the number is below 1024 in its unit, except in G, the
 * largest. A size that rounds to 1024.0 of a unit (from 1023.95) is written as 1.0 of the next: 1048575 bytes is
 * `1.0M`, not `1024.0K`.
 */
export function formatSize(bytes: number): string {
  const show = (i: number) => {
    const size = bytes / 1024 ** i;
    return size % 1 === 0 ? String(size) : size.toFixed(1);
  };
  let i = 0;
  while (i < sizeUnits.length - 1 && bytes >= 1024 ** (i + 1)) i++;
  let shown = show(i);
  if (Number(shown) >= 1024 && i < sizeUnits.length - 1) shown = show(++i);
  return `${shown}${sizeUnits[i]}`;
}

/** The most values of an array a refusal shows. */
const maxShownValues = 4;

/**
 * A value the model sent where a list was wanted, as a refusal quotes it: an array as `[5, 2]` (each value by
 * `describeValue`, so `"2"` is a string and `2n` a BigInt; past 4 values, `…` and how many), anything else by
 * `describeValue`.
 */
export function describeList(value: unknown): string {
  if (!Array.isArray(value)) return describeValue(value);
  const shown = Array.from(value.slice(0, maxShownValues), (v) => describeValue(v));
  if (value.length > maxShownValues) shown.push(`… (${value.length} values)`);
  return `[${shown.join(', ')}]`;
}

/**
 * The `view` of a directory: the header the model expects, then `<size>\t<path>` for the directory and for
 * every file and directory up to 2 levels below it (a directory with a trailing `/`). Directories exist
 * through the files in them; a directory's size is the total of its files.
 */
export function formatListing(dir: string, files: readonly MemoryFileEntry[]): string {
  const prefix = `${dir}/`;
  const below = files.filter((f) => f.path.startsWith(prefix));
  const sizes = new Map<string, number>();
  for (const file of below) {
    const parts = file.path.slice(prefix.length).split('/');
    for (let depth = 1; depth <= Math.min(2, parts.length); depth++) {
      const rel = parts.slice(0, depth).join('/') + (depth < parts.length ? '/' : '');
      sizes.set(rel, (sizes.get(rel) ?? 0) + file.bytes);
    }
  }
  const total = below.reduce((n, f) => n + f.bytes, 0);
  const lines = [`${formatSize(total)}\t${dir}`];
  for (const rel of [...sizes.keys()].sort()) lines.push(`${formatSize(sizes.get(rel)!)}\t${prefix}${rel}`);
  return `Here're the files and directories up to 2 levels deep in ${dir}, excluding hidden items and node_modules:\n${lines.join('\n')}`;
}

/** Lines `first`…`last` (1-based, inclusive) of a file around an edit, numbered. */
export function snippet(content: string, first: number, last: number): string {
  const lines = content.split('\n');
  const from = Math.max(1, first);
  const to = Math.min(lines.length, last);
  return numberLines(lines.slice(from - 1, to), from);
}

/** The most characters of the model's own text a refusal quotes back. */
const maxQuoted = 200;

/**
 * Text the model sent, quoted back in a refusal as Anthropic's reference implementation quotes it (in backticks):
 * whole up to 200 characters, else its head, `…` and its length, so a 100 kB `old_str` does not come back whole.
 */
export function quoteSent(text: string): string {
  if (text.length <= maxQuoted) return `\`${text}\``;
  return `\`${text.slice(0, maxQuoted)}…\` (${text.length} characters)`;
}
