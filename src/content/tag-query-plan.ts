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

/**
 * A query by tag as a store reads it: an item answers when it carries one of `readBy` (when given: the tags whose
 * rows the store reads the items of) and one tag of every group of `checked` (each checked on the item by key).
 */
export interface TagQueryPlan {
  /** The tags whose rows are read first, or undefined to walk the space. */
  readonly readBy?: readonly string[];
  /** Groups of tags, each checked on an item: it must carry one tag of every group. */
  readonly checked: readonly (readonly string[])[];
}

/**
 * Plans a query for `tags` (never empty; repeats ignored) matching `any` or `all` of them. `countRows(tags)` counts
 * the rows of the item index holding any of `tags`, reading at most {@link tagRowsReadFirst} of them (a count at
 * that bound means "as many or more"). For `any` (or one tag) the tags' rows are read when fewer than the bound,
 * else the tags are checked; for `all` the rarest tag's rows are read when fewer than the bound and the other tags
 * checked, else every tag is checked.
 */
export async function planTagQuery(
  tags: readonly string[],
  mode: 'any' | 'all',
  countRows: (tags: readonly string[]) => Promise<number>,
): Promise<TagQueryPlan> {
  const distinct = [...new Set(tags)];
  if (mode === 'any' || distinct.length === 1)
    return (await countRows(distinct)) < tagRowsReadFirst
      ? { readBy: distinct, checked: [] }
      : { checked: [distinct] };
  const counts = await Promise.all(distinct.map(async (tag) => ({ tag, rows: await countRows([tag]) })));
  const rarest = counts.reduce((a, b) => (b.rows < a.rows ? b : a));
  return rarest.rows < tagRowsReadFirst
    ? { readBy: [rarest.tag], checked: distinct.filter((tag) => tag !== rarest.tag).map((tag) => [tag]) }
    : { checked: distinct.map((tag) => [tag]) };
}
