import { AsyncLocalStorage } from 'node:async_hooks';
import type { ContentStoreV1 } from '../content/content-store-v1.ts';
import { contentRide, type RidingContent } from '../content/riding-content-items.ts';
import { checkArray, checkFunction, checkMethods } from '../core/check-options.ts';
import { checkId } from '../core/ids.ts';
import type { LogEntry } from '../core/message.ts';
import { closeRide } from '../core/ride-on-append.ts';
import { checkScope, type Scope } from '../core/scope.ts';
import type { LongTermStoreV1 } from '../longterm/long-term-store-v1.ts';
import { type RidingRecord, recordRide } from '../longterm/riding-long-term-records.ts';
import {
  type AppendedWithArtifacts,
  type ArtifactInput,
  checkDeletedArtifacts,
} from './append-with-artifacts.ts';
import type { Artifact, MemoryStoreV1 } from './memory-store.ts';
import { artifactRide, type RidingArtifact } from './riding-artifacts.ts';

/** Artifacts waiting to be written with a session's next append, within one async context. */
interface Rider {
  scope: Scope;
  sessionId: string;
  artifacts: readonly ArtifactInput[];
  /** Ids of the session's artifacts to delete in the same transaction. */
  deleted: readonly string[];
  /** Set once an append took them. */
  taken: boolean;
  /** The artifacts as written, once that append committed. */
  written: Artifact[] | undefined;
}

const riding = new AsyncLocalStorage<Rider>();

const sameScope = (a: Scope, b: Scope) => a.tenant === b.tenant && a.user === b.user && a.agent === b.agent;

/**
 * Where riding artifacts go when no append takes them: a session's `putArtifact` and `deleteArtifact` (a
 * `ConversationMemory` fits).
 */
export interface RiderTarget {
  /** The session's owner. */
  readonly scope: Scope;
  /** The session. */
  readonly sessionId: string;
  /** Writes one artifact beside the session's log. */
  putArtifact(artifact: ArtifactInput): Promise<Artifact>;
  /** Deletes one artifact of the session; whether it existed. Needed only by a call that names artifacts to delete. */
  deleteArtifact?(artifactId: string): Promise<boolean>;
}

/**
 * Runs `work`, which stores messages into `target`'s session (e.g. `view.store(messages)`), so that the first
 * `append` it makes to that session carries `artifacts` (and the deletion of the session's artifacts named by
 * `deleted`) in the same transaction, on a store with `HasAppendWithArtifacts` (every built-in store): the
 * messages and the artifacts' changes commit together, and a crash leaves both or neither. When no append took
 * them (a store without the capability, or `work` appended nothing) they are made after `work`, with
 * `target.deleteArtifact` then `target.putArtifact`: the same end state, in separate commits. When `work` throws,
 * nothing is written or deleted here (its append, when it ran, rolled back with them). Returns `work`'s result and
 * the artifacts as written.
 * @example
 * const { value: stored } = await withArtifactsOnAppend(conversation, [record], () => view.store(messages));
 */
export async function withArtifactsOnAppend<T>(
  target: RiderTarget,
  artifacts: readonly ArtifactInput[],
  work: () => Promise<T>,
  deleted: readonly string[] = [],
): Promise<{ value: T; artifacts: Artifact[] }> {
  checkDeletedArtifacts(deleted, 'withArtifactsOnAppend(deleted)', 'store');
  const remover = deleted.length > 0 ? ['deleteArtifact'] : [];
  checkMethods(target, 'withArtifactsOnAppend(target)', 'store', ['putArtifact', ...remover]);
  checkScope(target.scope, 'store');
  checkId(target.sessionId, 'withArtifactsOnAppend(target): sessionId', 'store');
  checkArray(artifacts, 'withArtifactsOnAppend(artifacts)', 'store');
  checkFunction(work, 'withArtifactsOnAppend(work)', 'store');
  const rider: Rider = {
    scope: target.scope,
    sessionId: target.sessionId,
    artifacts,
    deleted,
    taken: artifacts.length === 0 && deleted.length === 0,
    written: undefined,
  };
  const value = await riding.run(rider, work);
  if (rider.written) return { value, artifacts: rider.written };
  for (const id of deleted) await target.deleteArtifact?.(id); // checked above when there is any
  const written: Artifact[] = [];
  for (const artifact of artifacts) written.push(await target.putArtifact(artifact));
  return { value, artifacts: written };
}

