import { entryModules } from './entry-modules.ts';
import { isClass } from './hostile-values.ts';
import { optionCases } from './option-cases.ts';

/** The export an `entry.name:path` key names, and the path. */
export function splitNestedKey(key: string): { exportKey: string; path: string } {
  const colon = key.indexOf(':');
  return { exportKey: key.slice(0, colon), path: key.slice(colon + 1) };
}

/**
 * A copy of `options` with a fresh copy of each object on the way to `path` (`[]` takes an array's first element,
 * `*` a map's first value), the copied object at `path` (`at`, to change) and the path as an error should name it
 * (`branches[0]`, `policy.tools["web_fetch"]`).
 */
export function copyToPath(
  options: Record<string, unknown>,
  path: string,
): { options: Record<string, unknown>; at: Record<string, unknown>; named: string } {
  const copy = { ...options };
  let at: Record<string, unknown> = copy;
  let named = '';
  for (const segment of path.split('.')) {
    const isArray = segment.endsWith('[]');
    const key = segment === '*' ? Object.keys(at)[0]! : segment.replace(/\[\]$/, '');
    named += segment === '*' ? `[${JSON.stringify(key)}]` : `${named ? '.' : ''}${key}`;
    let next: unknown = at[key];
    if (isArray) {
      const array = [...(next as unknown[])];
      at[key] = array;
      at = array as unknown as Record<string, unknown>;
      next = array[0];
      named += '[0]';
      at[0] = { ...(next as object) };
      at = at[0] as Record<string, unknown>;
      continue;
    }
    if (typeof next !== 'object' || next === null)
      throw new Error(`the row's options hold no object at ${named}`);
    at[key] = { ...next };
    at = at[key] as Record<string, unknown>;
  }
  return { options: copy, at, named };
}

/** Calls the export of `exportKey` as its top-level row (`optionCases`) says, awaiting a promise, and closes what it made. */
export async function callNestedCase(exportKey: string, options: Record<string, unknown>): Promise<void> {
  const dot = exportKey.indexOf('.');
  const fn = entryModules[exportKey.slice(0, dot)]![exportKey.slice(dot + 1)] as (
    ...args: unknown[]
  ) => unknown;
  const call = optionCases[exportKey]!.call ?? ((f, o) => (isClass(f) ? new f(o) : f(o)));
  const made = await call(fn, options);
  await (made as { close?: () => unknown } | undefined)?.close?.();
}
