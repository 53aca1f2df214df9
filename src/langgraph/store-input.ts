import { validateNamespace } from '@langchain/langgraph-checkpoint';
import { checkBoolean, checkFunction, checkOptionalInteger } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { idProblem, isValidId } from '../core/ids.ts';

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

/**
 * LangGraph's `validateNamespace` (no empty namespace or label, no `.`, `:` or NUL in a label, no `langgraph` root
 * unless `options` allow them), its `InvalidNamespaceError` thrown as `INVALID_ARGUMENT` naming `what`, with the
 * LangGraph error as its cause.
 */
export function checkNamespaceRules(
  namespace: string[],
  what: string,
  options?: { allowEmpty?: boolean; allowReservedRoot?: boolean },
): void {
  try {
    validateNamespace(namespace, options);
  } catch (error) {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'langgraph',
      message: `${what}: ${(error as Error).message}`,
      cause: error,
    });
  }
}

/**
 * Throws `INVALID_ARGUMENT` unless every label is well-formed text, as keys are: a label with a lone surrogate
 * has no UTF-8 form, so a SQL store keeps it as U+FFFD and no prefix search or listing naming it finds the item.
 * Checked where a label is written or matched (put, search, listNamespaces), not by get and delete, which
 * address the item by an id that keeps the label exactly (an item stored before the check stays reachable).
 */
export function checkWellFormedLabels(namespace: readonly string[], what: string): void {
  const bad = namespace.findIndex((label) => !label.isWellFormed());
  if (bad >= 0)
    throw invalid(
      `${what}[${bad}] must be well-formed text (no lone surrogate), got ${describeValue(namespace[bad])}`,
    );
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

const operators = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin']);

/**
 * Throws `INVALID_QUERY` unless a search `filter` is an object of field values, whose operator objects use only
 * LangGraph's operators (`$eq`, `$ne`, `$gt`, `$gte`, `$lt`, `$lte`, `$in`, `$nin`): a string, a list or a
 * misspelt operator (`$gtt`) would otherwise match no item, silently.
 */
export function checkStoreFilter(filter: unknown): asserts filter is Record<string, unknown> | undefined {
  const fail = (message: string) =>
    new MemoryError({ code: 'INVALID_QUERY', component: 'langgraph', message: `search: ${message}` });
  if (filter === undefined) return;
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
    throw fail(`filter must be an object of field values, got ${describeValue(filter)}`);
  for (const [field, expected] of Object.entries(filter)) {
    if (typeof expected !== 'object' || expected === null || Array.isArray(expected)) continue;
    const unknown = Object.keys(expected).find((key) => key.startsWith('$') && !operators.has(key));
    if (unknown !== undefined)
      throw fail(
        `filter.${field} uses an unknown operator ${describeValue(unknown)} (known: ${[...operators].join(', ')})`,
      );
  }
}

/**
 * Throws `INVALID_ARGUMENT` unless `listNamespaces`' `matchConditions` (what `batch` is handed) is a list of
 * objects whose `matchType` is `prefix` or `suffix` (or not given, or null): another type was taken as a suffix,
 * so the listing answered where LangGraph's `InMemoryStore` refuses.
 */
export function checkMatchConditions(conditions: unknown): void {
  if (conditions === undefined || conditions === null) return; // none, as InMemoryStore reads it
  if (!Array.isArray(conditions))
    throw invalid(`listNamespaces: matchConditions must be a list, got ${describeValue(conditions)}`);
  conditions.forEach((condition: unknown, i) => {
    const type = (condition as { matchType?: unknown } | null)?.matchType;
    if (type !== 'prefix' && type !== 'suffix')
      throw invalid(
        `listNamespaces: matchConditions[${i}].matchType must be 'prefix' or 'suffix', got ${describeValue(type)}`,
      );
  });
}

/**
 * Throws `INVALID_ARGUMENT` unless `listNamespaces`' `limit` and `offset` are integers ≥ 0 and its `maxDepth` an
 * integer ≥ 1 (or not given): a negative limit or depth would cut the list from its end, a NaN empty it.
 */
export function checkNamespacePage(op: { limit?: unknown; offset?: unknown; maxDepth?: unknown }): void {
  for (const [key, least] of [
    ['limit', 0],
    ['offset', 0],
    ['maxDepth', 1],
  ] as const) {
    const value = op[key];
    if (value !== undefined && !(Number.isSafeInteger(value) && (value as number) >= least))
      throw invalid(`listNamespaces: ${key} must be an integer >= ${least}, got ${describeValue(value)}`);
  }
}

/**
 * A read's `refreshTtl` option: `fallback` (the store's `refreshOnRead`) when it is not set, else it must be a
 * boolean (`INVALID_ARGUMENT` naming `method(options).refreshTtl`). A `get` without options, or with null ones, reads
 * it as not set, as LangGraph's own stores do (`options?.refreshTtl`).
 */
export function refreshOption(value: unknown, method: string, fallback: boolean): boolean {
  return checkBoolean(value, `${method}(options): refreshTtl`, 'langgraph', fallback);
}

/** The options of `createEngramStore` whose values {@link checkStoreOptionValues} checks, as given (unchecked). */
interface StoreOptionValues {
  embed?: unknown;
  dims?: unknown;
  model?: unknown;
  fields?: unknown;
  onSweepError?: unknown;
}

/**
 * Throws `INVALID_ARGUMENT` naming `createEngramStore(options).<key>` for an option of the wrong type, at
 * construction: `fields` that is no list of field paths (`'text'`), `dims` that is no positive integer (`'1536'`),
 * a `model` that is no id (`5`), an `embed` that is neither a function nor LangChain `Embeddings`, an
 * `onSweepError` that is no function. Each was kept as given and failed a later put or background sweep.
 */
export function checkStoreOptionValues(options: StoreOptionValues): void {
  const at = (key: string) => `createEngramStore(options).${key}`;
  const { embed, dims, model, fields, onSweepError } = options;
  if (fields !== undefined && !(Array.isArray(fields) && fields.every((f) => typeof f === 'string')))
    throw invalid(`${at('fields')} must be a list of field paths, got ${describeValue(fields)}`);
  checkOptionalInteger(dims, at('dims'), 'langgraph', 1);
  if (model !== undefined && !isValidId(model)) throw invalid(`${at('model')} ${idProblem(model)}`);
  const embeddings = embed as { embedDocuments?: unknown; embedQuery?: unknown } | null;
  if (
    embed !== undefined &&
    typeof embed !== 'function' &&
    (typeof embeddings !== 'object' ||
      embeddings === null ||
      typeof embeddings.embedDocuments !== 'function' ||
      typeof embeddings.embedQuery !== 'function')
  )
    throw invalid(
      `${at('embed')} must be a function or an object with embedDocuments() and embedQuery(), got ${describeValue(embed)}`,
    );
  if (onSweepError !== undefined) checkFunction(onSweepError, at('onSweepError'), 'langgraph');
}
