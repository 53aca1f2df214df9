import type { JSONValue } from 'ai';

const isObject = (v: unknown): v is Record<string, JSONValue> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Merges a partial update into a JSON object: nested objects merge key by key, a key the update does not name
 * keeps its value (a partial update never erases what it leaves out), `null` removes a key at any depth (in an
 * object the update adds too: it is never stored as a value), arrays and scalars replace. Keys are always own data (a `__proto__` key of parsed JSON is kept as data). Returns a new object; neither
 * input is changed. The caller checks that `update` is JSON (`structuredClone` copies it).
 */
export function mergeJson(
  current: Record<string, JSONValue>,
  update: Record<string, JSONValue | undefined>,
): Record<string, JSONValue> {
  const out: Record<string, JSONValue> = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === undefined) continue;
    // Own keys only: `out.__proto__` would read (and assigning it would set) the object's prototype.
    const own = Object.hasOwn(out, key) ? out[key] : undefined;
    if (value === null) delete out[key];
    else
      define(
        out,
        key,
        // A new object merges into an empty one: its nulls remove nothing, and are not stored as values either.
        isObject(value)
          ? mergeJson(isObject(own) ? (own as Record<string, JSONValue>) : {}, value)
          : structuredClone(value),
      );
  }
  return out;
}

/** Sets an own data property, so a `__proto__` key of parsed JSON stays data as `JSON.parse` made it. */
const define = (target: Record<string, JSONValue>, key: string, value: JSONValue) =>
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
