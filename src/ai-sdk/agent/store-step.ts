import type { ModelMessage } from 'ai';
import { type Memory, storesMany } from '../../memory/memory.ts';

/** Stores a step's messages: in one call when the memory takes arrays (engram's do), else one by one (seed 000). */
export async function storeStep(memory: Memory, messages: readonly ModelMessage[]): Promise<void> {
  if (messages.length === 0) return;
  if (memory[storesMany])
    await (memory as unknown as { store(m: readonly ModelMessage[]): Promise<void> }).store(messages);
  else for (const m of messages) await memory.store(m);
}
