import type { JSONValue } from 'ai';
import { checkInteger, checkKnownKeys } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
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

const roles: readonly MessageRole[] = ['system', 'user', 'assistant', 'tool'];
const invalid = (message: string) =>
  new MemoryError({ code: 'INVALID_ARGUMENT', component: 'memory', message });

/** `role` when it is a message role, else `INVALID_ARGUMENT` naming `what` (a misspelt role matches nothing). */
export function checkRole(role: unknown, what: string): MessageRole {
  if (!roles.includes(role as MessageRole))
    throw invalid(
      `${what} must be ${roles
        .map((r) => `'${r}'`)
        .join(', ')
        .replace(/, ([^,]*)$/, ' or $1')}, got ${describeValue(role)}`,
    );
  return role as MessageRole;
}

/**
 * Throws `INVALID_ARGUMENT` naming the field unless `filter` is a {@link MessageFilter}: known keys only (a
 * misspelt `role` would match every message), valid roles and Dates, a string agent, an object of metadata and a
 * non-negative integer limit. `method` names the call in the message (`find`).
 */
export function checkMessageFilter(filter: unknown, method: string): MessageFilter {
  const what = `${method}(filter)`;
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
    throw invalid(`${what} must be an object, got ${describeValue(filter)}`);
  const f = filter as MessageFilter;
  checkKnownKeys(
    f,
    { roles: true, metadata: true, since: true, until: true, agent: true, limit: true },
    method,
    'memory',
  );
  if (f.roles !== undefined) {
    if (!Array.isArray(f.roles))
      throw invalid(`${what}.roles must be an array, got ${describeValue(f.roles)}`);
    for (const [i, r] of f.roles.entries()) checkRole(r, `${what}.roles[${i}]`);
  }
  for (const key of ['since', 'until'] as const) {
    const date = f[key];
    if (date !== undefined && !(date instanceof Date && !Number.isNaN(date.getTime())))
      throw invalid(`${what}.${key} must be a valid Date, got ${describeValue(date)}`);
  }
  if (f.agent !== undefined && typeof f.agent !== 'string')
    throw invalid(`${what}.agent must be a string, got ${describeValue(f.agent)}`);
  if (
    f.metadata !== undefined &&
    (typeof f.metadata !== 'object' || f.metadata === null || Array.isArray(f.metadata))
  )
    throw invalid(`${what}.metadata must be an object, got ${describeValue(f.metadata)}`);
  if (f.limit !== undefined) checkInteger(f.limit, `${what}.limit`, 'memory', 0);
  return f;
}
