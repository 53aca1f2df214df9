import { isOptionsObject } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { InvalidValueError } from '../core/errors/invalid-value-error.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkId, idProblem, isValidId } from '../core/ids.ts';
import { checkJsonValue } from '../messages/check-json-value.ts';
import { checkSearchText } from '../messages/search-text.ts';
import type { ContentItem, ContentItemInfo } from './content-item.ts';
import { type ContentCriteria, defaultQueryLimit, maxQueryLimit } from './content-query.ts';

/** The largest content accepted by default, in UTF-8 bytes of the text or JSON serialization. */
export const defaultMaxContentBytes = 64 * 1024 * 1024;

/** Criteria after {@link checkContentCriteria}: normalized, with the cursor decoded. */
export interface CheckedContentCriteria {
  /** Allowed types, or undefined for any. */
  types?: string[];
  /** Exact source. */
  source?: string;
  /** Tags to match (distinct). */
  tags?: string[];
  /** How tags match. */
  tagMatch: 'any' | 'all';
  /** Earliest timestamp, in ms, inclusive. */
  startMs?: number;
  /** Latest timestamp, in ms, inclusive. */
  endMs?: number;
  /** Required words (`toSearchWords` of `text`), or undefined for no text criterion. */
  words?: string[];
  /** Page size. */
  limit: number;
  /** Sort order. */
  order: 'oldest' | 'newest';
  /** Continue strictly after this (timestamp ms, id) in the sort order. */
  after?: { timestampMs: number; id: string };
}

const invalidQuery = (component: string, message: string) =>
  new MemoryError({ code: 'INVALID_QUERY', component, message: `criteria.${message}` });

function checkDate(value: unknown, what: string, component: string): number {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw invalidQuery(component, `${what} must be a valid Date`);
  }
  return value.getTime();
}

/** Refuses a criterion that is not an id (`INVALID_QUERY` naming it at `path`, such as `tags[2]`). */
function checkCriterionId(value: unknown, path: string, component: string): string {
  const problem = idProblem(value);
  if (problem !== undefined) throw invalidQuery(component, `${path} ${problem}`);
  return value as string;
}

/** The most distinct values a `type` or `tags` list holds (each is a SQL variable on the SQL stores). */
const maxCriterionValues = 10_000;

/**
 * The distinct ids of a `type` or `tags` list; `INVALID_QUERY` for a value that is not an id or more than
 * {@link maxCriterionValues} distinct ones (on SQLite and libSQL those were "too many SQL variables").
 */
function checkIdList(value: unknown, what: string, component: string): string[] {
  if (!Array.isArray(value)) throw invalidQuery(component, `${what} must be an array of strings`);
  const ids = [...new Set(value.map((v, i) => checkCriterionId(v, `${what}[${i}]`, component)))];
  if (ids.length > maxCriterionValues)
    throw invalidQuery(
      component,
      `${what} must hold at most ${maxCriterionValues} distinct values, got ${ids.length}`,
    );
  return ids;
}

/** Encodes a position in a query's order as an opaque cursor; throws `INVALID_ARGUMENT` for a bad position. */
export function encodeCursor(timestampMs: number, id: string): string {
  if (!Number.isSafeInteger(timestampMs))
    throw new InvalidValueError({
      path: 'timestampMs',
      problem: `expected an integer, got ${describeValue(timestampMs)}`,
      component: 'content',
    });
  checkId(id, 'id', 'content');
  return Buffer.from(JSON.stringify([timestampMs, id]), 'utf8').toString('base64url');
}

