/**
 * Where positions of a session's log land in a copy of it. A copy appends only the live entries, so its sequence
 * numbers are dense (1, 2, 3, …) where the source's have gaps (deleted entries, a pruned head): an artifact's
 * range, which names source positions, must be moved onto the copy's.
 */
export interface CopiedSeqs {
  /** Records that the source entry at `from` is the copy's entry at `to` (called in log order). */
  add(from: number, to: number): void;
  /**
   * An artifact's `fromSeq`–`toSeq` in the copy: `fromSeq` moves to the first copied entry at or after it, `toSeq` to
   * the last copied entry at or before it (0 before any). A range that names no copied entry (only deleted ones)
   * becomes the empty range just after the `n` entries copied before it: `{ fromSeq: n + 1, toSeq: n }`, which names
   * no entry (every consumer reads `fromSeq > toSeq` as covering nothing: a summary of it is not in force, it marks no
   * chat reply as stopped) while its `toSeq` keeps its place in the log's order (an observer's cursor, the order
   * artifacts are listed in). An entry the range names keeps being named, and no other entry is.
   */
  range(fromSeq: number, toSeq: number): { fromSeq: number; toSeq: number };
}

/** A {@link CopiedSeqs} to fill while the copy is appended. */
export function createCopiedSeqs(): CopiedSeqs {
  const sources: number[] = [];
  const targets: number[] = [];
  /** Index of the first source position at or after `seq` (sources.length when none). */
  const firstAtOrAfter = (seq: number) => {
    let lo = 0;
    let hi = sources.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sources[mid] as number) < seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    add(from, to) {
      sources.push(from);
      targets.push(to);
    },
    range(fromSeq, toSeq) {
      const first = firstAtOrAfter(fromSeq);
      const last = firstAtOrAfter(toSeq + 1) - 1;
      const to = last >= 0 ? (targets[last] as number) : 0;
      if (first > last) return { fromSeq: to + 1, toSeq: to };
      return { fromSeq: targets[first] as number, toSeq: to };
    },
  };
}
