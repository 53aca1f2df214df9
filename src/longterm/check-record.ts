import type { JSONValue } from 'ai';
import { checkKnownKeys } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { InvalidValueError } from '../core/errors/invalid-value-error.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkId } from '../core/ids.ts';
import { checkJsonValue, joinPath } from '../messages/check-json-value.ts';
import type {
  LongTermFilter,
  LongTermLatestOptions,
  LongTermListOptions,
  LongTermTextQuery,
  LongTermVectorQuery,
} from './long-term-query.ts';
import { longTermOrigins } from './long-term-record.ts';
import { isLongTermOrigin } from './provenance.ts';

/** The longest record text or context, in UTF-16 code units. */
export const maxRecordTextLength = 64 * 1024;
/** The most terms a text query may carry. */
export const maxQueryTerms = 64;
/** The most hits or records one call returns. */
export const maxResultLimit = 1000;
/** The most dimensions a vector may have. */
export const maxVectorDimensions = 8192;

const bad = (
  component: string,
  message: string,
  code: 'INVALID_ARGUMENT' | 'INVALID_QUERY' | 'STORE_ERROR' = 'INVALID_ARGUMENT',
) => new MemoryError({ code, component, message });

/** Throws `INVALID_ARGUMENT` unless `value` is a well-formed string of at most 64 KiB (empty allowed when `empty`). */
export function checkRecordText(value: unknown, what: string, component: string, empty = false): string {
  if (typeof value !== 'string') throw bad(component, `${what} must be a string`);
  if (!empty && value.trim() === '') throw bad(component, `${what} must not be empty`);
  if (value.length > maxRecordTextLength)
    throw bad(component, `${what} has ${value.length} characters; the most is ${maxRecordTextLength}`);
  if (!isStorableText(value)) throw bad(component, `${what} must be well-formed text without NUL`);
  return value;
}

/**
 * Throws `INVALID_ARGUMENT` when a record's validity ends before it starts (`invalidAt` before `validAt`, both
 * given): such a record is valid at no time, so an `asOf` filter never finds it. `what` names the record
 * (`records[0]`, `change`). Equal times pass (true for no time at all, as a correction at once may say).
 */
export function checkValidity(
  validAt: Date | null | undefined,
  invalidAt: Date | null | undefined,
  what: string,
  component: string,
): void {
  if (validAt && invalidAt && invalidAt.getTime() < validAt.getTime())
    throw bad(
      component,
      `${what}.invalidAt (${invalidAt.toISOString()}) is before its validAt (${validAt.toISOString()}): a record stops being true after it starts`,
    );
}

/** Throws `INVALID_ARGUMENT` unless `value` is a valid Date (or undefined). */
export function checkOptionalDate(value: unknown, what: string, component: string): void {
  if (value === undefined) return;
  if (!(value instanceof Date) || Number.isNaN(value.getTime()))
    throw bad(component, `${what} must be a valid Date`);
}

/**
 * Throws `INVALID_ARGUMENT` (an `InvalidValueError` naming the path, `records[0].metadata.note`) unless `value`
 * is a plain JSON object whose keys and strings are well-formed text without NUL, as record text is: PostgreSQL's
 * jsonb stores neither, so such metadata failed there alone (`STORE_ERROR`) while the other stores kept it.
 */
export function checkMetadata(value: unknown, what: string, component: string): Record<string, JSONValue> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw bad(component, `${what} must be a plain object`);
  checkJsonValue(value, what, component);
  const path: (string | number)[] = [];
  const problem = textIssue(value as JSONValue, path);
  if (problem) throw new InvalidValueError({ path: joinPath(what, path), problem, component });
  return value as Record<string, JSONValue>;
}

/**
 * Whether every store keeps `text` as given: well-formed (no lone surrogate, which has no UTF-8 form) and without NUL
 * (which PostgreSQL refuses). A record's text and metadata, and a memory file's, must be.
 */
export const isStorableText = (text: string) => text.isWellFormed() && !text.includes('\u0000');

/** The first key or string of a checked JSON value that is not well-formed text without NUL; its path in `path`. */
function textIssue(value: JSONValue, path: (string | number)[]): string | undefined {
  if (typeof value === 'string')
    return !isStorableText(value)
      ? 'expected well-formed text without NUL, received a string with one'
      : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  const entries: [string | number, JSONValue | undefined][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value);
  for (const [key, member] of entries) {
    path.push(key);
    if (typeof key === 'string' && !isStorableText(key))
      return 'expected a key of well-formed text without NUL, received one with a NUL or lone surrogate';
    const problem = member === undefined ? undefined : textIssue(member, path);
    if (problem) return problem;
    path.pop();
  }
  return undefined;
}

