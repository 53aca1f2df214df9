/**
 * @module engram/messages
 * The MemoryMessage schema and validation, converters (AI SDK ModelMessage, OpenAI Chat Completions,
 * Anthropic Messages), multi-agent formatting, and the atomic units every view uses.
 * @example
 * import { validateMessage, toOpenAIChatMessages } from 'engram';
 * const message = validateMessage({ id: 'm1', createdAt: new Date(), role: 'user', content: 'hi' });
 * toOpenAIChatMessages([message]); // [{ role: 'user', content: 'hi' }]
 */
export * from './anthropic-messages.ts';
export * from './from-model-message.ts';
export * from './multi-agent-format.ts';
export * from './openai-chat.ts';
export * from './schema.ts';
export * from './to-model-message.ts';
export * from './units.ts';
export * from './validate.ts';
