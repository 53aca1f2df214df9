/**
 * A list of log sequence numbers, stored as runs `[first, last]` of consecutive numbers: a conversation
 * appended in order is one run however long it grows; a removed or replaced message splits it in two or three.
 */
export type SeqRuns = [number, number][];

/** The runs of a list of sequence numbers (in list order; a number may repeat). */
export function toRuns(seqs: readonly number[]): SeqRuns {
  const runs: SeqRuns = [];
  for (const seq of seqs) {
    const last = runs.at(-1);
    if (last && seq === last[1] + 1) last[1] = seq;
    else runs.push([seq, seq]);
  }
  return runs;
}

/** The sequence numbers of runs, in order. */
export function fromRuns(runs: SeqRuns): number[] {
  const out: number[] = [];
  for (const [first, last] of runs) for (let seq = first; seq <= last; seq++) out.push(seq);
  return out;
}

/** Whether a stored value is a list of runs (positive integers, each run ascending). */
export function isRuns(value: unknown): value is SeqRuns {
  return (
    Array.isArray(value) &&
    value.every(
      (run) =>
        Array.isArray(run) &&
        run.length === 2 &&
        Number.isSafeInteger(run[0]) &&
        Number.isSafeInteger(run[1]) &&
        run[0] >= 1 &&
        run[0] <= run[1],
    )
  );
}

/** The ranges to read for runs: overlapping or adjacent runs merged, in sequence order. */
export function readRanges(runs: SeqRuns): SeqRuns {
  const sorted = runs.map(([a, b]): [number, number] => [a, b]).sort((x, y) => x[0] - y[0]);
  const out: SeqRuns = [];
  for (const run of sorted) {
    const last = out.at(-1);
    if (last && run[0] <= last[1] + 1) last[1] = Math.max(last[1], run[1]);
    else out.push(run);
  }
  return out;
}