/** The position a cursor of {@link encodeCursor} names; undefined for any other value (a forged or mangled one). */
function readCursor(cursor: unknown): { timestampMs: number; id: string } | undefined {
  if (typeof cursor !== 'string' || cursor.length > 2048) return undefined;
  try {
    const [timestampMs, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    // The id as `encodeCursor` checked it: a forged one (NUL, a lone surrogate, too long) never reaches a store.
    if (Number.isSafeInteger(timestampMs) && isValidId(id)) return { timestampMs: timestampMs as number, id };
  } catch {
    // not base64url JSON: no cursor
  }
  return undefined;
}

/**
 * Whether `cursor` is one a content query returned ({@link encodeCursor}'s spelling): what a query's
 * `criteria.cursor` takes, for a caller that names the cursor in its own words (an HTTP parameter) before it queries.
 */
export const isContentCursor = (cursor: unknown): boolean => readCursor(cursor) !== undefined;

function decodeCursor(cursor: unknown, component: string): { timestampMs: number; id: string } {
  if (typeof cursor !== 'string' || cursor.length > 2048)
    throw invalidQuery(component, 'cursor is not a cursor');
  const position = readCursor(cursor);
  if (!position) throw invalidQuery(component, 'cursor is not a cursor returned by a query');
  return position;
}

const criteriaKeys = new Set([
  'type',
  'source',
  'tags',
  'tagMatch',
  'timeRange',
  'text',
  'limit',
  'order',
  'cursor',
]);

/**
 * Checks query criteria and normalizes them; throws `INVALID_QUERY` naming the bad field (an unknown key, a
 * wrong type, a limit outside 1–1,000, an invalid date or cursor, a text over the search bounds).
 */
export function checkContentCriteria(
  criteria: ContentCriteria | undefined,
  component: string,
): CheckedContentCriteria {
  if (criteria === undefined) return { tagMatch: 'any', limit: defaultQueryLimit, order: 'newest' };
  if (!isOptionsObject(criteria)) {
    throw new MemoryError({
      code: 'INVALID_QUERY',
      component,
      message: `criteria must be an object, got ${describeValue(criteria)}`,
    });
  }
  for (const key of Object.keys(criteria)) {
    if (!criteriaKeys.has(key) && (criteria as Record<string, unknown>)[key] !== undefined) {
      throw invalidQuery(component, `${key} is not a criterion (known: ${[...criteriaKeys].join(', ')})`);
    }
  }
  const out: CheckedContentCriteria = { tagMatch: 'any', limit: defaultQueryLimit, order: 'newest' };
  if (criteria.type !== undefined) {
    out.types =
      typeof criteria.type === 'string'
        ? [checkCriterionId(criteria.type, 'type', component)]
        : checkIdList(criteria.type, 'type', component);
  }
  if (criteria.source !== undefined) out.source = checkCriterionId(criteria.source, 'source', component);
  if (criteria.tags !== undefined) out.tags = checkIdList(criteria.tags, 'tags', component);
  if (criteria.tagMatch !== undefined) {
    if (criteria.tagMatch !== 'any' && criteria.tagMatch !== 'all') {
      throw invalidQuery(
        component,
        `tagMatch must be 'any' or 'all', got ${describeValue(criteria.tagMatch)}`,
      );
    }
    out.tagMatch = criteria.tagMatch;
  }
  if (criteria.timeRange !== undefined) {
    const range = criteria.timeRange;
    if (!isOptionsObject(range))
      throw invalidQuery(
        component,
        `timeRange must be an object { start?, end? }, got ${describeValue(range)}`,
      );
    // A misspelt bound (`from`, `stop`) would be no bound at all: every time would match.
    for (const key of Object.keys(range)) {
      if (key !== 'start' && key !== 'end' && (range as Record<string, unknown>)[key] !== undefined)
        throw invalidQuery(component, `timeRange.${key} is not a bound (known: start, end)`);
    }
    if (range.start !== undefined) out.startMs = checkDate(range.start, 'timeRange.start', component);
    if (range.end !== undefined) out.endMs = checkDate(range.end, 'timeRange.end', component);
  }
  if (criteria.text !== undefined) out.words = checkSearchText(criteria.text, component);
  if (criteria.limit !== undefined) {
    const limit = criteria.limit;
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > maxQueryLimit) {
      throw invalidQuery(
        component,
        `limit must be an integer from 1 to ${maxQueryLimit}, got ${describeValue(limit)}`,
      );
    }
    out.limit = limit;
  }
  if (criteria.order !== undefined) {
    if (criteria.order !== 'oldest' && criteria.order !== 'newest') {
      throw invalidQuery(
        component,
        `order must be 'oldest' or 'newest', got ${describeValue(criteria.order)}`,
      );
    }
    out.order = criteria.order;
  }
  if (criteria.cursor !== undefined) out.after = decodeCursor(criteria.cursor, component);
  return out;
}

/** Throws `INVALID_ARGUMENT` naming the field unless `space` follows the id rule. */
export function checkSpace(space: unknown, component: string): asserts space is string {
  checkId(space, 'space', component);
}

