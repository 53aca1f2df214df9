import { canonicalJson } from '../messages/canonical-json.ts';

/**
 * LangGraph's store filters, as its `InMemoryStore` reads them: each key of the filter names a top-level field
 * of the value, compared with a plain value (equal) or with operators `$eq`, `$ne`, `$gt`, `$gte`, `$lt`,
 * `$lte` (numbers), `$in`, `$nin`. Equality of objects and arrays compares their JSON (InMemoryStore compares
 * identity, which never holds for stored values).
 */

const operators = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin']);

const isOperators = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.keys(value).every((k) => operators.has(k));

const equal = (a: unknown, b: unknown) =>
  a === b ||
  (typeof a === 'object' &&
    a !== null &&
    typeof b === 'object' &&
    b !== null &&
    canonicalJson(a) === canonicalJson(b));

function compare(actual: unknown, op: string, expected: unknown): boolean {
  switch (op) {
    case '$eq':
      return equal(actual, expected);
    case '$ne':
      return !equal(actual, expected);
    case '$gt':
      return Number(actual) > Number(expected);
    case '$gte':
      return Number(actual) >= Number(expected);
    case '$lt':
      return Number(actual) < Number(expected);
    case '$lte':
      return Number(actual) <= Number(expected);
    case '$in':
      return Array.isArray(expected) && expected.some((e) => equal(actual, e));
    default:
      return Array.isArray(expected) ? !expected.some((e) => equal(actual, e)) : true;
  }
}

/** Whether a value passes a filter. */
export function matchesValue(
  value: Record<string, unknown>,
  filter: Record<string, unknown> | undefined,
): boolean {
  if (!filter) return true;
  return Object.entries(filter).every(([key, expected]) =>
    isOperators(expected)
      ? Object.entries(expected).every(([op, operand]) => compare(value[key], op, operand))
      : equal(value[key], expected),
  );
}

/** Whether a namespace matches a `listNamespaces` condition (`*` matches any one label). */
export function matchesNamespace(
  namespace: readonly string[],
  condition: { matchType: 'prefix' | 'suffix'; path: readonly string[] },
): boolean {
  const { path } = condition;
  if (path.length > namespace.length) return false;
  const offset = condition.matchType === 'prefix' ? 0 : namespace.length - path.length;
  return path.every((label, i) => label === '*' || namespace[offset + i] === label);
}

/** Orders namespaces label by label. */
export function compareNamespaces(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  }
  return a.length - b.length;
}
