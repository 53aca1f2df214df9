/**
 * @module engram/ai-sdk chat
 * Chat apps on the AI SDK's `useChat`: UI messages stored in engram sessions, and the route handler.
 */

export {
  type ChatAgentOptions,
  type ChatHandlerBaseOptions,
  type ChatHandlerOptions,
  type ChatRespondInput,
  type ChatRespondOptions,
  type ChatStream,
  createChatHandler,
} from './chat-handler.ts';
export {
  type ChatAppendOptions,
  type ChatForkOptions,
  type ChatStore,
  type ChatStoreOptions,
  createChatStore,
} from './chat-store.ts';
export type { StoredChatMessage } from './decode-ui-messages.ts';