/** What a store's append can write besides its messages, so writes riding for it commit in its transaction. */
export interface RiderSinks {
  /** The store's own content items: content batches offered for them ride on the append. */
  contentItems?: ContentStoreV1;
  /** The store itself: derived artifacts offered for it (and the append's session) ride on the append. */
  store?: MemoryStoreV1;
  /**
   * The store's own long-term records, when its append can run a long-term memory's record in its transaction
   * (the SQL stores): a record offered for them (and the append's session) rides on the append.
   */
  longTermRecords?: LongTermStoreV1;
}

/**
 * For a store's `append`: when the caller's async context has artifacts riding on this session's next append
 * (see {@link withArtifactsOnAppend}), or, in an agent step (`withRide`), content items offered for
 * `sinks.contentItems`, derived artifacts of this session offered for `sinks.store` or a long-term record of
 * this session offered for `sinks.longTermRecords`, takes them (once) and runs `appendWith(artifacts, content,
 * records, deleted)` — the store's `appendWithArtifacts`, writing the content and the records and deleting the
 * artifacts named by `deleted` in the same transaction —
 * recording what it wrote; else undefined, and the store appends as usual. Derived writes an append took and
 * rolled back are written after the step as if never taken (a record by its offerer, which sees it unwritten).
 */
export function appendWithRider(
  scope: Scope,
  sessionId: string,
  appendWith: (
    artifacts: readonly ArtifactInput[],
    content: readonly RidingContent[],
    records: readonly RidingRecord[],
    deleted: readonly string[],
  ) => Promise<AppendedWithArtifacts>,
  sinks: RiderSinks = {},
): Promise<LogEntry[]> | undefined {
  const candidate = riding.getStore();
  const rider =
    candidate && !candidate.taken && candidate.sessionId === sessionId && sameScope(candidate.scope, scope)
      ? candidate
      : undefined;
  const { contentItems, store, longTermRecords } = sinks;
  const ours = (a: RidingArtifact | RidingRecord) => a.sessionId === sessionId && sameScope(a.scope, scope);
  const rides =
    (contentItems !== undefined && contentRide.has(contentItems)) ||
    (store !== undefined && artifactRide.has(store, ours)) ||
    (longTermRecords !== undefined && recordRide.has(longTermRecords, ours));
  if (!rider && !rides) return undefined;
  if (rider) rider.taken = true;
  const content = contentItems && rides ? contentRide.take(contentItems) : [];
  const derived = store && rides ? artifactRide.take(store, ours).filter((d) => d.waiting()) : [];
  const records = longTermRecords && rides ? recordRide.take(longTermRecords, ours) : [];
  // Offers after this append (none in an agent step) are written by their callers.
  if (rides) closeRide();
  const own = rider?.artifacts ?? [];
  return appendWith([...own, ...derived.map((d) => d.artifact)], content, records, rider?.deleted ?? []).then(
    ({ entries, artifacts }) => {
      if (rider) rider.written = artifacts.slice(0, own.length);
      for (const c of content) c.settled();
      for (const d of derived) d.settled();
      return entries;
    },
    (error: unknown) => {
      if (contentItems && content.length > 0)
        contentRide.giveBack(contentItems, content, async (c) => {
          const left = c.batch.filter((item) => c.waiting(item));
          if (left.length > 0 && contentItems.putItems) await contentItems.putItems(c.scope, c.space, left);
          else for (const item of left) await contentItems.putItem(c.scope, c.space, item);
          c.settled();
        });
      if (store && derived.length > 0) artifactRide.giveBack(store, derived, (d) => d.writeAlone());
      // Its offerer sees it unwritten and records alone (or a later append of the step takes it).
      if (longTermRecords && records.length > 0)
        recordRide.giveBack(longTermRecords, records, async () => {});
      throw error;
    },
  );
}
