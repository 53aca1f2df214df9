import type { JSONValue } from 'ai';

const isObject = (v: unknown): v is Record<string, JSONValue> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Merges a partial update into a JSON object: nested objects merge key by key, a key the update does not name
 * keeps its value (a partial update never erases what it leaves out), `null` removes a key, arrays and scalars
 * replace. Returns a new object; neither input is changed.
 */
export function mergeJson(
  current: Record<string, JSONValue>,
  update: Record<string, JSONValue | undefined>,
): Record<string, JSONValue> {
  const out: Record<string, JSONValue> = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === undefined) continue;
    if (value === null) delete out[key];
    else if (isObject(value) && isObject(out[key]))
      out[key] = mergeJson(out[key] as Record<string, JSONValue>, value);
    else out[key] = structuredClone(value);
  }
  return out;
}
