import fc from 'fast-check';
import { expect } from 'vitest';
import type { LogEntry, MemoryMessage } from '../../core/message.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { groupUnits } from '../../messages/units.ts';
import { makeMessage, makeToolPair } from '../fixtures.ts';
import type { StoreCase } from '../store-case.ts';

/** Seed 001's prune over the whole live log: the oldest whole non-system units until `maxTokens` is met. */
export function referencePrune(log: readonly LogEntry[], maxTokens: number): string[] {
  const total = log.reduce((n, e) => n + e.tokens, 0);
  if (total <= maxTokens) return [];
  const units = groupUnits(log, { message: (e) => e.message, tokens: (e) => e.tokens });
  const removed: string[] = [];
  let freed = 0;
  for (const unit of units) {
    if (freed >= total - maxTokens) break;
    if (unit.kind === 'system') continue;
    removed.push(...unit.items.map((e) => e.message.id));
    freed += unit.tokens;
  }
  return removed;
}

/** One unit of a conversation: a user message, a system message, or a tool call with its result. */
const unitOf = (kind: number, i: number): MemoryMessage[] =>
  kind === 0
    ? [makeMessage('system', `rule ${i}`)]
    : kind === 1
      ? makeToolPair('lookup', { q: i }, `result ${i} `.repeat(1 + (i % 5)))
      : [makeMessage('user', `question ${i} `.repeat(1 + (i % 3)))];

/** `ConversationMemory.prune` over the store. */
export const pruneCases: StoreCase[] = [
  {
    name: 'prune: property — after hundreds of tombstones at the oldest end, prune removes exactly what a prune over the whole log removes',
    async run({ store, scope }) {
      type Op =
        | { kind: 'store'; unit: number }
        | { kind: 'prune'; keep: number }
        | { kind: 'delete'; k: number };
      const op: fc.Arbitrary<Op> = fc.oneof(
        { weight: 3, arbitrary: fc.record({ kind: fc.constant('store' as const), unit: fc.nat(9) }) },
        {
          weight: 3,
          arbitrary: fc.record({
            kind: fc.constant('prune' as const),
            keep: fc.double({ min: 0, max: 1, noNaN: true }),
          }),
        },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), k: fc.nat(1000) }) },
      );
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.nat(300), fc.array(op, { minLength: 1, maxLength: 8 }), async (prefix, ops) => {
          const memory = createConversationMemory({ store, scope: scope(), sessionId: `prune-${run++}` });
          let n = 0;
          const unit = (k: number) => unitOf(k % 4 === 0 ? 0 : k % 2 === 0 ? 1 : 2, n++);
          await memory.store(Array.from({ length: prefix }, (_, i) => unit(i)).flat());
          // Prune most of it first: the oldest end of the log is then a long run of tombstones.
          const all = async () => memory.entries();
          const prune = async (maxTokens: number) => {
            const before = await all();
            const expected = referencePrune(before, maxTokens);
            const removed = await memory.prune(maxTokens);
            expect(removed.map((m) => m.id)).toEqual(expected);
            const gone = new Set(expected);
            expect((await all()).map((e) => e.message.id)).toEqual(
              before.filter((e) => !gone.has(e.message.id)).map((e) => e.message.id),
            );
          };
          await prune(Math.floor((await memory.tokens()) / 20));
          for (const o of ops) {
            if (o.kind === 'store') await memory.store(unit(o.unit));
            else if (o.kind === 'prune') await prune(Math.floor((await memory.tokens()) * o.keep));
            else {
              const live = await all();
              if (live.length > 0) await memory.delete(live[o.k % live.length]!.message.id);
            }
          }
        }),
        { numRuns: 15 },
      );
    },
  },
];
