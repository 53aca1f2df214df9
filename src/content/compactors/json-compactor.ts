import type { JSONValue } from 'ai';
import type { ContentCompactor } from '../content-compactor.ts';
import { clip, format } from './compact-text.ts';

/** The shape of a JSON value to `depth`: keys with their value types, array lengths and element shapes. */
export function jsonShape(value: JSONValue, depth = 3): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return depth <= 0
      ? `[${format(value.length)} items]`
      : `[${format(value.length)} × ${jsonShape(value[0]!, depth - 1)}]`;
  }
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    if (depth <= 0) return `{${format(keys.length)} keys}`;
    const shown = keys
      .slice(0, 12)
      .map((k) => `${k}: ${jsonShape((value as Record<string, JSONValue>)[k]!, depth - 1)}`);
    return `{ ${shown.join(', ')}${keys.length > 12 ? `, …${format(keys.length - 12)} more` : ''} }`;
  }
  return typeof value;
}

/** The largest array in a value (the top level first), for sample items. */
function largestArray(value: JSONValue, depth = 3): JSONValue[] | undefined {
  if (Array.isArray(value)) return value;
  if (value === null || typeof value !== 'object' || depth === 0) return undefined;
  let best: JSONValue[] | undefined;
  for (const v of Object.values(value) as JSONValue[]) {
    const a = largestArray(v, depth - 1);
    if (a && (!best || a.length > best.length)) best = a;
  }
  return best;
}

/** Parses JSON text, or undefined. */
export function parseJson(text: string): JSONValue | undefined {
  const t = text.trimStart();
  if (t[0] !== '{' && t[0] !== '[') return undefined;
  try {
    return JSON.parse(text) as JSONValue;
  } catch {
    return undefined;
  }
}

/** JSON: its shape to depth 3, counts, and the first items of its largest array. */
export const jsonCompactor: ContentCompactor = {
  name: 'json',
  matches: (item, sample) => item.format === 'json' || /^\s*[[{]/.test(sample),
  compact(item, options) {
    const max = options.maxChars ?? 600;
    const value = item.format === 'json' ? (item.content as JSONValue) : parseJson(item.content as string);
    if (value === undefined) throw new Error('not JSON');
    const shape = `JSON ${clip(jsonShape(value), Math.floor(max * 0.5))}`;
    const array = largestArray(value);
    const sample =
      array && array.length > 0
        ? `\nFirst items: ${array
            .slice(0, 3)
            .map((v) => clip(JSON.stringify(v), 160))
            .join(' ')}`
        : '';
    return { text: clip(`${shape}${sample}`, max), compactor: 'json' };
  },
};
