import { checkInteger } from '../core/check-options.ts';
import { MemoryError } from '../core/errors/memory-error.ts';

/**
 * The cursor of a long-term listing at `position` (the last record listed: its sequence or `first_rid`, a safe
 * integer of 0 or more; anything else is `INVALID_ARGUMENT`), in base 36. Every store writes its cursors so and
 * reads them back with {@link listingPosition}.
 */
export const listingCursor = (position: number): string =>
  checkInteger(position, 'listingCursor(position)', 'longterm', 0).toString(36);

/**
 * The position a listing continues after: 0 for the first page (`cursor` undefined), else the one `cursor` names.
 * Only a cursor a listing returned is read (the base-36 spelling {@link listingCursor} writes, of a safe integer
 * of 0 or more); anything else, such as `" 5"`, `"05"`, `"-1"` or `"5.0"` that a lenient parse would take, or a
 * value that is no string, is an `INVALID_QUERY` from `component` (the store's name, a non-empty string; else
 * `INVALID_ARGUMENT`).
 */
export function listingPosition(cursor: unknown, component: string): number {
  if (typeof component !== 'string' || component === '')
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'longterm',
      message: 'listingPosition(cursor, component): component must be a non-empty string',
    });
  if (cursor === undefined) return 0;
  const position = typeof cursor === 'string' ? Number.parseInt(cursor, 36) : Number.NaN;
  if (!Number.isSafeInteger(position) || position < 0 || position.toString(36) !== cursor)
    throw new MemoryError({
      code: 'INVALID_QUERY',
      component,
      message: 'cursor is not a cursor returned by a listing',
    });
  return position;
}
