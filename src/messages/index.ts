/**
 * @module engram/messages
 * The MemoryMessage schema and validation, converters (AI SDK ModelMessage, OpenAI Chat Completions,
 * Anthropic Messages), multi-agent formatting, and the atomic units every view uses.
 * @example
 * import { validateMessage, toOpenAIChatMessages } from 'engram';
 * const message = validateMessage({ id: 'm1', createdAt: new Date(), role: 'user', content: 'hi' });
 * toOpenAIChatMessages([message]); // [{ role: 'user', content: 'hi' }]
 */
export {
  type AnthropicBlock,
  type AnthropicMessage,
  type AnthropicRequest,
  type AnthropicSource,
  fromAnthropicMessages,
  toAnthropicMessages,
} from './anthropic-messages.ts';
export { type ToMemoryMessageOptions, toMemoryMessage, toMemoryMessages } from './from-model-message.ts';
export { type JsonValueIssue, type JsonValueMode, jsonValueIssue, maxJsonDepth } from './json-value.ts';
export { type FormatForModelOptions, formatForModel } from './multi-agent-format.ts';
export {
  fromOpenAIChatMessages,
  type OpenAIChatMessage,
  type OpenAIChatTextPart,
  type OpenAIChatToolCall,
  type OpenAIChatUserPart,
  toOpenAIChatMessages,
} from './openai-chat.ts';
export { memoryMessageSchema, modelMessageSchema } from './schema.ts';
export { toModelMessage, toModelMessages } from './to-model-message.ts';
export { groupMessages, type MessageUnit, type UnitKind } from './units.ts';
export {
  isMemoryMessage,
  isModelMessage,
  messageIssues,
  validateMessage,
  validateMessages,
  validateModelMessage,
} from './validate.ts';
