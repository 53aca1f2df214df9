import { createHash } from 'node:crypto';
import type { JSONValue } from 'ai';
import { describeValue } from '../core/errors/describe-value.ts';
import { InvalidValueError } from '../core/errors/invalid-value-error.ts';
import { canonicalJson } from '../messages/canonical-json.ts';
import { checkJsonValue, joinPath } from '../messages/check-json-value.ts';

/** The component named in the errors of the OpenAI Agents adapter. */
export const agentsComponent = 'openai-agents';

/** The one key of an encoded byte array: `{ "$bytes": "<base64>" }`. */
const bytesKey = '$bytes';

/**
 * An Agents SDK item as JSON that every engram store reads back identical: a `Uint8Array` (image or file data)
 * becomes `{ "$bytes": "<base64>" }`, and every object key that starts with `$` gets one more `$`, so no key
 * of the item can be taken for that tag. `undefined` object members are left out, as JSON does. Anything else
 * that is not JSON (a Date, a Map, a class instance, NaN, -0, a cycle) is refused with `INVALID_ARGUMENT`
 * naming its path, before anything is stored.
 */
export function encodeItem(item: unknown, what = 'item'): JSONValue {
  const encoded = encode(item, what, [], new Set());
  checkJsonValue(encoded, what, agentsComponent);
  return encoded;
}

/**
 * {@link encodeItem} for one Agents SDK item as a session receives it: a plain object with a string `type`, or a
 * message (no `type`) with a string `role`. Anything else (null, a string, a number, an array, `{}`) is refused
 * with `INVALID_ARGUMENT` naming `what`, before anything is stored: it would be kept as an item no reader of the
 * session (the SDK, `getItems`) could use.
 */
export function encodeAgentItem(item: unknown, what: string): JSONValue {
  const it = item as Record<string, unknown>;
  const plain = typeof item === 'object' && item !== null && !Array.isArray(item);
  if (!plain || (typeof it.type !== 'string' && (it.type !== undefined || typeof it.role !== 'string')))
    throw new InvalidValueError({
      path: what,
      problem: `expected an Agents SDK item (an object with a string \`type\`, or a message with a string \`role\`), received ${plain ? 'an object without them' : describeValue(item)}`,
      component: agentsComponent,
    });
  return encodeItem(item, what);
}

/**
 * {@link encodeAgentItem} for each item of `items` (named `what[i]`), by index: a hole of a sparse array is
 * refused with `INVALID_ARGUMENT` like any other non-item (`map` skips it, leaving a hole in what is stored).
 */
export function encodeAgentItems(items: readonly unknown[], what: string): JSONValue[] {
  const out: JSONValue[] = [];
  for (let i = 0; i < items.length; i++) {
    if (!(i in items))
      throw new InvalidValueError({
        path: `${what}[${i}]`,
        problem: 'expected an Agents SDK item, received a hole (sparse array)',
        component: agentsComponent,
      });
    out.push(encodeAgentItem(items[i], `${what}[${i}]`));
  }
  return out;
}

/** The inverse of {@link encodeItem}: the item exactly as it was given (bytes as `Uint8Array`). */
export function decodeItem(value: JSONValue): unknown {
  if (Array.isArray(value)) return value.map(decodeItem);
  if (typeof value !== 'object' || value === null) return value;
  const object = value as Record<string, JSONValue>;
  const keys = Object.keys(object);
  const bytes = object[bytesKey];
  if (keys.length === 1 && typeof bytes === 'string') return new Uint8Array(Buffer.from(bytes, 'base64'));
  const out: Record<string, unknown> = {};
  for (const key of keys) define(out, key.startsWith('$') ? key.slice(1) : key, decodeItem(object[key]!));
  return out;
}

/** SHA-256 (hex) of encoded values, independent of key order: the identity of a transaction. */
export function digestOf(value: JSONValue): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

/** Whether two encoded values are the same item(s), whatever their key order. */
export function sameEncoded(a: JSONValue, b: JSONValue): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function encode(value: unknown, what: string, path: (string | number)[], seen: Set<object>): JSONValue {
  if (typeof value !== 'object' || value === null) return value as JSONValue; // checked by checkJsonValue
  const proto = Object.getPrototypeOf(value);
  if (value instanceof Uint8Array && (proto === Uint8Array.prototype || proto === Buffer.prototype)) {
    if (Reflect.ownKeys(value).length !== value.length)
      refuse(what, path, 'a Uint8Array with extra properties');
    return { [bytesKey]: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  }
  if (seen.has(value)) refuse(what, path, 'a circular reference');
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      return value.map((v, i) => {
        if (v === undefined) refuse(what, [...path, i], 'an undefined array element');
        return encode(v, what, [...path, i], seen);
      });
    }
    if (proto !== Object.prototype && proto !== null) {
      refuse(what, path, `a ${proto?.constructor?.name ?? 'non-plain'} object (items are plain JSON)`);
    }
    if (Object.getOwnPropertySymbols(value).length > 0) refuse(what, path, 'an object with a symbol key');
    const out: Record<string, JSONValue> = {};
    for (const [key, v] of Object.entries(value)) {
      if (v === undefined) continue;
      define(out, key.startsWith('$') ? `$${key}` : key, encode(v, what, [...path, key], seen));
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

/** Sets an own enumerable member, `__proto__` included (plain assignment would change the prototype). */
function define(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function refuse(what: string, path: (string | number)[], received: string): never {
  throw new InvalidValueError({
    path: joinPath(what, path),
    problem: `expected a JSON value or a Uint8Array, received ${received}`,
    component: agentsComponent,
  });
}
