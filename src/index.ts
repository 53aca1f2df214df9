/**
 * @module engram
 * Memory for LLM agents: the message model, token counting, conversation memory, context views that fit a
 * token budget without splitting a tool call from its result, stores, and sessions.
 * @example
 * import { createConversationMemory, createTokenWindowMemory } from 'engram';
 * const memory = createConversationMemory();
 * await memory.store({ role: 'user', content: 'Hello' });
 * const context = createTokenWindowMemory({ memory, maxTokens: 100_000 });
 * await context.read();
 */
export * from './core/index.ts';
export * from './memory/index.ts';
export * from './messages/index.ts';
export * from './session/index.ts';
export * from './store/index.ts';
export * from './tokens/index.ts';
export * from './views/index.ts';
