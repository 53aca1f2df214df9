/**
 * @module engram/messages
 * The MemoryMessage schema and validation, converters (AI SDK ModelMessage, OpenAI Chat Completions,
 * Anthropic Messages), multi-agent formatting, and the atomic units every view uses.
 * @example
 * import { validateMessage, toOpenAIChatMessages } from 'engram';
 * const message = validateMessage({ id: 'm1', createdAt: new Date(), role: 'user', content: 'hi' });
 * toOpenAIChatMessages([message]); // [{ role: 'user', content: 'hi' }]
 */
export { type ToMemoryMessageOptions, toMemoryMessage, toMemoryMessages } from './from-model-message.ts';
export { toModelMessage, toModelMessages } from './to-model-message.ts';
export { groupMessages, type MessageUnit, type UnitKind } from './units.ts';
export { isMemoryMessage, validateMessages } from './validate.ts';
