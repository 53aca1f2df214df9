import type { ConversationMemory } from '../memory/conversation-memory.ts';
import { operationKind } from './history-transaction.ts';

/**
 * Clears a session's log and forgets the operations whose messages it cleared, with other writers on the same
 * session (another session object, another process) at work:
 * - every item whose add (or history transaction) completed before the clear was called is gone, and its
 *   operation id forgotten (a repeat applies it again, as after the SDK's `MemorySession.clearSession`);
 * - every item added by a call that starts after the clear resolved stays, and so does its operation record;
 * - an add that runs while the clear does may be kept or dropped (each append whole), but an operation whose
 *   messages the clear leaves in the log keeps its record, so a repeat of it is still a no-op.
 * The store has no delete of artifacts conditional on the log, so the clear reads `lastSeq` first and deletes
 * only the operation records ending at or before it (a record's `toSeq` is its last message's `seq`, or `lastSeq`
 * for an operation that wrote none). Before, it deleted every record it listed after clearing the log: an
 * operation another writer applied in between kept its items but lost its record, and applied again on a repeat
 * after its items were replaced.
 */
export async function clearSession(memory: ConversationMemory): Promise<void> {
  const { lastSeq } = await memory.stats();
  await memory.clear();
  for (const record of await memory.listArtifacts(operationKind, undefined, { data: false }))
    if (record.toSeq <= lastSeq) await memory.deleteArtifact(record.id);
}
