/**
 * @module engram/converters
 * Messages in other shapes: to and from OpenAI Chat Completions and Anthropic Messages, the multi-agent text
 * format, and the zod schemas and checks behind engram's message validation.
 * @example
 * import { fromOpenAIChatMessages, toAnthropicMessages } from 'engram/converters';
 * const messages = fromOpenAIChatMessages([{ role: 'user', content: 'Hello' }]);
 * const { system, messages: anthropic } = toAnthropicMessages(messages);
 */
export {
  type AnthropicBlock,
  type AnthropicMessage,
  type AnthropicRequest,
  type AnthropicSource,
  fromAnthropicMessages,
  toAnthropicMessages,
} from './messages/anthropic-messages.ts';
export { type FormatForModelOptions, formatForModel } from './messages/multi-agent-format.ts';
export {
  fromOpenAIChatMessages,
  type OpenAIChatMessage,
  type OpenAIChatTextPart,
  type OpenAIChatToolCall,
  type OpenAIChatUserPart,
  toOpenAIChatMessages,
} from './messages/openai-chat.ts';
export { memoryMessageSchema, modelMessageSchema } from './messages/schema.ts';
export { isModelMessage, messageIssues, validateMessage, validateModelMessage } from './messages/validate.ts';
