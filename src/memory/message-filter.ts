import type { JSONValue } from 'ai';
import type { MemoryMessage, MessageRole } from '../core/message.ts';

/** A filter for `ConversationMemory.find`. Every given condition must hold. */
export interface MessageFilter {
  /** Only these roles. */
  roles?: readonly MessageRole[];
  /** Metadata keys that must equal these values (deep equality for objects and arrays). */
  metadata?: Record<string, JSONValue>;
  /** Created at or after. */
  since?: Date;
  /** Created at or before. */
  until?: Date;
  /** Agent attribution: only messages from this agent. */
  agent?: string;
  /** At most this many, oldest first. */
  limit?: number;
}

/** Whether a message passes a filter. */
export function matchesFilter(message: MemoryMessage, filter: MessageFilter): boolean {
  if (filter.roles && !filter.roles.includes(message.role)) return false;
  const time = message.createdAt.getTime();
  if (filter.since && time < filter.since.getTime()) return false;
  if (filter.until && time > filter.until.getTime()) return false;
  if (filter.agent !== undefined && message.agent?.from !== filter.agent) return false;
  if (filter.metadata) {
    for (const [key, expected] of Object.entries(filter.metadata)) {
      if (!jsonEqual(message.metadata?.[key], expected)) return false;
    }
  }
  return true;
}

function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
