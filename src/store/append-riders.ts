import { AsyncLocalStorage } from 'node:async_hooks';
import type { ContentStoreV1 } from '../content/content-store-v1.ts';
import { closeRide } from '../content/ride-on-append.ts';
import { contentRide, type RidingContent } from '../content/riding-content-items.ts';
import { checkArray, checkFunction, checkMethods } from '../core/check-options.ts';
import { checkId } from '../core/ids.ts';
import type { LogEntry } from '../core/message.ts';
import { checkScope, type Scope } from '../core/scope.ts';
import type { AppendedWithArtifacts, ArtifactInput } from './append-with-artifacts.ts';
import type { Artifact } from './memory-store.ts';

/** Artifacts waiting to be written with a session's next append, within one async context. */
interface Rider {
  scope: Scope;
  sessionId: string;
  artifacts: readonly ArtifactInput[];
  /** Set once an append took them. */
  taken: boolean;
  /** The artifacts as written, once that append committed. */
  written: Artifact[] | undefined;
}

const riding = new AsyncLocalStorage<Rider>();

const sameScope = (a: Scope, b: Scope) => a.tenant === b.tenant && a.user === b.user && a.agent === b.agent;

/** Where riding artifacts go when no append takes them: a session's `putArtifact` (a `ConversationMemory` fits). */
export interface RiderTarget {
  /** The session's owner. */
  readonly scope: Scope;
  /** The session. */
  readonly sessionId: string;
  /** Writes one artifact beside the session's log. */
  putArtifact(artifact: ArtifactInput): Promise<Artifact>;
}

/**
 * Runs `work`, which stores messages into `target`'s session (e.g. `view.store(messages)`), so that the first
 * `append` it makes to that session carries `artifacts` in the same transaction, on a store with
 * `HasAppendWithArtifacts` (every built-in store): the messages and the artifacts commit together, and a crash
 * leaves both or neither. When no append took them (a store without the capability, or `work` appended nothing)
 * they are written after `work`, with `target.putArtifact`: the same end state, in separate commits. When `work`
 * throws, nothing is written here (its append, when it ran, rolled back with the artifacts). Returns `work`'s
 * result and the artifacts as written.
 * @example
 * const { value: stored } = await withArtifactsOnAppend(conversation, [record], () => view.store(messages));
 */
export async function withArtifactsOnAppend<T>(
  target: RiderTarget,
  artifacts: readonly ArtifactInput[],
  work: () => Promise<T>,
): Promise<{ value: T; artifacts: Artifact[] }> {
  checkMethods(target, 'withArtifactsOnAppend(target)', 'store', ['putArtifact']);
  checkScope(target.scope, 'store');
  checkId(target.sessionId, 'withArtifactsOnAppend(target): sessionId', 'store');
  checkArray(artifacts, 'withArtifactsOnAppend(artifacts)', 'store');
  checkFunction(work, 'withArtifactsOnAppend(work)', 'store');
  const rider: Rider = {
    scope: target.scope,
    sessionId: target.sessionId,
    artifacts,
    taken: artifacts.length === 0,
    written: undefined,
  };
  const value = await riding.run(rider, work);
  if (rider.written) return { value, artifacts: rider.written };
  const written: Artifact[] = [];
  for (const artifact of artifacts) written.push(await target.putArtifact(artifact));
  return { value, artifacts: written };
}

/**
 * For a store's `append`: when the caller's async context has artifacts riding on this session's next append
 * (see {@link withArtifactsOnAppend}), or, for a store that passes its own `contentItems`, content items riding on
 * the next append (an agent step's offloads, `withRide`), takes them (once) and runs `appendWith(artifacts,
 * content)` — the store's `appendWithArtifacts`, writing the content in the same transaction — recording what it
 * wrote; else undefined, and the store appends as usual. Content an append took and rolled back is written after
 * the step as if never taken.
 */
export function appendWithRider(
  scope: Scope,
  sessionId: string,
  appendWith: (
    artifacts: readonly ArtifactInput[],
    content: readonly RidingContent[],
  ) => Promise<AppendedWithArtifacts>,
  contentItems?: ContentStoreV1,
): Promise<LogEntry[]> | undefined {
  const candidate = riding.getStore();
  const rider =
    candidate && !candidate.taken && candidate.sessionId === sessionId && sameScope(candidate.scope, scope)
      ? candidate
      : undefined;
  const rides = contentItems !== undefined && contentRide.has(contentItems);
  if (!rider && !rides) return undefined;
  if (rider) rider.taken = true;
  const content = rides ? contentRide.take(contentItems) : [];
  // Offers after this append (none in an agent step) are written by their callers.
  if (rides) closeRide();
  return appendWith(rider?.artifacts ?? [], content).then(
    ({ entries, artifacts }) => {
      if (rider) rider.written = artifacts;
      for (const c of content) c.settled();
      return entries;
    },
    (error: unknown) => {
      if (contentItems !== undefined && content.length > 0)
        contentRide.giveBack(contentItems, content, async (c) => {
          if (contentItems.putItems) await contentItems.putItems(c.scope, c.space, c.batch);
          else for (const item of c.batch) await contentItems.putItem(c.scope, c.space, item);
          c.settled();
        });
      throw error;
    },
  );
}
