/**
 * @module engram/memory
 * Seed 000's Memory interface, SimpleMemory, and ConversationMemory with the history queries of seeds 001–003.
 * @example
 * import { createConversationMemory } from 'engram';
 * const memory = createConversationMemory();
 * await memory.store({ role: 'user', content: 'What is 5 + 3?' });
 * await memory.recent(1);
 */
export * from './conversation-memory.ts';
export * from './memory.ts';
export * from './message-filter.ts';
export * from './simple-memory.ts';
