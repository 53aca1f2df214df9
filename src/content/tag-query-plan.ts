import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';

/**
 * How a store with an index of items by tag answers a query by tag: read the items of a rare tag's rows, or walk the
 * space in the order asked and check each item's tags by key. Both are exact; the plan only picks the cheaper.
 */

/**
 * The tag rows below which a query reads the items of its tags' rows (fewer lookups than this, then a sort); at or
 * above it the query walks the space in its order and checks each item's tags, reaching a page of `limit` after
 * about `limit × items ÷ rows` items (at most ~2,000 for a page of 20 in 50,000 items). The count that decides reads
 * at most this many index entries.
 */
export const tagRowsReadFirst = 500;

/** Tags of an `all` query whose rows are counted at most, the rarest of them driving (any of them may). */
export const tagsCountedAtMost = 8;

/**
 * A query by tag as a store reads it: an item answers when it carries one of `readBy` (when given: the tags whose
 * rows the store reads the items of), one of `anyOf` (when given) and every one of `allOf` (when given), each of
 * the last two checked on the item by key.
 */
export interface TagQueryPlan {
  /** The tags whose rows are read first, or undefined to walk the space. */
  readonly readBy?: readonly string[];
  /** The item carries one of these (never empty when given). */
  readonly anyOf?: readonly string[];
  /** The item carries every one of these (distinct, never empty when given). */
  readonly allOf?: readonly string[];
}

/**
 * Plans a query for `tags` (never empty; repeats ignored) matching `any` or `all` of them. `countRows(tags)` counts
 * the rows of the item index holding any of `tags`, reading at most {@link tagRowsReadFirst} of them (a count at
 * that bound means "as many or more"). For `any` (or one tag) the tags' rows are read when fewer than the bound,
 * else the tags are checked; for `all` the rarest of the first {@link tagsCountedAtMost} tags drives when its rows
 * are fewer than the bound and the others are checked, else every tag is checked. Bad arguments, and a count that
 * is no number from 0, are `INVALID_ARGUMENT`.
 */
export async function planTagQuery(
  tags: readonly string[],
  mode: 'any' | 'all',
  countRows: (tags: readonly string[]) => Promise<number>,
): Promise<TagQueryPlan> {
  const refuse = (message: string) =>
    new MemoryError({ code: 'INVALID_ARGUMENT', component: 'content', message: `planTagQuery: ${message}` });
  if (!Array.isArray(tags) || tags.length === 0 || !tags.every((tag) => typeof tag === 'string'))
    throw refuse(`tags must be a non-empty array of strings, got ${describeValue(tags)}`);
  if (mode !== 'any' && mode !== 'all')
    throw refuse(`mode must be 'any' or 'all', got ${describeValue(mode)}`);
  if (typeof countRows !== 'function')
    throw refuse(`countRows must be a function, got ${describeValue(countRows)}`);
  const counted = async (some: readonly string[]) => {
    const rows = await countRows(some);
    if (typeof rows !== 'number' || !(rows >= 0))
      throw refuse(`countRows must resolve to a count (a number from 0), got ${describeValue(rows)}`);
    return rows;
  };
  const distinct = [...new Set(tags)];
  if (mode === 'any' || distinct.length === 1)
    return (await counted(distinct)) < tagRowsReadFirst ? { readBy: distinct } : { anyOf: distinct };
  const first = distinct.slice(0, tagsCountedAtMost);
  const counts = await Promise.all(first.map(async (tag) => ({ tag, rows: await counted([tag]) })));
  const rarest = counts.reduce((a, b) => (b.rows < a.rows ? b : a));
  if (rarest.rows >= tagRowsReadFirst) return { allOf: distinct };
  const others = distinct.filter((tag) => tag !== rarest.tag);
  return { readBy: [rarest.tag], ...(others.length > 0 ? { allOf: others } : {}) };
}
