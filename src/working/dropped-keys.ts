import type { JSONValue } from 'ai';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The paths (`a`, `a.b`) of the keys an update sets (not `null`: a removal) that a schema's parse output lacks
 * where the merged input had them: the fields a zod object schema drops as unknown (its default `strip` mode), so a
 * write that stored the merged object would keep fields the schema does not have, and one that stored the parse
 * output would lose them silently. Only plain objects are walked, side by side; an array or a value the schema
 * transformed into something else is not looked into, nor a `__proto__` key (kept as data by the merge, never an
 * own key of an output built by assignment).
 * @example droppedKeys({ name: 'Ada', nick: 'A' }, { name: 'Ada' }, { nick: 'A' }) // ['nick']
 */
export function droppedKeys(
  merged: Record<string, JSONValue>,
  parsed: unknown,
  update: Record<string, JSONValue | undefined>,
  path = '',
): string[] {
  if (!isObject(parsed)) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(update)) {
    // `__proto__` cannot be told: a parse output built by assignment never holds it as its own key (zod's records).
    if (value === undefined || value === null || key === '__proto__' || !Object.hasOwn(merged, key)) continue;
    const at = path ? `${path}.${key}` : key;
    if (!Object.hasOwn(parsed, key)) out.push(at);
    else if (isObject(value) && isObject(merged[key]))
      out.push(
        ...droppedKeys(
          merged[key] as Record<string, JSONValue>,
          parsed[key],
          value as Record<string, JSONValue>,
          at,
        ),
      );
  }
  return out;
}
