import type { ModelMessage } from 'ai';
import type { MemoryMessage } from '../core/message.ts';
import { validateMessageInputs } from './validate.ts';

/** The keys engram adds to a `ModelMessage`. */
export const MEMORY_EXTRA_KEYS = ['id', 'createdAt', 'metadata', 'name', 'agent'] as const;

/**
 * A `MemoryMessage` as an AI SDK `ModelMessage`: drops id, createdAt, metadata, name and agent, keeps the rest.
 * Throws `InvalidMessageError` naming each bad field unless `m` is a `ModelMessage` or a `MemoryMessage`.
 */
export function toModelMessage(m: MemoryMessage | ModelMessage): ModelMessage {
  return stripExtras(validateMessageInputs([m], 'message')[0]!);
}

/** Several `MemoryMessage`s as AI SDK `ModelMessage`s; an invalid one throws `InvalidMessageError` naming its index. */
export function toModelMessages(messages: readonly (MemoryMessage | ModelMessage)[]): ModelMessage[] {
  return validateMessageInputs(messages).map(stripExtras);
}

/** {@link toModelMessage} without the check, for messages engram already validated (read from a store or a view). */
export function stripExtras(m: MemoryMessage | ModelMessage): ModelMessage {
  const { id: _id, createdAt: _c, metadata: _m, name: _n, agent: _a, ...rest } = m as MemoryMessage;
  return rest as ModelMessage;
}
