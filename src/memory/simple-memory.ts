import type { ModelMessage } from 'ai';
import type { MemoryMessage } from '../core/message.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import { type ConversationMemory, createConversationMemory } from './conversation-memory.ts';
import type { Memory } from './memory.ts';

/**
 * Seed 000's SimpleMemory: an in-process log. Messages passed to the constructor are the initial state;
 * `appended()` returns only what was stored after it (`initialCount` semantics). The full history API is on
 * `conversation`.
 * @example
 * const memory = new SimpleMemory([{ role: 'user', content: 'Hello' }]);
 * await memory.store({ role: 'assistant', content: 'Hi!' });
 * (await memory.appended()).length; // 1
 */
export class SimpleMemory implements Memory<MemoryMessage> {
  /** The underlying conversation memory, with `get`, `recent`, `find`, `prune`, … */
  readonly conversation: ConversationMemory;

  constructor(initialMessages: readonly ModelMessage[] = [], options: { counter?: TokenCounter } = {}) {
    this.conversation = createConversationMemory({ initialMessages, ...options });
  }

  /** The number of messages the memory started with. */
  get initialCount(): Promise<number> {
    return this.conversation
      .read()
      .then(async (all) => all.length - (await this.conversation.appended()).length);
  }

  /** All messages, initial and appended. */
  read(): Promise<MemoryMessage[]> {
    return this.conversation.read();
  }

  /** Stores one message or several, in order. */
  store(message: ModelMessage | readonly ModelMessage[]): Promise<void> {
    return this.conversation.store(message);
  }

  /** Messages stored after construction. */
  appended(): Promise<MemoryMessage[]> {
    return this.conversation.appended();
  }
}

/** Factory form of {@link SimpleMemory}. */
export function createSimpleMemory(
  initialMessages: readonly ModelMessage[] = [],
  options: { counter?: TokenCounter } = {},
): SimpleMemory {
  return new SimpleMemory(initialMessages, options);
}
