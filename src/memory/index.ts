/**
 * @module engram/memory
 * Seed 000's Memory interface, SimpleMemory, and ConversationMemory with the history queries of seeds 001–003.
 * @example
 * import { createConversationMemory } from 'engram';
 * const memory = createConversationMemory();
 * await memory.store({ role: 'user', content: 'What is 5 + 3?' });
 * await memory.recent(1);
 */
export type { ModelMessage } from 'ai';
export {
  type ConversationMemory,
  type ConversationMemoryOptions,
  createConversationMemory,
} from './conversation-memory.ts';
export type { Memory } from './memory.ts';
export type { MessageFilter } from './message-filter.ts';
export type { MessageSearchOptions } from './message-search.ts';
export { createSimpleMemory, SimpleMemory } from './simple-memory.ts';
