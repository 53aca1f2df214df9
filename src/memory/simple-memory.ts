import type { ModelMessage } from 'ai';
import {
  checkClassOptions,
  LogBackedMemory,
  type MemoryLogOptions,
  memoryLogKeys,
} from './log-backed-memory.ts';

/**
 * Seed 000's SimpleMemory: messages passed to the constructor are the initial state (`initialCount`);
 * `appended()` returns only what was stored after them; `read()` returns every message exactly as stored (plain
 * `ModelMessage`s). The log is in process unless `options` name a store; the full history API (`get`, `recent`,
 * `find`, `prune`, `saveState`, …) is on `conversation`.
 * @example
 * const memory = new SimpleMemory([{ role: 'user', content: 'Hello' }]);
 * await memory.store({ role: 'assistant', content: 'Hi!' });
 * (await memory.appended()).length; // 1
 */
export class SimpleMemory extends LogBackedMemory {
  /** SimpleMemory sends every message as stored and chooses nothing: there is no assembly to explain (undefined). */
  lastAssembly(): undefined {
    return undefined;
  }
}

/** Factory form of {@link SimpleMemory}. */
export function createSimpleMemory(
  initialMessages: readonly ModelMessage[] = [],
  options: MemoryLogOptions = {},
): SimpleMemory {
  return new SimpleMemory(
    initialMessages,
    checkClassOptions(options, memoryLogKeys, 'createSimpleMemory', 'memory'),
  );
}
