/**
 * @module engram/core
 * The message model, ids, scopes, clock and typed errors every other area builds on.
 * @example
 * import { MemoryError } from 'engram';
 * try { await memory.store(msg); } catch (e) { if (MemoryError.hasCode(e, 'INVALID_MESSAGE')) console.error(e.message); }
 */
export type { Clock } from './clock.ts';
export {
  ContextOverflowError,
  DuplicateMessageIdError,
  InvalidMessageError,
  InvalidValueError,
  MemoryError,
  type MemoryErrorCode,
  type MessageIssue,
  NotFoundError,
} from './errors/index.ts';
export { createId } from './ids.ts';
export type {
  AgentAttribution,
  LogEntry,
  MemoryMessage,
  MemoryMessageExtras,
  MessageRole,
} from './message.ts';
export type { Scope } from './scope.ts';
export type { StateModule } from './state-module.ts';
