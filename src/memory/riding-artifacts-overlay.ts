import { hasOpenRide } from '../core/ride-on-append.ts';
import type { Scope } from '../core/scope.ts';
import type { ArtifactInput } from '../store/append-with-artifacts.ts';
import { checkArtifact } from '../store/check-values.ts';
import type { Artifact, MemoryStoreV1 } from '../store/memory-store.ts';
import { artifactRide } from '../store/riding-artifacts.ts';

/** A conversation's artifacts riding on the next append of an agent step, and what it reads of them until written. */
export interface RidingArtifactsOverlay {
  /**
   * Inside an agent step (`withRide`): offers the artifact to ride on the step's append and returns it as it will
   * read back; undefined outside one (the caller writes it).
   */
  ride(artifact: ArtifactInput): Artifact | undefined;
  /** The store's listing with the riding artifacts (of `kind`, written since `since`) merged in by id. */
  merge(listed: Artifact[], kind: string | undefined, since: Date | undefined): Artifact[];
  /**
   * Writes every riding artifact now (before a call that must see the store as the overlay shows it, such as a
   * delete); the ride then leaves them alone.
   */
  flush(): Promise<void>;
}

/**
 * Creates a conversation's {@link RidingArtifactsOverlay} over `storage`: artifacts a view writes while it reads in
 * an agent step (AutoContext's ladder steps, derived from the log) commit with the step's messages on a store
 * whose append takes them (the SQL stores), else after the step; until then this conversation's
 * `listArtifacts` shows them. An artifact no append took is written alone in `turn`, the conversation's write
 * queue: one kept for a later run and written after the carry's wait cannot land after a newer version of itself
 * written by the next run (that run's reads and writes wait for it).
 */
export function createRidingArtifactsOverlay(
  storage: MemoryStoreV1,
  scope: Scope,
  sessionId: string,
  turn: (task: () => Promise<void>) => Promise<void>,
): RidingArtifactsOverlay {
  /** Riding artifacts not known written yet, by id. */
  const pending = new Map<string, Artifact>();
  const settle = (shown: Artifact) => () => {
    if (pending.get(shown.id) === shown) pending.delete(shown.id);
  };
  return {
    ride(artifact) {
      checkArtifact(artifact, 'memory');
      if (!hasOpenRide()) {
        // Written directly: an earlier riding version of it must not be written after this one.
        pending.delete(artifact.id);
        return undefined;
      }
      const copy: ArtifactInput = { ...artifact, data: structuredClone(artifact.data) };
      const shown: Artifact = { ...copy, createdAt: new Date() };
      const settled = settle(shown);
      const waiting = () => pending.get(shown.id) === shown;
      const writeAlone = () =>
        turn(async () => {
          if (!waiting()) return;
          try {
            await storage.putArtifact(scope, sessionId, copy);
          } finally {
            // Written, or not (a failed write): no longer shown either way, so a later read makes it again.
            settled();
          }
        });
      const payload = { scope, sessionId, artifact: copy, waiting, settled, writeAlone };
      const offered = artifactRide.offer(storage, payload, writeAlone);
      if (!offered) return undefined;
      pending.set(shown.id, shown);
      return shown;
    },
    merge(listed, kind, since) {
      if (pending.size === 0) return listed;
      const byId = new Map(listed.map((a) => [a.id, a]));
      for (const a of pending.values())
        if ((kind === undefined || a.kind === kind) && (since === undefined || a.createdAt >= since))
          byId.set(a.id, a);
      return [...byId.values()].sort((x, y) => x.toSeq - y.toSeq);
    },
    async flush() {
      for (const shown of [...pending.values()]) {
        const { createdAt: _c, ...artifact } = shown;
        await storage.putArtifact(scope, sessionId, artifact);
        settle(shown)();
      }
    },
  };
}
