import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import type { LogStats, MemoryStoreV1, SessionRecord } from '../store/memory-store.ts';
import { threadSessionId } from './storage-keys.ts';

/** The session metadata that marks a session as a LangGraph thread's, naming the thread. */
export type ThreadMarker = { langgraph: { threadId: string } };

/** The thread a session holds, when it is one the saver made. */
export function sessionThread(session: SessionRecord): string | undefined {
  const marker = session.metadata.langgraph;
  if (typeof marker !== 'object' || marker === null || Array.isArray(marker)) return undefined;
  const threadId = (marker as Record<string, unknown>).threadId;
  return typeof threadId === 'string' ? threadId : undefined;
}

/** Whether two scopes name the same owner (a missing user or agent is "none"). */
export function sameOwner(a: Scope, b: Scope): boolean {
  return a.tenant === b.tenant && (a.user ?? '') === (b.user ?? '') && (a.agent ?? '') === (b.agent ?? '');
}

/**
 * The log stats of a thread's session (its `logId`, and what tells whether entries were deleted), creating the
 * session (`langgraph:<thread id>`, metadata naming the thread) when it does not exist; two writers creating it
 * at once both get it.
 */
export async function openThread(store: MemoryStoreV1, scope: Scope, threadId: string): Promise<LogStats> {
  const sessionId = threadSessionId(threadId);
  for (let attempt = 0; ; attempt++) {
    try {
      return await store.stats(scope, sessionId);
    } catch (error) {
      if (!MemoryError.hasCode(error, 'SESSION_NOT_FOUND') || attempt > 0) throw error;
    }
    try {
      const metadata: ThreadMarker = { langgraph: { threadId } };
      await store.createSession(scope, { id: sessionId, metadata });
    } catch (error) {
      // Another writer created it first: read it on the next turn.
      if (!MemoryError.hasCode(error, 'INVALID_ARGUMENT')) throw error;
    }
  }
}

/** The threads (thread id and session id) of sessions owned by exactly `scope`. */
export async function listThreads(
  store: MemoryStoreV1,
  scope: Scope,
): Promise<{ threadId: string; sessionId: string }[]> {
  const sessions = await store.listSessions(scope);
  return sessions.flatMap((session) => {
    const threadId = sessionThread(session);
    return threadId !== undefined &&
      sameOwner(session.scope, scope) &&
      session.id === threadSessionId(threadId)
      ? [{ threadId, sessionId: session.id }]
      : [];
  });
}
