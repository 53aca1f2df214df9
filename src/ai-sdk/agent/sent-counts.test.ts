import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbModelMessage } from '../../testing/message-arbitraries.ts';
import { createEstimateTokenCounter } from '../../tokens/estimate-token-counter.ts';
import { createTokenCounter } from '../../tokens/index.ts';
import { createSentCounts } from './sent-counts.ts';

const counters = [createTokenCounter({ encoding: 'o200k_base' }), createEstimateTokenCounter()];

describe('createSentCounts', () => {
  it('every count equals the counter’s, for messages sent again as they are, as copies or under another role (property)', () => {
    fc.assert(
      fc.property(
        fc.array(arbModelMessage, { minLength: 1, maxLength: 8 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom('same', 'copy', 'role'), fc.nat(1)), { maxLength: 30 }),
        (messages, calls) => {
          const counts = createSentCounts();
          for (const [i, how, c] of calls) {
            const counter = counters[c]!;
            const m = messages[i % messages.length]!;
            const sent: ModelMessage =
              how === 'same'
                ? m
                : how === 'copy'
                  ? ({
                      ...m,
                      content: Array.isArray(m.content) ? m.content.map((part) => ({ ...part })) : m.content,
                    } as ModelMessage)
                  : ({ ...m, role: m.role === 'user' ? 'system' : 'user' } as ModelMessage);
            expect(counts.countWith(counter)(sent)).toBe(counter.count(sent));
            const text = typeof m.content === 'string' ? m.content : JSON.stringify(m.content);
            expect(counts.countTextWith(counter)(text)).toBe(counter.countText(text));
            const through = counts.counterWith(counter);
            expect(through.encoding).toBe(counter.encoding);
            expect(through.countText(text)).toBe(counter.countText(text));
            expect(through.count(sent)).toBe(counter.count(sent));
            // The counter's cheap lower bound goes through (recall packing skips records with it).
            expect(through.atLeast?.(text)).toBe(counter.atLeast?.(text));
            // So does whether counts add across lines (recall packing then sums its lines).
            expect(through.addsAcrossLines === true).toBe(counter.addsAcrossLines === true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('forgets the oldest texts past its character budget and still counts them right', () => {
    const counter = createEstimateTokenCounter();
    const counts = createSentCounts().countTextWith(counter);
    const texts = ['a', 'b', 'c', 'a'].map((c, i) => `${c.repeat(1_500_000)} ${i % 3}`);
    for (const text of [...texts, ...texts]) expect(counts(text)).toBe(counter.countText(text));
  });
});
