import type { MemoryMessage } from '../../core/message.ts';
import type { AppendInput } from '../../store/memory-store.ts';

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

/** A small deterministic PRNG (mulberry32): the same seed gives the same batch sizes and delays. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
