import type { Artifact } from './memory-store.ts';

/**
 * How far back each listing reaches before the newest artifact time seen: artifacts written in the same
 * millisecond as the last listing, or by another process whose clock is up to this much behind (the SQL stores
 * stamp artifacts with the writer's clock), are still found.
 */
const overlapMs = 5000;

/**
 * A reader's copy of a session's artifacts (of one kind, or all), brought up to date by listing only what was
 * written since: views keep their ladder steps and observations with it, the LangGraph saver its checkpoints.
 */
export interface ArtifactLog {
  /**
   * Every artifact listed, ordered by `toSeq`, then time written, then id; `changed` tells whether any was
   * added or rewritten since the last call, and `kept` how many of `previous` (the last call's `artifacts`) start
   * this list unchanged (the same objects in the same order: all of them when only artifacts that sort after them
   * were added, 0 after a rewrite or an artifact sorting among them). The first call lists them all, later ones
   * what was written since.
   */
  load(): Promise<{
    artifacts: readonly Artifact[];
    changed: boolean;
    kept: number;
    previous: readonly Artifact[];
  }>;
  /** Forgets every artifact (the session was created again): the next `load` lists them all. */
  reset(): void;
  /**
   * Adds an artifact the caller wrote itself (as `putArtifact` returned it), so the next `load` has it whatever
   * the clock that stamped it; before the first `load` it is left to that load's full listing.
   */
  note(artifact: Artifact): void;
}

/**
 * Creates an {@link ArtifactLog}. Each `load` after the first asks the store for the artifacts written or rewritten
 * since the newest one it saw (less {@link overlapMs}) and merges them by id, so a rewrite by any process is seen
 * (one in the same millisecond as the version known is told by its data, unless that millisecond was before the
 * last listing started);
 * a store that ignores `since` returns them all, which merges the same. That listing is first made without the
 * artifacts' data (`{ data: false }`): when it holds only artifacts seen whole before (same id and time, written
 * before the last listing started), nothing changed and their data is not read; else they are listed again with
 * it. Deleted artifacts are not noticed (the views and the saver never delete theirs one by one; `reset` forgets
 * them all). `list` lists the session's artifacts written at or after `since` (all of them without it), without
 * their data when asked (`null`, or with it: a store may ignore the option), as `MemoryStoreV1.listArtifacts` does.
 */
export function createArtifactLog(
  list: (since?: Date, options?: { data: false }) => Promise<Artifact[]>,
): ArtifactLog {
  let byId = new Map<string, Artifact>();
  let sorted: Artifact[] = [];
  let newest: number | undefined;
  /** When the last listing started: an artifact written before then with the time we saw was seen whole. */
  let listedAt = Number.NEGATIVE_INFINITY;
  /** Artifacts of ids not in `sorted`, added (listed or noted) since the last load. */
  let added = new Map<string, Artifact>();
  /** Whether an artifact of `sorted` was rewritten (listed or noted) since the last load. */
  let rewritten = false;
  /** Puts an artifact in the copy; what the next load must merge into `sorted`. */
  const put = (a: Artifact) => {
    const known = byId.get(a.id);
    byId.set(a.id, a);
    if (known === undefined || added.has(a.id)) added.set(a.id, a);
    else rewritten = true;
  };
  return {
    async load() {
      const since = newest === undefined ? undefined : new Date(newest - overlapMs);
      const started = Date.now();
      // Known as it is: listed (or noted) with this time, and either before the last listing started (a rewrite in
      // that millisecond would have been listed then) or, when `a` carries its data, with the same data.
      const knownAs = (a: Artifact, withData: boolean) => {
        const known = byId.get(a.id);
        const at = a.createdAt.getTime();
        return known?.createdAt.getTime() === at && (at < listedAt || (withData && sameData(known, a)));
      };
      const unchanged =
        since !== undefined && (await list(since, { data: false })).every((a) => knownAs(a, false));
      const listed = unchanged ? [] : await list(since);
      const first = newest === undefined;
      for (const a of listed) {
        newest = Math.max(newest ?? 0, a.createdAt.getTime());
        if (!knownAs(a, true)) put(a);
      }
      newest ??= 0;
      listedAt = started;
      const changed = first || rewritten || added.size > 0;
      const previous = sorted;
      const tail = [...added.values()].sort(artifactOrder);
      const last = sorted.at(-1);
      let kept = sorted.length;
      if (rewritten || (last !== undefined && tail[0] !== undefined && artifactOrder(last, tail[0]) > 0)) {
        sorted = [...byId.values()].sort(artifactOrder);
        kept = 0;
      } else if (tail.length > 0) sorted = [...sorted, ...tail];
      added = new Map();
      rewritten = false;
      return { artifacts: sorted, changed, kept, previous };
    },
    reset() {
      byId = new Map();
      sorted = [];
      newest = undefined;
      listedAt = Number.NEGATIVE_INFINITY;
      added = new Map();
      rewritten = false;
    },
    note(artifact) {
      if (newest === undefined) return;
      // The listing's watermark stays what was listed: a noted write must not move it past artifacts others wrote
      // before it that no listing has returned yet.
      put(artifact);
    },
  };
}

const artifactOrder = (x: Artifact, y: Artifact): number =>
  x.toSeq - y.toSeq ||
  x.createdAt.getTime() - y.createdAt.getTime() ||
  (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

const sameData = (x: Artifact, y: Artifact) =>
  x.kind === y.kind &&
  x.fromSeq === y.fromSeq &&
  x.toSeq === y.toSeq &&
  JSON.stringify(x.data) === JSON.stringify(y.data);
