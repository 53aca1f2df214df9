/** Ranges added one at a time, asked whether any of them covers a range. */
export interface CoveringRanges {
  /** Adds the range `from`–`to` (both ends included). */
  add(from: number, to: number): void;
  /** Whether a range added so far starts at or before `from` and ends at or after `to`. */
  covers(from: number, to: number): boolean;
}

/**
 * {@link CoveringRanges} whose ranges start at some of `starts` (known up front): a Fenwick tree of the largest end
 * among the ranges starting at or before each start, so an addition or a question costs O(log n), not a look at
 * every range added (which made checking thousands of ladder steps against the summaries after them quadratic).
 * A range starting elsewhere, or with an end that is not a number, covers nothing, as a comparison with it finds.
 */
export function coveringRanges(starts: readonly number[]): CoveringRanges {
  const keys = [...new Set(starts.filter((s) => !Number.isNaN(s)))].sort((a, b) => a - b);
  const ends = new Array<number>(keys.length + 1).fill(Number.NEGATIVE_INFINITY);
  /** How many keys are at or below `value` (NaN: none). */
  const atOrBelow = (value: number) => {
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid]! <= value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    add(from, to) {
      const at = atOrBelow(from);
      if (at === 0 || keys[at - 1] !== from) return;
      for (let i = at; i <= keys.length; i += i & -i) if (to > ends[i]!) ends[i] = to;
    },
    covers(from, to) {
      let end = Number.NEGATIVE_INFINITY;
      for (let i = atOrBelow(from); i > 0; i -= i & -i) if (ends[i]! > end) end = ends[i]!;
      return end >= to;
    },
  };
}
