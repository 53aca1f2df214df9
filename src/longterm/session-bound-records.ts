import type { JSONValue } from 'ai';
import { checkMethods } from '../core/check-options.ts';
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

/** Records listed per page while looking for a session's bound records. */
const pageSize = 500;

/**
 * Purges (every version, every embedding) the current records owned by exactly `scope` that are bound to
 * session `sessionId` (see {@link sessionBoundKey}); how many. What a store built on the contracts (not in one
 * transaction with the session's delete) runs first when it deletes a session. Records that are not a
 * `LongTermStoreV1`, a bad scope or session id are `INVALID_ARGUMENT`.
 */
export async function purgeSessionRecords(
  records: LongTermStoreV1,
  scope: Scope,
  sessionId: string,
): Promise<number> {
  checkMethods(records, 'purgeSessionRecords(records)', component, [
    'listRecords',
    'getRecords',
    'purgeRecords',
  ]);
  checkScope(scope, component);
  const bound = sessionBound(sessionId);
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
