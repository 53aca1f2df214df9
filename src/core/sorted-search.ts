/**
 * The first index of `items` (ascending by `key`) whose key is at least `value`; `items.length` when none is.
 * A binary search: O(log n).
 */
export function firstAtLeast<T>(items: readonly T[], value: number, key: (item: T) => number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(items[mid]!) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The identity key of {@link firstAtLeast} for arrays of numbers. */
export const numberKey = (n: number): number => n;
