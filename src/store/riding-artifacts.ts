import { createRideChannel } from '../core/ride-on-append.ts';
import type { Scope } from '../core/scope.ts';
import type { ArtifactInput } from './append-with-artifacts.ts';

/** An artifact derived from the log (a view's state, e.g. an AutoContext ladder step) riding on an append. */
export interface RidingArtifact {
  /** The session's owner. */
  readonly scope: Scope;
  /** The session it belongs to. */
  readonly sessionId: string;
  /** The artifact, checked. */
  readonly artifact: ArtifactInput;
  /** Whether it still waits to be written (false once its writer wrote it otherwise, e.g. before a delete). */
  waiting(): boolean;
  /** Called by the store that wrote it in its append's transaction, once it committed. */
  settled(): void;
  /**
   * Writes it alone, ordered with its writer's other writes (a conversation's write queue): what an append that took
   * it and rolled back calls, so it cannot land after a newer version written meanwhile.
   */
  writeAlone(): Promise<void>;
}

/**
 * The channel a session's derived artifacts ride on inside an agent step (`withRide`): a store's append takes
 * those offered for itself (the `MemoryStoreV1` object a conversation writes to) and its own session, and writes
 * them in its transaction; the others are written after the step by their own store. Derived from the log, they
 * can wait for a later ride (`carries`): an agent run's closing read keeps what it made for the next run's first step.
 */
export const artifactRide = createRideChannel<RidingArtifact>({ carries: true });
