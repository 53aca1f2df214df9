/**
 * The one rule for values engram stores (message metadata, extra keys and tool inputs, session metadata,
 * component state, artifact data): a value is accepted only when every driver reads it back identical, before
 * and after a reopen. Everything else is refused with the path of the first offending part, never changed.
 */

/** The deepest nesting of objects and arrays a stored value may have (the value itself is level 1). */
export const maxJsonDepth = 100;

/**
 * `json`: null, booleans, strings, finite numbers other than `-0`, dense arrays and plain (or null-prototype)
 * objects of those; `undefined` object members are left out, as JSON does. `message`: additionally the values
 * the message codec keeps (`serializeMessage`): valid `Date`s, `URL`s and bytes (`Uint8Array`, `Buffer` and
 * `ArrayBuffer`, read back as `Uint8Array`).
 */
export type JsonValueMode = 'json' | 'message';

/** Where a value breaks the rule (keys and indexes from its root) and how. */
export interface JsonValueIssue {
  /** The path from the checked value's root; empty for the root itself. */
  path: (string | number)[];
  /** What is wrong there. */
  problem: string;
}

/** The first part of `value` that would not read back identical, or undefined when it all would. */
export function jsonValueIssue(value: unknown, mode: JsonValueMode = 'json'): JsonValueIssue | undefined {
  const path: (string | number)[] = [];
  const problem = walk(value, mode, path, new Set());
  return problem === undefined ? undefined : { path, problem };
}

/** Checks `value`; on a problem, leaves its location in `path` and returns the problem. */
function walk(
  value: unknown,
  mode: JsonValueMode,
  path: (string | number)[],
  ancestors: Set<object>,
): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return `expected a finite number, received ${value}`;
    return Object.is(value, -0)
      ? 'expected a JSON number, received -0 (JSON has no negative zero)'
      : undefined;
  }
  if (typeof value !== 'object') return `expected a JSON value, received ${kind(value)}`;
  if (mode === 'message' && codecValue(value)) {
    return value instanceof Date && !Number.isFinite(value.getTime())
      ? 'expected a valid Date, received an Invalid Date'
      : undefined;
  }
  if (ancestors.has(value)) return 'expected a JSON value, received a circular reference';
  if (ancestors.size >= maxJsonDepth) return `nested deeper than ${maxJsonDepth} levels`;
  const proto = Object.getPrototypeOf(value);
  ancestors.add(value);
  const problem = Array.isArray(value)
    ? proto === Array.prototype
      ? walkArray(value, mode, path, ancestors)
      : `expected a plain array, received ${kind(value)}`
    : proto === Object.prototype || proto === null
      ? walkObject(value as Record<string, unknown>, mode, path, ancestors)
      : `expected a JSON value, received ${kind(value)}`;
  ancestors.delete(value);
  return problem;
}

function walkArray(
  value: unknown[],
  mode: JsonValueMode,
  path: (string | number)[],
  ancestors: Set<object>,
): string | undefined {
  for (let i = 0; i < value.length; i++) {
    path.push(i);
    if (!(i in value)) return 'expected an array element, received a hole (sparse array)';
    if (value[i] === undefined) return 'expected a JSON value, received undefined (JSON would store null)';
    const problem = walk(value[i], mode, path, ancestors);
    if (problem !== undefined) return problem;
    path.pop();
  }
  // Every index holds an element (no holes), so more own keys than elements means a named property.
  const keys = Object.keys(value);
  if (keys.length === value.length) return undefined;
  path.push(keys.find((k) => !/^(0|[1-9]\d*)$/.test(k)) ?? '');
  return 'expected an array element, received a named property on an array';
}

function walkObject(
  value: Record<string, unknown>,
  mode: JsonValueMode,
  path: (string | number)[],
  ancestors: Set<object>,
): string | undefined {
  if (Object.getOwnPropertySymbols(value).length > 0) return 'expected string keys, received a symbol key';
  for (const key of Object.keys(value)) {
    const member = value[key];
    if (member === undefined) continue;
    path.push(key);
    const problem = walk(member, mode, path, ancestors);
    if (problem !== undefined) return problem;
    path.pop();
  }
  return undefined;
}

/**
 * Whether the message codec encodes this object itself (it is then a leaf): exactly a `Date`, `URL`,
 * `ArrayBuffer` or `Uint8Array` (`Buffer` too: it reads back as `Uint8Array`), without own properties the codec
 * would drop. A subclass of them, or one carrying extra properties, is not a leaf, and so is refused.
 */
function codecValue(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  const exact =
    proto === Date.prototype ||
    proto === URL.prototype ||
    proto === ArrayBuffer.prototype ||
    proto === Uint8Array.prototype ||
    (typeof Buffer !== 'undefined' && proto === Buffer.prototype);
  if (!exact) return false;
  // Typed arrays list their indexes as own keys; anything else is an extra property.
  const own = Reflect.ownKeys(value);
  return value instanceof Uint8Array ? own.length === value.length : own.length === 0;
}

/**
 * A copy of a value that passed {@link jsonValueIssue} in `json` mode, as every driver stores it: arrays and
 * objects copied (objects as plain objects, `__proto__` keys kept as own keys), `undefined` object members left
 * out. Reads through proxies and getters once, so what is stored never changes with the caller's object.
 */
export function copyJsonValue<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyJsonValue) as T;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key];
    if (member === undefined) continue;
    Object.defineProperty(out, key, {
      value: copyJsonValue(member),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out as T;
}

/** A short name for what a value is: `bigint`, `function`, `Map`, `Int8Array`, `Number object`, … */
function kind(value: unknown): string {
  if (typeof value !== 'object' || value === null) return typeof value;
  if (value instanceof Date) return Number.isFinite(value.getTime()) ? 'Date' : 'an Invalid Date';
  const name = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } })?.constructor?.name;
  const label = typeof name === 'string' && name !== '' ? name : 'object';
  return ['Number', 'String', 'Boolean', 'BigInt', 'Symbol'].includes(label) ? `a ${label} object` : label;
}
