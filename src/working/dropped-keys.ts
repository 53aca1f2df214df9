import type { JSONValue } from 'ai';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The paths (`a`, `a.b`) of the keys an update sets (not `null`: a removal) that a schema's parse output lacks
 * where the merged input had them: the fields a zod object schema drops as unknown (its default `strip` mode), so a
 * write that stored the merged object would keep fields the schema does not have, and one that stored the parse
 * output would lose them silently. Only plain objects are walked, side by side; an array or a value the schema
 * transformed into something else is not looked into. A `__proto__` key is never an own key of an output built by
 * assignment (zod's, even for a record or a loose object), so it is skipped here: to have it checked, rename it
 * with {@link renameProto} and pass the renamed values, the parse of the renamed merge, and the name given
 * (`protoName`), which the paths show as `__proto__`.
 * @example droppedKeys({ name: 'Ada', nick: 'A' }, { name: 'Ada' }, { nick: 'A' }) // ['nick']
 */
export function droppedKeys(
  merged: Record<string, JSONValue>,
  parsed: unknown,
  update: Record<string, JSONValue | undefined>,
  protoName?: string,
): string[] {
  return walk(merged, parsed, update, '', protoName);
}

function walk(
  merged: Record<string, JSONValue>,
  parsed: unknown,
  update: Record<string, JSONValue | undefined>,
  path: string,
  protoName: string | undefined,
): string[] {
  if (!isObject(parsed)) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(update)) {
    // `__proto__` cannot be told: a parse output built by assignment never holds it as its own key (zod's records).
    if (value === undefined || value === null || key === '__proto__' || !Object.hasOwn(merged, key)) continue;
    const at = `${path ? `${path}.` : ''}${key === protoName ? '__proto__' : key}`;
    if (!Object.hasOwn(parsed, key)) out.push(at);
    else if (isObject(value) && isObject(merged[key]))
      out.push(
        ...walk(
          merged[key] as Record<string, JSONValue>,
          parsed[key],
          value as Record<string, JSONValue>,
          at,
          protoName,
        ),
      );
  }
  return out;
}

/** A merge and its update with every `__proto__` key under one fresh name (see {@link renameProto}). */
export interface ProtoRenamed {
  /** The name `__proto__` keys have in `merged` and `update`: no key of either, at any depth, had it. */
  name: string;
  /** The merge, renamed. */
  merged: Record<string, JSONValue>;
  /** The update, renamed. */
  update: Record<string, JSONValue | undefined>;
}

/**
 * Copies of a merge and its update with every own `__proto__` key (as `JSON.parse` makes one, and the merge keeps
 * as data) renamed to one name no key of either has, at any depth (in arrays too), or `undefined` when neither
 * holds one. A schema asked about the renamed merge tells whether it keeps the key, as it would any other key in
 * its place (a record or a loose object keeps it, `z.object` drops it, a strict object refuses it), which its parse
 * output cannot show for `__proto__` itself. Neither input is changed.
 * @example renameProto(JSON.parse('{"__proto__": 1}'), {})?.merged // { __engram_proto__: 1 }
 */
export function renameProto(
  merged: Record<string, JSONValue>,
  update: Record<string, JSONValue | undefined>,
): ProtoRenamed | undefined {
  const keys = new Set<string>();
  collectKeys(merged, keys);
  collectKeys(update, keys);
  if (!keys.has('__proto__')) return undefined;
  let name = '__engram_proto__';
  while (keys.has(name)) name += '_';
  return {
    name,
    merged: renamed(merged, name) as Record<string, JSONValue>,
    update: renamed(update, name) as Record<string, JSONValue | undefined>,
  };
}

/** Adds every own key of the objects in `value`, at any depth, to `keys`. */
function collectKeys(value: unknown, keys: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) collectKeys(item, keys);
  else if (isObject(value))
    for (const [key, item] of Object.entries(value)) {
      keys.add(key);
      collectKeys(item, keys);
    }
}

/** A copy of `value` with its `__proto__` keys named `name`, at any depth; scalars as they are. */
function renamed(value: unknown, name: string): unknown {
  if (Array.isArray(value)) return value.map((item) => renamed(item, name));
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  // Own data properties: assigning `out.__proto__` would set the copy's prototype instead.
  for (const [key, item] of Object.entries(value))
    Object.defineProperty(out, key === '__proto__' ? name : key, {
      value: renamed(item, name),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}
