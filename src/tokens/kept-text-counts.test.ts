import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedBpeCounter } from './bounded-bpe.ts';
import { createKeptTextCounts } from './kept-text-counts.ts';

const countChars = (text: string) => [...text].length;

describe('createKeptTextCounts', () => {
  it('gives the count of every text, counting a kept text once, and keeps at most its characters, oldest forgotten first', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 40 }), { maxLength: 60 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 120 }),
        (texts, minChars, keptChars) => {
          const kept = createKeptTextCounts({ minChars, keptChars });
          const calls = new Map<string, number>();
          const count = (t: string) => {
            calls.set(t, (calls.get(t) ?? 0) + 1);
            return countChars(t);
          };
          // The model: the kept texts in insertion order, trimmed from the front past keptChars.
          let model: string[] = [];
          for (const text of texts) {
            const before = calls.get(text) ?? 0;
            expect(kept.countOf(text, count)).toBe(countChars(text));
            const keepable = text.length >= minChars && text.length <= keptChars;
            const wasKept = model.includes(text);
            expect((calls.get(text) ?? 0) - before).toBe(keepable && wasKept ? 0 : 1);
            if (keepable && !wasKept) {
              model.push(text);
              let chars = model.reduce((s, t) => s + t.length, 0);
              while (chars > keptChars) chars -= model.shift()!.length;
            }
            expect(kept.size).toBe(model.length);
          }
          model = [];
        },
      ),
    );
  });

  it('counts texts shorter than minChars every time', () => {
    const kept = createKeptTextCounts({ minChars: 10, keptChars: 100 });
    let calls = 0;
    const count = (t: string) => {
      calls++;
      return t.length;
    };
    kept.countOf('short', count);
    kept.countOf('short', count);
    expect(calls).toBe(2);
    expect(kept.size).toBe(0);
  });

  it('counts again after clear, and keeps counting what it is given after it', () => {
    const kept = createKeptTextCounts({ keptChars: 100 });
    let calls = 0;
    const count = (t: string) => {
      calls++;
      return t.length;
    };
    kept.countOf('a text', count);
    kept.clear();
    expect(kept.size).toBe(0);
    expect(kept.countOf('a text', count)).toBe(6);
    expect(kept.countOf('a text', count)).toBe(6);
    expect(calls).toBe(2);
  });
});

describe('boundedBpeCounter with kept long texts', () => {
  it('counts a long text seen again as it counted it the first time, in a second counter of the encoding too', () => {
    const page = Array.from(
      { length: 400 },
      (_, i) => `row ${i}: the cache budget changed by ${i * 7} tokens`,
    ).join('\n');
    const first = boundedBpeCounter('o200k_base');
    const second = boundedBpeCounter('o200k_base');
    const n = first(page);
    expect(n).toBeGreaterThan(1000);
    expect(second(page)).toBe(n);
    expect(first(`${page} `)).toBeGreaterThanOrEqual(n);
    // Another encoding does not share the count.
    expect(boundedBpeCounter('cl100k_base')(page)).not.toBe(0);
  });
});
