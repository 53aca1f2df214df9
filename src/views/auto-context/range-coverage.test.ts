import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../core/message.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import type { LadderItem } from './apply-ladder.ts';
import type { LadderStep } from './ladder-artifacts.ts';
import { ladderAssembly } from './ladder-assembly.ts';
import { rangeCoverage } from './range-coverage.ts';

/** The first version: a walk of every entry for each summary. */
function coveredBefore(entries: readonly LogEntry[], item: { fromSeq: number; toSeq: number }) {
  let messages = 0;
  let tokens = 0;
  for (const e of entries) {
    if (e.seq < item.fromSeq || e.seq > item.toSeq || e.message.role === 'system') continue;
    messages++;
    tokens += e.tokens;
  }
  return { messages, tokens };
}

const entry = (seq: number, role: string, tokens: number) =>
  ({ seq, tokens, message: { id: `m${seq}`, role, content: 'x' } }) as unknown as LogEntry;

describe('rangeCoverage', () => {
  it('counts what a walk of every entry counts, in or out of order, ends that are not numbers included', () => {
    const end = fc.oneof(
      { weight: 9, arbitrary: fc.integer({ min: -1, max: 25 }) },
      { weight: 1, arbitrary: fc.constant(Number.NaN) },
    );
    const entries = fc
      .uniqueArray(fc.integer({ min: 1, max: 20 }), { maxLength: 15 })
      .chain((seqs) =>
        fc.tuple(
          ...seqs.map((seq) =>
            fc
              .tuple(fc.constantFrom('system', 'user', 'assistant', 'tool'), fc.nat(50))
              .map(([role, t]) => entry(seq, role, t)),
          ),
        ),
      );
    fc.assert(
      fc.property(entries, fc.array(fc.tuple(end, end), { maxLength: 10 }), (list, ranges) => {
        const coverage = rangeCoverage(list);
        for (const [fromSeq, toSeq] of ranges)
          expect(coverage(fromSeq, toSeq)).toEqual(coveredBefore(list, { fromSeq, toSeq }));
      }),
    );
  });

  it('explains a read of 50,000 summaries over 400,000 entries (a walk of the log for each took ~50 s)', () => {
    const entries: LogEntry[] = [];
    const items: LadderItem[] = [];
    const steps: LadderStep[] = [];
    for (let t = 0; t < 50_000; t++) {
      for (let k = 0; k < 8; k++) entries.push(entry(t * 8 + k + 1, k === 0 ? 'user' : 'assistant', 10));
      const id = `s${t}`;
      steps.push({
        id,
        step: 'compact-tool-runs',
        fromSeq: t * 8 + 2,
        toSeq: t * 8 + 8,
        tokensBefore: 0,
        tokensAfter: 0,
        createdAt: new Date(0),
        summary: { text: 's', tokens: 3 },
      });
      items.push({
        fromSeq: t * 8 + 2,
        toSeq: t * 8 + 8,
        message: { id, role: 'user', content: 's', createdAt: new Date(0) },
        tokens: 3,
        origin: 'summary',
        steps: [id],
      } as LadderItem);
    }
    const assembly = ladderAssembly({ entries, items, steps, maxTokens: 1e9 }, createTokenCounter());
    expect(assembly.dropped).toHaveLength(50_000);
    expect(assembly.dropped.every((d) => d.messages === 7 && d.tokens === 70)).toBe(true);
  }, 20_000);
});
