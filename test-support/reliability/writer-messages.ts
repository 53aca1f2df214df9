import type { MemoryMessage } from '../../src/core/message.ts';
import type { AppendInput } from '../../src/store/memory-store.ts';

export { createPrng as prng } from '../../src/testing/prng.ts';

const base = Date.UTC(2024, 0, 1);

/**
 * The message a reliability writer appends under `id`: deterministic from the id (so a retry after a crash
 * re-sends exactly the same message and the idempotent append accepts it), with a size that varies up to
 * ~1.5 kB so writes cross page boundaries.
 */
export function writerMessage(id: string, n: number): AppendInput {
  const message = {
    role: n % 3 === 0 ? 'assistant' : 'user',
    content: `payload ${id} ${'x'.repeat((n * 7919) % 1500)}`,
    id,
    createdAt: new Date(base + n * 1000),
  } as MemoryMessage;
  return { message, tokens: 1 + (n % 17) };
}
