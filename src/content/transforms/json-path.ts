import type { JSONValue } from 'ai';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { pushAll } from '../../core/push-all.ts';

type Step = { kind: 'key'; key: string } | { kind: 'index'; index: number } | { kind: 'all' };

/**
 * Parses a JSON path: an optional `$`, then `.key`, `['key']` / `["key"]`, `[n]` (negative counts from the
 * end), `[*]` or `.*`. A leading bare key is allowed (`items[0].title`). Throws `INVALID_ARGUMENT` naming the path.
 */
export function parseJsonPath(path: string, component: string): Step[] {
  const fail = (why: string) =>
    new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `transform.paths: ${JSON.stringify(path)} ${why} (write paths like $.items[*].title or rows[0]['a b'])`,
    });
  const steps: Step[] = [];
  let i = path.startsWith('$') ? 1 : 0;
  if (i === 0 && /^[A-Za-z_]/.test(path)) {
    const m = /^[A-Za-z_][\w-]*/.exec(path)!;
    steps.push({ kind: 'key', key: m[0] });
    i = m[0].length;
  }
  const patterns: [RegExp, (m: RegExpExecArray) => Step][] = [
    [/^(?:\.\*|\[\*\])/, () => ({ kind: 'all' })],
    [/^\.([A-Za-z_][\w-]*)/, (m) => ({ kind: 'key', key: m[1]! })],
    [/^\[(-?\d{1,9})\]/, (m) => ({ kind: 'index', index: Number(m[1]) })],
    [/^\['((?:[^'\\]|\\.)*)'\]/, (m) => ({ kind: 'key', key: m[1]!.replace(/\\(.)/g, '$1') })],
    [/^\["((?:[^"\\]|\\.)*)"\]/, (m) => ({ kind: 'key', key: m[1]!.replace(/\\(.)/g, '$1') })],
  ];
  while (i < path.length) {
    const rest = path.slice(i);
    let matched = 0;
    for (const [re, make] of patterns) {
      const m = re.exec(rest);
      if (!m) continue;
      steps.push(make(m));
      matched = m[0].length;
      break;
    }
    if (matched === 0) throw fail(`cannot be read at character ${i + 1}`);
    i += matched;
  }
  return steps;
}

/** The values at a parsed path (a wildcard yields every element or member), in document order. */
export function selectJsonPath(value: JSONValue, steps: readonly Step[]): JSONValue[] {
  let current: JSONValue[] = [value];
  for (const step of steps) {
    const next: JSONValue[] = [];
    for (const v of current) {
      if (v === null || typeof v !== 'object') continue;
      if (step.kind === 'all') pushAll(next, Array.isArray(v) ? v : Object.values(v));
      else if (step.kind === 'index') {
        if (Array.isArray(v)) {
          const at = step.index < 0 ? v.length + step.index : step.index;
          if (at >= 0 && at < v.length) next.push(v[at]!);
        }
      } else if (!Array.isArray(v) && Object.hasOwn(v, step.key))
        next.push((v as Record<string, JSONValue>)[step.key]!);
    }
    current = next;
  }
  return current;
}
