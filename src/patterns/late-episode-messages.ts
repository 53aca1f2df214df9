import type { JSONValue } from 'ai';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import type { LongTermRecord } from '../longterm/long-term-record.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';

/**
 * The sequence number of the newest message a closed episode's record covers (its `metadata.lastSeq`), or
 * undefined for a record an earlier version wrote without it.
 */
export function coveredSeq(record: LongTermRecord): number | undefined {
  const seq = (record.metadata as Record<string, JSONValue>).lastSeq;
  return typeof seq === 'number' && Number.isSafeInteger(seq) ? seq : undefined;
}

/**
 * Moves the messages a closed episode's session holds past `lastSeq` — stored by a handle that did not yet know
 * the episode was closed, or while its close was writing the record — into `into`, the episode now current: stored
 * there first (same ids and times), then deleted from the closed session, so the closed episode holds exactly what
 * its record covers and no message is lost (a crash between the two leaves a copy in both, which the next move
 * finishes; a second mover's store is idempotent by id). A closed session since deleted moves nothing. Returns how
 * many it moved.
 */
export async function moveLateMessages(
  store: MemoryStoreV1,
  scope: Scope,
  closed: { sessionId: string; lastSeq: number },
  into: ConversationMemory,
): Promise<number> {
  const late = await store
    .readRange(scope, closed.sessionId, { fromSeq: closed.lastSeq + 1 })
    .catch((error: unknown) => {
      // A closed episode whose session was deleted since holds nothing to move.
      if (MemoryError.hasCode(error, 'SESSION_NOT_FOUND')) return [];
      throw error;
    });
  if (late.length === 0) return 0;
  await into.store(late.map((e) => e.message));
  await store.deleteMessages(
    scope,
    closed.sessionId,
    late.map((e) => e.message.id),
  );
  return late.length;
}
