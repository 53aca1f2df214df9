import type { JSONValue } from 'ai';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import type { MemoryStoreV1 } from './memory-store.ts';
import { importMarker, importOwnerKey } from './reserved-session-keys.ts';
import { type ImportOwner, liveOwner, ownerEntry } from './session-writer.ts';

/** Whether a session's metadata says a run is still writing it, or a crashed run left it unfinished. */
export const isUnfinished = (metadata: Readonly<Record<string, JSONValue>>): boolean =>
  metadata[importMarker] === 'incomplete';

/**
 * Whether a session was left unfinished by a run that is gone (crashed or killed): marked {@link isUnfinished}, and
 * its owner no longer running (see `liveOwner`).
 */
export const isAbandoned = (metadata: Readonly<Record<string, JSONValue>>): boolean =>
  isUnfinished(metadata) && liveOwner(metadata[importOwnerKey]) === undefined;

/**
 * Whether an import, an ingest or a `sessions.copy` has finished a session: `complete` (also any session none of
 * them wrote), `importing` (a run may still be writing it), or `incomplete` (a run that crashed left part of it,
 * which the next import of its file replaces).
 */
export type ImportState = 'complete' | 'importing' | 'incomplete';

/** The {@link ImportState} of a session, from its metadata. */
export const importState = (metadata: Readonly<Record<string, JSONValue>>): ImportState =>
  !isUnfinished(metadata) ? 'complete' : isAbandoned(metadata) ? 'incomplete' : 'importing';

/** `metadata` marked as being written by `owner`, as of now (what a run's heartbeat writes again). */
export const markedUnfinished = (
  metadata: Readonly<Record<string, JSONValue>>,
  owner: ImportOwner,
): Record<string, JSONValue> => ({
  ...metadata,
  [importMarker]: 'incomplete',
  [importOwnerKey]: ownerEntry({ ...owner, at: Date.now() }),
});

/**
 * Deletes session `id` when a crashed run left it unfinished ({@link isAbandoned}), so its id can be written again;
 * does nothing to a missing, finished, or still-written session. The delete is conditional on the log read before
 * the check (`ifLogId`): a session another caller replaced or removed in between is left alone (its `CONFLICT` is
 * swallowed). Two callers that both find the same remnant therefore delete it once, and `createSession` decides
 * which of them gets the id: call this, then `createSession`, which refuses an id someone else took meanwhile.
 */
export async function removeAbandoned(store: MemoryStoreV1, scope: Scope, id: string): Promise<void> {
  // The log first, then what is checked: a session replaced between the two reads is not the one deleted.
  const logId = await store.stats(scope, id).then(
    (stats) => stats.logId,
    (error: unknown) => {
      if (MemoryError.hasCode(error, 'SESSION_NOT_FOUND')) return undefined;
      throw error;
    },
  );
  if (logId === undefined) return;
  const record = await store.getSession(scope, id);
  if (!record || !isAbandoned(record.metadata)) return;
  await store.deleteSession(scope, id, { ifLogId: logId }).catch((error: unknown) => {
    if (!MemoryError.hasCode(error, 'CONFLICT')) throw error;
  });
}
