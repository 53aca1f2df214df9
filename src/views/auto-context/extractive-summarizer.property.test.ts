import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemoryMessage } from '../../core/message.ts';
import { line, newestLines } from './extractive-summarizer.ts';

/**
 * The extractive summarizer makes lines from the newest message back only as far as its budget reaches; what it
 * keeps equals the direct computation: every line made, the oldest dropped one at a time until the rest fits.
 */
function direct(messages: readonly MemoryMessage[], head: string[], budget: number, cap: number): string {
  const lines = messages.map((m) => line(m, cap));
  let out = [...head, ...lines].join('\n');
  while (out.length > budget && lines.length > 1) {
    lines.shift();
    out = [...head, '- …', ...lines].join('\n');
  }
  return out;
}

const arbText = fc.oneof(
  fc.string({ maxLength: 500 }),
  fc.nat(99).map((n) => `content item "tr_${n}"`),
);
const arbMessage: fc.Arbitrary<MemoryMessage> = fc.oneof(
  fc
    .record({
      role: fc.constantFrom('user' as const, 'assistant' as const),
      content: fc.string({ maxLength: 300 }),
    })
    .map(
      ({ role, content }): MemoryMessage =>
        role === 'user'
          ? { id: 'm', createdAt: new Date(0), role, content }
          : { id: 'm', createdAt: new Date(0), role, content },
    ),
  fc
    .array(fc.record({ id: fc.string({ minLength: 1, maxLength: 5 }), value: arbText }), {
      minLength: 1,
      maxLength: 2,
    })
    .map(
      (results): MemoryMessage => ({
        id: 'm',
        createdAt: new Date(0),
        role: 'tool',
        content: results.map((r) => ({
          type: 'tool-result' as const,
          toolCallId: r.id,
          toolName: 'web_fetch',
          output: { type: 'text' as const, value: r.value },
        })),
      }),
    ),
);

describe('extractive summarizer lines', () => {
  it('property: the newest lines that fit, as dropping the oldest one at a time gives', () => {
    fc.assert(
      fc.property(
        fc.array(arbMessage, { maxLength: 40 }),
        fc.option(fc.string({ maxLength: 300 }), { nil: undefined }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 1, max: 240 }),
        (messages, previous, budget, cap) => {
          const head = previous ? [previous] : [];
          expect(newestLines(messages, head, budget, cap).join('\n')).toBe(
            direct(messages, head, budget, cap),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
