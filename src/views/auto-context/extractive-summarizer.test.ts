import { describe, expect, it } from 'vitest';
import type { MemoryMessage } from '../../core/message.ts';
import { createExtractiveSummarizer } from './extractive-summarizer.ts';

/** `n` assistant messages, each citing its own content item. */
const citing = (n: number, from = 0): MemoryMessage[] =>
  Array.from(
    { length: n },
    (_, i) =>
      ({
        id: `m${from + i}`,
        role: 'assistant',
        content: `Read it: the page is content item "tr_${String(from + i).padStart(24, '0')}".`,
        createdAt: new Date(0),
      }) as MemoryMessage,
  );
const listed = (summary: string) =>
  [...(summary.split('\n').at(-1) ?? '').matchAll(/"([^"]+)"/g)].map((m) => m[1]!);

describe('createExtractiveSummarizer', () => {
  it('lists every item cited when they fit', async () => {
    const summary = await createExtractiveSummarizer()({ messages: citing(5) });
    expect(listed(summary)).toEqual(citing(5).map((_, i) => `tr_${String(i).padStart(24, '0')}`));
  });

  it('stays within maxChars however many items a long session cited: the newest are listed', async () => {
    const summarize = createExtractiveSummarizer();
    // Before, the list of ids was bounded by count alone (300): 300 ids took 8.4 KB, twice maxChars, and a
    // summary of a long session outgrew a small view's budget (CONTEXT_OVERFLOW after ~700 runs at 4,000 tokens).
    let summary = await summarize({ messages: citing(400) });
    for (let k = 1; k < 4; k++)
      summary = await summarize({ previousSummary: summary, messages: citing(400, 400 * k) });
    expect(summary.length).toBeLessThanOrEqual(4000);
    const ids = listed(summary);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.at(-1)).toBe(`tr_${String(1599).padStart(24, '0')}`);
    // The newest, in order, with none skipped.
    const first = Number(ids[0]!.slice(3));
    expect(ids).toEqual(ids.map((_, i) => `tr_${String(first + i).padStart(24, '0')}`));
    const small = await createExtractiveSummarizer({ maxChars: 1000 })({ messages: citing(100) });
    expect(small.length).toBeLessThanOrEqual(1000);
  });
});
