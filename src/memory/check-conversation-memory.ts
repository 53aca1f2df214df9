import { checkMethods } from '../core/check-options.ts';
import { checkId } from '../core/ids.ts';
import type { ConversationMemory } from './conversation-memory.ts';

/**
 * Throws `INVALID_ARGUMENT` naming `what` unless `memory` looks like a {@link ConversationMemory}: its log methods,
 * a session id, and the store and scope it stores in — the check of a component built over one (a pattern, a
 * view that keeps its own records). Returns `memory`.
 */
export function checkConversationMemory(
  memory: unknown,
  what: string,
  component: string,
): ConversationMemory {
  checkMethods(memory, what, component, ['append', 'get', 'entries', 'tail', 'stats', 'recentAppends']);
  const { sessionId, storage, scope } = memory as ConversationMemory;
  checkId(sessionId, `${what}.sessionId`, component);
  checkMethods(storage, `${what}.storage`, component, ['append', 'readRange']);
  checkMethods(scope, `${what}.scope`, component, []);
  return memory as ConversationMemory;
}