/**
 * Checks an item before any driver writes it: id, type, source, tags and relatedTo follow the id rule; format
 * matches the content (`text`: a well-formed string); content and metadata are JSON values (metadata a plain object);
 * timestamp a valid Date; size, tokens safe non-negative integers; digest 64 hex characters; size at most
 * `maxContentBytes` (`PAYLOAD_TOO_LARGE`). Throws a typed error naming the path.
 */
export function checkContentItem(
  item: ContentItem,
  component: string,
  maxContentBytes = defaultMaxContentBytes,
): void {
  checkItemInfo(item, component);
  if (item.format === 'text' && typeof item.content !== 'string') {
    throw new InvalidValueError({
      path: 'item.content',
      problem: 'expected a string for a text item',
      component,
    });
  }
  if (item.content === undefined) {
    throw new InvalidValueError({ path: 'item.content', problem: 'is required', component });
  }
  if (typeof item.content === 'string' && item.format === 'text' && !item.content.isWellFormed()) {
    // Stored as UTF-8 by the durable drivers, a lone surrogate would read back as U+FFFD.
    throw new InvalidValueError({
      path: 'item.content',
      problem: 'contains a lone surrogate (not well-formed Unicode)',
      component,
    });
  }
  checkJsonValue(item.content, 'item.content', component);
  if (item.size > maxContentBytes) {
    throw new MemoryError({
      code: 'PAYLOAD_TOO_LARGE',
      component,
      message: `item.content is ${item.size} bytes; the limit is ${maxContentBytes}`,
    });
  }
}

/**
 * Checks an item's info (what {@link checkContentItem} checks but its content): for the driver helpers that read
 * items a driver already holds. Throws a typed error naming the path.
 */
export function checkItemInfo(item: ContentItemInfo, component: string): void {
  if (typeof item !== 'object' || item === null) {
    throw new InvalidValueError({ path: 'item', problem: 'expected an object', component });
  }
  checkId(item.id, 'item.id', component);
  checkId(item.type, 'item.type', component);
  checkId(item.source, 'item.source', component);
  if (item.format !== 'text' && item.format !== 'json') {
    throw new InvalidValueError({ path: 'item.format', problem: "expected 'text' or 'json'", component });
  }
  checkInfoFields(item, component);
}

function checkInfoFields(item: ContentItemInfo, component: string): void {
  if (!(item.timestamp instanceof Date) || Number.isNaN(item.timestamp.getTime())) {
    throw new InvalidValueError({ path: 'item.timestamp', problem: 'expected a valid Date', component });
  }
  for (const key of ['size', 'tokens'] as const) {
    if (!Number.isSafeInteger(item[key]) || item[key] < 0) {
      throw new InvalidValueError({
        path: `item.${key}`,
        problem: 'expected a non-negative integer',
        component,
      });
    }
  }
  if (typeof item.digest !== 'string' || !/^[0-9a-f]{64}$/.test(item.digest)) {
    throw new InvalidValueError({ path: 'item.digest', problem: 'expected a SHA-256 hex digest', component });
  }
  for (const key of ['tags', 'relatedTo'] as const) {
    if (!Array.isArray(item[key])) {
      throw new InvalidValueError({ path: `item.${key}`, problem: 'expected an array of ids', component });
    }
    item[key].forEach((v, i) => {
      checkId(v, `item.${key}[${i}]`, component);
    });
  }
  const proto =
    typeof item.metadata === 'object' && item.metadata !== null ? Object.getPrototypeOf(item.metadata) : 0;
  if (proto !== Object.prototype && proto !== null) {
    throw new InvalidValueError({
      path: 'item.metadata',
      problem: 'expected a plain JSON object',
      component,
    });
  }
  checkJsonValue(item.metadata, 'item.metadata', component);
}

/**
 * Checks the items of a `replaceItems` call before anything is written: each with {@link checkContentItem},
 * and their ids distinct (`INVALID_ARGUMENT` naming the repeated one).
 */
export function checkReplacement(
  items: readonly ContentItem[],
  component: string,
  maxContentBytes = defaultMaxContentBytes,
): void {
  if (!Array.isArray(items))
    throw new InvalidValueError({ path: 'items', problem: 'expected an array of items', component });
  const seen = new Set<string>();
  items.forEach((item, i) => {
    checkContentItem(item, component, maxContentBytes);
    if (seen.has(item.id)) {
      throw new MemoryError({
        code: 'INVALID_ARGUMENT',
        component,
        message: `items[${i}].id "${item.id}" repeats an earlier id`,
      });
    }
    seen.add(item.id);
  });
}