function checkLimit(value: unknown, what: string, component: string): number {
  if (!Number.isSafeInteger(value) || (value as number) < 1 || (value as number) > maxResultLimit)
    throw bad(component, `${what} must be an integer from 1 to ${maxResultLimit}`, 'INVALID_QUERY');
  return value as number;
}

/** Checks a filter; throws `INVALID_QUERY` naming the field. */
export function checkFilter(filter: LongTermFilter | undefined, component: string): LongTermFilter {
  if (filter === undefined) return {};
  if (typeof filter !== 'object' || filter === null)
    throw bad(component, 'filter must be an object', 'INVALID_QUERY');
  const wrap = (fn: () => void) => {
    try {
      fn();
    } catch (error) {
      if (MemoryError.isInstance(error) && error.code === 'INVALID_QUERY') throw error;
      throw new MemoryError({
        code: 'INVALID_QUERY',
        component,
        message: (error as Error).message,
        cause: error,
      });
    }
  };
  wrap(() => {
    const known = new Set([
      'kinds',
      'session',
      'episodes',
      'metadata',
      'origins',
      'toolDerived',
      'validFrom',
      'validTo',
      'asOf',
    ]);
    for (const key of Object.keys(filter))
      if (!known.has(key)) throw bad(component, `filter.${key} is not a filter`);
    for (const key of ['kinds', 'episodes'] as const) {
      const list = filter[key];
      if (list === undefined) continue;
      if (!Array.isArray(list) || list.length > maxResultLimit)
        throw bad(component, `filter.${key} must be an array of at most ${maxResultLimit} ids`);
      list.forEach((v, i) => {
        checkId(v, `filter.${key}[${i}]`, component);
      });
    }
    if (filter.session !== undefined) checkId(filter.session, 'filter.session', component);
    if (filter.metadata !== undefined) {
      checkMetadata(filter.metadata, 'filter.metadata', component);
      for (const [key, value] of Object.entries(filter.metadata))
        if (typeof value === 'object' && value !== null)
          throw bad(component, `filter.metadata.${key} must be a string, number, boolean or null`);
    }
    if (filter.origins !== undefined) {
      if (!Array.isArray(filter.origins) || !filter.origins.every(isLongTermOrigin))
        throw bad(component, `filter.origins must be an array of ${longTermOrigins.join(', ')}`);
    }
    if (filter.toolDerived !== undefined && typeof filter.toolDerived !== 'boolean')
      throw bad(component, 'filter.toolDerived must be a boolean');
    checkOptionalDate(filter.validFrom, 'filter.validFrom', component);
    checkOptionalDate(filter.validTo, 'filter.validTo', component);
    checkOptionalDate(filter.asOf, 'filter.asOf', component);
  });
  return filter;
}

/**
 * Checks a text query; throws `INVALID_QUERY` naming the field. A term is 1–40 letters and digits in lower case,
 * as `analyzeText` makes them: one with capitals would match differently by store (FTS5 folds case, the
 * in-process stores and PostgreSQL compare exactly), so it is refused on every store.
 */
export function checkTextQuery(query: LongTermTextQuery, component: string): LongTermTextQuery {
  if (typeof query !== 'object' || query === null)
    throw bad(component, 'query must be an object', 'INVALID_QUERY');
  if (!Array.isArray(query.terms) || query.terms.length > maxQueryTerms)
    throw bad(component, `query.terms must be an array of at most ${maxQueryTerms} terms`, 'INVALID_QUERY');
  for (const t of query.terms) {
    if (typeof t !== 'string' || !/^[\p{L}\p{N}]{1,40}$/u.test(t))
      throw bad(
        component,
        `query.terms holds ${describeValue(t, 50)}, which is not an analysed term`,
        'INVALID_QUERY',
      );
    if (t.toLowerCase() !== t)
      throw bad(
        component,
        `query.terms holds ${describeValue(t, 50)}, which is not an analysed term (terms are in lower case: analyse the text with analyzeText)`,
        'INVALID_QUERY',
      );
  }
  checkLimit(query.limit, 'query.limit', component);
  const w = query.contextWeight;
  if (w !== undefined && !(typeof w === 'number' && w >= 0 && w <= 1))
    throw bad(component, 'query.contextWeight must be a number from 0 to 1', 'INVALID_QUERY');
  checkFilter(query.filter, component);
  return query;
}

