import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';

/**
 * Checks of what `EngramStore` is handed (by its methods and by `batch`, which LangGraph's runtime calls with
 * operations of its own making), so bad input is a typed `INVALID_ARGUMENT` naming the method and the argument
 * rather than a raw `TypeError` or an item stored somewhere else than asked.
 */

const invalid = (message: string) =>
  new MemoryError({ code: 'INVALID_ARGUMENT', component: 'langgraph', message });

/**
 * Throws `INVALID_ARGUMENT` unless `namespace` is a list of strings (a string would be read as a list of its
 * characters: `'abc'` stored under `['a', 'b', 'c']`). The label rules are LangGraph's `validateNamespace`.
 */
export function checkNamespaceList(namespace: unknown, what: string): asserts namespace is string[] {
  if (!Array.isArray(namespace) || !namespace.every((label) => typeof label === 'string'))
    throw invalid(`${what} must be a list of strings, got ${describeValue(namespace)}`);
}

/** Throws `INVALID_ARGUMENT` unless an item's `index` is `false` or a list of field paths (or not given). */
export function checkIndexFields(
  index: unknown,
  what: string,
): asserts index is false | string[] | undefined {
  if (
    index !== undefined &&
    index !== false &&
    !(Array.isArray(index) && index.every((field) => typeof field === 'string'))
  )
    throw invalid(`${what} must be false or a list of field paths, got ${describeValue(index)}`);
}

/** An operation `batch` is handed, checked to be an object before its fields are read. */
export function checkOperation(op: unknown, at: number): object {
  if (typeof op !== 'object' || op === null || Array.isArray(op))
    throw invalid(`batch: operations[${at}] must be a store operation object, got ${describeValue(op)}`);
  return op;
}
