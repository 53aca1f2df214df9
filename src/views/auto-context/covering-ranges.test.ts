import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isActive, supersededSteps } from './apply-ladder.ts';
import { coveringRanges } from './covering-ranges.ts';
import type { LadderStep } from './ladder-artifacts.ts';

/** The first version's question: a look at every range added so far. */
const coversBefore = (added: { from: number; to: number }[], from: number, to: number) =>
  added.some((r) => from >= r.from && to <= r.to);

/** The first version of `supersededSteps`: each step checked against every later active summary. */
function supersededBefore(steps: readonly LadderStep[]): Set<LadderStep> {
  const out = new Set<LadderStep>();
  const summaries: { from: number; to: number }[] = [];
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i]!;
    if (!isActive(s)) continue;
    if (coversBefore(summaries, s.fromSeq, s.toSeq)) out.add(s);
    else if (s.summary) summaries.push({ from: s.fromSeq, to: s.toSeq });
  }
  return out;
}

const seq = fc.oneof(
  { weight: 9, arbitrary: fc.integer({ min: 0, max: 12 }) },
  { weight: 1, arbitrary: fc.constant(Number.NaN) },
);
const range = fc.record({ from: seq, to: seq });

describe('coveringRanges', () => {
  it('answers what a look at every range added so far answers', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), range), { maxLength: 30 }), (ops) => {
        const ranges = coveringRanges(ops.map(([, r]) => r.from));
        const added: { from: number; to: number }[] = [];
        for (const [add, r] of ops) {
          expect(ranges.covers(r.from, r.to)).toBe(coversBefore(added, r.from, r.to));
          if (add) {
            ranges.add(r.from, r.to);
            added.push(r);
          }
        }
      }),
    );
  });

  it('supersededSteps finds the steps its first version found', () => {
    const step = fc.record({ range, summary: fc.boolean(), reloaded: fc.boolean() }).map(
      ({ range: r, summary, reloaded }, i = 0): LadderStep => ({
        id: `s${i}`,
        step: summary ? 'compact-tool-runs' : 'clear-tool-results',
        fromSeq: r.from,
        toSeq: r.to,
        tokensBefore: 0,
        tokensAfter: 0,
        ...(summary ? { summary: { text: 's', tokens: 1 } } : {}),
        ...(reloaded ? { reloadedAtSeq: 1 } : {}),
        createdAt: new Date(0),
      }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const at = (set: Set<LadderStep>) => steps.flatMap((step, i) => (set.has(step) ? [i] : []));
        expect(at(supersededSteps(steps))).toEqual(at(supersededBefore(steps)));
      }),
    );
  });

  it('finds which of 200,000 ladder steps a later summary covers (a look at every later summary took ~20 s)', () => {
    const n = 200_000;
    const steps = Array.from(
      { length: n },
      (_, i): LadderStep => ({
        id: `s${i}`,
        step: 'compact-tool-runs',
        fromSeq: i * 10 + 1,
        toSeq: i * 10 + (i % 100 === 99 ? 1000 : 8), // every 100th step's summary covers the 99 after it
        tokensBefore: 0,
        tokensAfter: 0,
        summary: { text: 's', tokens: 1 },
        createdAt: new Date(i),
      }),
    );
    // In log order no summary is later than a step it covers: none is superseded (and every summary is kept).
    expect(supersededSteps(steps).size).toBe(0);
    // Written the other way round, the first 99 and each covering step stand; every other is superseded.
    expect(supersededSteps(steps.reverse()).size).toBe(n - 99 - n / 100);
  });
});
