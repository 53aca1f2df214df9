import type { MemoryMessage } from '../../src/core/message.ts';
import type { Scope } from '../../src/core/scope.ts';

/** The scope of the extraction crash test. */
export const extractionScope: Scope = { tenant: 'crash', user: 'u1' };

/** `n` user turns with distinct texts and ids (`turn 0 mentions word0` …), one minute apart. */
export function extractionTurns(n: number): MemoryMessage[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `m${i}`,
    role: 'user' as const,
    content: `turn ${i} mentions lighthouse${i}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
  }));
}
