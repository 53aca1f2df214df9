import type { JSONValue } from 'ai';
import { checkMethods } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkId } from '../core/ids.ts';
import { checkScope, type Scope } from '../core/scope.ts';
import type { LongTermStoreV1 } from './long-term-store-v1.ts';
import { ownedRecords } from './owned-records.ts';

/**
 * The metadata key that binds a long-term record to one session of its owner: a record whose metadata holds
 * `'engram.session': <session id>` is per-session state kept beside the log (a session's working memory, its
 * observer's cursor, the RAG index of its messages), not something learned about the user, so a store that
 * carries both contracts purges it when it deletes that session (`MemoryStoreV1.deleteSession`): a session
 * created later under the same id never reads it. Records only tagged with their source session (`session`,
 * `provenance.session`: facts, turns, episodes) are the user's long-term memory and stay.
 */
export const sessionBoundKey = 'engram.session';

const component = 'longterm';

/**
 * The metadata that binds a record to session `sessionId` of its owner (see {@link sessionBoundKey}); a session
 * id breaking the id rule is `INVALID_ARGUMENT`.
 */
export function sessionBound(sessionId: string): Record<string, JSONValue> {
  checkId(sessionId, 'sessionBound(sessionId)', component);
  return { [sessionBoundKey]: sessionId };
}

/**
 * Whether a record's current version (its `metadata`) binds it to a session other than `sessionId`: such a record
 * belongs to that session now, and deleting `sessionId` keeps it, whatever its older versions were bound to.
 */
export function boundElsewhere(metadata: Record<string, JSONValue>, sessionId: string): boolean {
  checkId(sessionId, 'boundElsewhere(sessionId)', component);
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `boundElsewhere(metadata): a record's metadata must be an object, got ${describeValue(metadata)}`,
    });
  const bound = metadata[sessionBoundKey];
  return typeof bound === 'string' && bound !== sessionId;
}

/** Records listed per page while looking for a session's bound records. */
const pageSize = 500;

/**
 * Purges (every version, every embedding) the records owned by exactly `scope` (not its users' or agents') that
 * are bound to session `sessionId` (see {@link sessionBoundKey}); how many. What a store built on the contracts
 * (not in one transaction with the session's delete) runs first when it deletes a session. Through the store's
 * `purgeSessionBound` when it has one (every built-in store): any version binding the record counts, so a record
 * deleted before the session, or whose newer version dropped the binding, goes too (one whose current version
 * binds another session stays: {@link boundElsewhere}). A store without it (a
 * third-party one) is searched with `listRecords`, which lists current live versions only: there a record bound
 * only in a version that is no longer current keeps its versions. Records that are not a `LongTermStoreV1`, a bad
 * scope or session id are `INVALID_ARGUMENT`.
 */
export async function purgeSessionRecords(
  records: LongTermStoreV1,
  scope: Scope,
  sessionId: string,
): Promise<number> {
  const what = 'purgeSessionRecords(records)';
  checkMethods(records, what, component, []);
  checkScope(scope, component);
  const bound = sessionBound(sessionId);
  if (typeof records.purgeSessionBound === 'function') return records.purgeSessionBound(scope, sessionId);
  checkMethods(records, what, component, ['listRecords', 'getRecords', 'purgeRecords']);
  const ids = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await records.listRecords(scope, {
      limit: pageSize,
      filter: { metadata: bound },
      ...(cursor === undefined ? {} : { cursor }),
    });
    // A wide scope lists its users' and agents' records too: only the scope's own are the session's.
    for (const r of await ownedRecords(records, scope, page.records)) ids.add(r.id);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return ids.size === 0 ? 0 : records.purgeRecords(scope, [...ids]);
}
