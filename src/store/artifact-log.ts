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
   * added or rewritten since the last call. The first call lists them all, later ones what was written since.
   */
  load(): Promise<{ artifacts: readonly Artifact[]; changed: boolean }>;
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
 * a store that ignores `since` returns them all, which merges the same. Deleted artifacts are not noticed (the
 * views and the saver never delete theirs one by one; `reset` forgets them all). `list` lists the session's
 * artifacts written at or after `since` (all of them without it), as `MemoryStoreV1.listArtifacts` does.
 */
export function createArtifactLog(list: (since?: Date) => Promise<Artifact[]>): ArtifactLog {
  let byId = new Map<string, Artifact>();
  let sorted: Artifact[] = [];
  let newest: number | undefined;
  /** When the last listing started: an artifact written before then with the time we saw was seen whole. */
  let listedAt = Number.NEGATIVE_INFINITY;
  /** Whether an artifact was noted since the last load. */
  let noted = false;
  return {
    async load() {
      const since = newest === undefined ? undefined : new Date(newest - overlapMs);
      const started = Date.now();
      const listed = await list(since);
      let changed = newest === undefined || noted;
      noted = false;
      for (const a of listed) {
        newest = Math.max(newest ?? 0, a.createdAt.getTime());
        const known = byId.get(a.id);
        const at = a.createdAt.getTime();
        if (known && known.createdAt.getTime() === at && (at < listedAt || sameData(known, a))) continue;
        byId.set(a.id, a);
        changed = true;
      }
      newest ??= 0;
      listedAt = started;
      if (changed) sorted = [...byId.values()].sort(artifactOrder);
      return { artifacts: sorted, changed };
    },
    reset() {
      byId = new Map();
      sorted = [];
      newest = undefined;
      listedAt = Number.NEGATIVE_INFINITY;
      noted = false;
    },
    note(artifact) {
      if (newest === undefined) return;
      // The listing's watermark stays what was listed: a noted write must not move it past artifacts others wrote
      // before it that no listing has returned yet.
      byId.set(artifact.id, artifact);
      noted = true;
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
