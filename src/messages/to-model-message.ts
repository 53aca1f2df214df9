import type { ModelMessage } from 'ai';
import type { MemoryMessage } from '../core/message.ts';

/** The keys engram adds to a `ModelMessage`. */
export const MEMORY_EXTRA_KEYS = ['id', 'createdAt', 'metadata', 'name', 'agent'] as const;

/** A `MemoryMessage` as an AI SDK `ModelMessage`: drops id, createdAt, metadata, name and agent, keeps the rest. */
export function toModelMessage(m: MemoryMessage | ModelMessage): ModelMessage {
  const { id: _id, createdAt: _c, metadata: _m, name: _n, agent: _a, ...rest } = m as MemoryMessage;
  return rest as ModelMessage;
}

/** Several `MemoryMessage`s as AI SDK `ModelMessage`s. */
export function toModelMessages(messages: readonly (MemoryMessage | ModelMessage)[]): ModelMessage[] {
  return messages.map(toModelMessage);
}
