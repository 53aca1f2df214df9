import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cachedCosts } from './cost.ts';
import { buildTrace, readDocuments } from './trace.ts';

describe('token-savings benchmark parts', () => {
  it('builds the same trace from the same seed, with one planted fact per iteration inside its result', () => {
    const docs = readDocuments(fileURLToPath(new URL('../../node_modules', import.meta.url)));
    const a = buildTrace({ iterations: 4, seed: 7, docs, pageChars: 5000, searchChars: 2000 });
    const b = buildTrace({ iterations: 4, seed: 7, docs, pageChars: 5000, searchChars: 2000 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.iterations).toHaveLength(4);
    for (const fact of a.facts) {
      const tool = a.iterations[fact.iteration - 1]![1]!;
      const holders = (tool.content as { toolCallId: string; output: { value: unknown } }[]).filter((p) =>
        JSON.stringify(p.output.value).includes(fact.text),
      );
      expect(holders.map((h) => h.toolCallId)).toEqual([fact.toolCallId]);
    }
  });

  it('prices cache reads and writes by the common message prefix', () => {
    const costs = cachedCosts([
      { keys: ['a', 'b'], tokens: [100, 50] },
      { keys: ['a', 'b', 'c'], tokens: [100, 50, 10] },
      { keys: ['a', 'x', 'c'], tokens: [100, 5, 10] },
    ]);
    expect(costs[0]).toBeCloseTo(1.25 * 150);
    expect(costs[1]).toBeCloseTo(0.1 * 150 + 1.25 * 10);
    expect(costs[2]).toBeCloseTo(0.1 * 100 + 1.25 * 15);
  });
});
