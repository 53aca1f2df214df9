import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oldestUnit } from './oldest-unit.ts';
import { groupUnits } from './units.ts';

/** The first version: a search of the units for each owner, the one found first kept. */
const oldestBefore = <U>(units: readonly U[], owners: readonly U[]): U =>
  owners.reduce((a, b) => (units.lastIndexOf(a) <= units.lastIndexOf(b) ? a : b));

describe('oldestUnit', () => {
  it('finds the owner that a search of the units for each owner finds, owners not among the units included', () => {
    const units = fc.uniqueArray(fc.integer({ min: 0, max: 20 }), { maxLength: 15 });
    const owners = fc.uniqueArray(fc.integer({ min: 0, max: 25 }), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(units, owners, (u, o) => {
        const box = new Map([...u, ...o].map((n) => [n, { n }]));
        const asUnits = u.map((n) => box.get(n)!);
        const asOwners = o.map((n) => box.get(n)!);
        expect(oldestUnit(asUnits, asOwners)).toBe(oldestBefore(asUnits, asOwners));
      }),
    );
  });

  it('groups a tool message answering the calls of 100,000 assistant messages (a search per owner took ~30 s)', () => {
    const n = 100_000;
    const messages: ModelMessage[] = Array.from({ length: n }, (_, i) => ({
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: `c${i}`, toolName: 'get', input: {} }],
    }));
    messages.push({
      role: 'tool',
      content: Array.from({ length: n }, (_, i) => ({
        type: 'tool-result' as const,
        toolCallId: `c${i}`,
        toolName: 'get',
        output: { type: 'text' as const, value: 'x' },
      })),
    });
    const units = groupUnits(messages, { message: (m) => m });
    expect(units).toHaveLength(1);
    expect(units[0]!.items).toHaveLength(n + 1);
    expect(units[0]!.pending.size).toBe(0);
  });
});
