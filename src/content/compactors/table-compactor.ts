import type { JSONValue } from 'ai';
import type { ContentCompactor } from '../content-compactor.ts';
import { serializeContent } from '../prepare-content-item.ts';
import { clip, format } from './compact-text.ts';
import { parseJson } from './json-compactor.ts';

interface Table {
  kind: string;
  columns: string[];
  rows: string[][];
}

const isScalar = (v: unknown) => v === null || typeof v !== 'object';

/** A JSON array of flat objects as a table. */
function fromJson(value: JSONValue | undefined): Table | undefined {
  if (!Array.isArray(value) || value.length < 2) return undefined;
  if (
    !value.every(
      (r) => r !== null && typeof r === 'object' && !Array.isArray(r) && Object.values(r).every(isScalar),
    )
  )
    return undefined;
  const columns = [...new Set(value.flatMap((r) => Object.keys(r as object)))];
  const rows = value.map((r) => columns.map((c) => String((r as Record<string, JSONValue>)[c] ?? '')));
  return { kind: 'JSON rows', columns, rows };
}

/** A Markdown table (header, separator, rows). */
function fromMarkdown(text: string): Table | undefined {
  const lines = text.split(/\r?\n/).filter((l) => /^\s*\|.*\|\s*$/.test(l));
  if (lines.length < 3 || !/^\s*\|[\s:|-]+\|\s*$/.test(lines[1]!)) return undefined;
  const cells = (l: string) =>
    l
      .trim()
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim());
  return { kind: 'Markdown table', columns: cells(lines[0]!), rows: lines.slice(2).map(cells) };
}

/** CSV or TSV: at least 3 lines with the same number (≥ 2) of separators. */
function fromDelimited(text: string): Table | undefined {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length < 3) return undefined;
  for (const [sep, kind] of [
    ['\t', 'TSV'],
    [',', 'CSV'],
  ] as const) {
    const counts = lines.slice(0, 20).map((l) => l.split(sep).length);
    if (counts[0]! >= 2 && counts.every((c) => c === counts[0])) {
      const split = (l: string) => l.split(sep).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
      return { kind, columns: split(lines[0]!), rows: lines.slice(1).map(split) };
    }
  }
  return undefined;
}

/** The table in an item's content, when it holds one. */
export function findTable(item: { format: string; content: unknown }, text: string): Table | undefined {
  if (item.format === 'json') return fromJson(item.content as JSONValue);
  return fromJson(parseJson(text)) ?? fromMarkdown(text) ?? fromDelimited(text);
}

/** Tables and rows (CSV / TSV, Markdown tables, JSON arrays of flat objects): columns, row count, three sample rows. */
export const tableCompactor: ContentCompactor = {
  name: 'table',
  matches: (item, sample) =>
    item.format === 'json'
      ? /^\s*\[\s*\{/.test(sample)
      : findTable({ format: 'text', content: sample }, sample) !== undefined,
  compact(item, options) {
    const max = options.maxChars ?? 600;
    const table = findTable(item, serializeContent(item.format, item.content));
    if (!table) throw new Error('no table');
    const head = `${table.kind}: ${format(table.rows.length)} rows × ${format(table.columns.length)} columns (${clip(table.columns.join(', '), 200)}).`;
    const sample = table.rows.slice(0, 3).map((r) => clip(r.join(' | '), 160));
    return { text: clip([head, ...sample.map((s) => `  ${s}`)].join('\n'), max), compactor: 'table' };
  },
};
