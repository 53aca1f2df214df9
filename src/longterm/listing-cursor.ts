import { MemoryError } from '../core/errors/memory-error.ts';

/**
 * The cursor of a long-term listing at `position` (the last record listed: its sequence or `first_rid`), in base 36.
 * Every store writes its cursors so and reads them back with {@link listingPosition}.
 */
export const listingCursor = (position: number): string => position.toString(36);

/**
 * The position a listing continues after: 0 for the first page (`cursor` undefined), else the one `cursor` names.
 * Only a cursor a listing returned is read (the base-36 spelling {@link listingCursor} writes, of a safe integer
 * of 0 or more); anything else, such as `" 5"`, `"05"`, `"-1"` or `"5.0"` that a lenient parse would take, is an
 * `INVALID_QUERY` from `component`.
 */
export function listingPosition(cursor: string | undefined, component: string): number {
  if (cursor === undefined) return 0;
  const position = Number.parseInt(cursor, 36);
  if (!Number.isSafeInteger(position) || position < 0 || listingCursor(position) !== cursor)
    throw new MemoryError({
      code: 'INVALID_QUERY',
      component,
      message: 'cursor is not a cursor returned by a listing',
    });
  return position;
}