/** The largest magnitude a float32 holds: a vector component beyond it is stored as ±Infinity by a float32 store. */
export const maxVectorComponent = 3.4028234663852886e38;

/**
 * Checks a vector and returns it; throws `code` naming `what`. Its components are finite numbers a float32 holds
 * (|x| ≤ {@link maxVectorComponent}): SQLite, libSQL and pgvector store float32, where a larger one becomes
 * ±Infinity (libSQL then failed every search that met it; SQLite ranked it 0).
 */
export function checkVector(
  vector: unknown,
  what: string,
  component: string,
  code: 'INVALID_ARGUMENT' | 'INVALID_QUERY' | 'STORE_ERROR' = 'INVALID_ARGUMENT',
): readonly number[] {
  if (!Array.isArray(vector) || vector.length === 0 || vector.length > maxVectorDimensions)
    throw bad(component, `${what} must be an array of 1 to ${maxVectorDimensions} numbers`, code);
  for (const x of vector)
    if (typeof x !== 'number' || !(Math.abs(x) <= maxVectorComponent))
      throw bad(
        component,
        `${what} must hold finite numbers of at most ${maxVectorComponent} in magnitude (float32)`,
        code,
      );
  return vector;
}

/** Checks a vector query; throws `INVALID_QUERY` naming the field. */
export function checkVectorQuery(query: LongTermVectorQuery, component: string): LongTermVectorQuery {
  if (typeof query !== 'object' || query === null)
    throw bad(component, 'query must be an object', 'INVALID_QUERY');
  checkVector(query.vector, 'query.vector', component, 'INVALID_QUERY');
  if (typeof query.model !== 'string' || query.model === '' || query.model.length > 256)
    throw bad(component, 'query.model must be a model id', 'INVALID_QUERY');
  checkLimit(query.limit, 'query.limit', component);
  checkFilter(query.filter, component);
  return query;
}

/** Checks listing options (no key but `filter`, `limit` and `cursor`: `INVALID_ARGUMENT` naming it); returns the page size. */
export function checkListOptions(options: LongTermListOptions | undefined, component: string): number {
  if (typeof options === 'object' && options !== null)
    checkKnownKeys(options, { filter: true, limit: true, cursor: true }, 'listRecords', component);
  const limit = options?.limit === undefined ? 100 : checkLimit(options.limit, 'limit', component);
  checkFilter(options?.filter, component);
  if (options?.cursor !== undefined && (typeof options.cursor !== 'string' || options.cursor.length > 2048))
    throw bad(component, 'cursor is not a cursor', 'INVALID_QUERY');
  return limit;
}

/**
 * Checks `latestRecordTime`'s options (undefined, or an object with a valid `session` id or none); returns the
 * session, if any. Throws `INVALID_ARGUMENT` naming what is wrong.
 */
export function checkLatestOptions(
  options: LongTermLatestOptions | undefined,
  component: string,
): string | undefined {
  if (options === undefined) return undefined;
  if (typeof options !== 'object' || options === null)
    throw bad(component, `options must be an object, got ${describeValue(options)}`);
  checkKnownKeys(options, { session: true }, 'latestRecordTime', component);
  if (options.session !== undefined) checkId(options.session, 'options.session', component);
  return options.session;
}

/** Throws `INVALID_ARGUMENT` unless `purgeIfVersion`'s id is valid and its version a positive integer. */
export function checkIdAtVersion(id: unknown, version: unknown, component: string): void {
  checkId(id, 'id', component);
  if (!Number.isSafeInteger(version) || (version as number) < 1)
    throw bad(component, `version must be a positive integer, got ${describeValue(version)}`);
}

/**
 * Throws `INVALID_ARGUMENT` unless `pruneVersions`' id is valid and `keep` an integer of at least 1 (the current
 * version always stays, so 0 would ask for what the method never does).
 */
export function checkIdKeep(id: unknown, keep: unknown, component: string): void {
  checkId(id, 'id', component);
  if (!Number.isSafeInteger(keep) || (keep as number) < 1)
    throw bad(component, `keep must be an integer of at least 1, got ${describeValue(keep)}`);
}

/** Throws `INVALID_ARGUMENT` unless every id is valid; returns them without repeats. */
export function checkIds(ids: readonly unknown[], what: string, component: string): string[] {
  if (!Array.isArray(ids) || ids.length > 10_000)
    throw bad(component, `${what} must be an array of at most 10000 ids`);
  ids.forEach((id, i) => {
    checkId(id, `${what}[${i}]`, component);
  });
  return [...new Set(ids as string[])];
}
