import type { LogEntry } from '../../core/message.ts';

/** The messages and tokens of the non-system entries inside a range of sequence numbers. */
export type RangeCoverage = (fromSeq: number, toSeq: number) => { messages: number; tokens: number };

/**
 * {@link RangeCoverage} over `entries`: prefix sums of the non-system entries in sequence order and a binary search
 * for each end, so a read's thousands of summaries cost a search each, not a walk of the whole log each. An end that
 * is not a number bounds nothing, as a comparison with it finds.
 */
export function rangeCoverage(entries: readonly LogEntry[]): RangeCoverage {
  const sorted = entries.every((e, i) => i === 0 || entries[i - 1]!.seq <= e.seq)
    ? entries
    : [...entries].sort((a, b) => a.seq - b.seq);
  const seqs = sorted.map((e) => e.seq);
  const messages = [0];
  const tokens = [0];
  for (const e of sorted) {
    const counted = e.message.role !== 'system';
    messages.push(messages.at(-1)! + (counted ? 1 : 0));
    tokens.push(tokens.at(-1)! + (counted ? e.tokens : 0));
  }
  /** How many sequence numbers are below `seq` (or at it, with `orAt`). */
  const countBelow = (seq: number, orAt: boolean) => {
    let lo = 0;
    let hi = seqs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (seqs[mid]! < seq || (orAt && seqs[mid] === seq)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return (fromSeq, toSeq) => {
    const lo = Number.isNaN(fromSeq) ? 0 : countBelow(fromSeq, false);
    const hi = Math.max(lo, Number.isNaN(toSeq) ? seqs.length : countBelow(toSeq, true));
    return { messages: messages[hi]! - messages[lo]!, tokens: tokens[hi]! - tokens[lo]! };
  };
}
