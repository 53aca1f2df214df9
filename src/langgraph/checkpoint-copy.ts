import type { CheckpointRecord } from './checkpoint-record.ts';

/**
 * A thread namespace's checkpoint records as a reader holds them: by id, and the latest (the greatest id), so
 * finding a checkpoint costs a lookup, not a pass over the thread.
 */
export interface CheckpointCopy {
  /**
   * The records by checkpoint id. Shared with the copies extended from this one, so it may also hold records
   * listed after this copy was made (every one a record of the thread namespace).
   */
  readonly byId: ReadonlyMap<string, CheckpointRecord>;
  /** The record of the greatest id; undefined when there is none. */
  readonly latest: CheckpointRecord | undefined;
}

/** A {@link CheckpointCopy} that {@link extendCopy} grows: its map is the one later copies add to. */
export interface GrowingCopy extends CheckpointCopy {
  readonly byId: Map<string, CheckpointRecord>;
}

/** The {@link CheckpointCopy} of `records`. */
export function checkpointCopy(records: readonly CheckpointRecord[]): GrowingCopy {
  return extendCopy({ byId: new Map(), latest: undefined }, records);
}

/**
 * `copy` with `more` records after its own: a new copy whose map is `copy`'s with `more` added (the cost is what
 * was added, not the thread).
 */
export function extendCopy(copy: GrowingCopy, more: readonly CheckpointRecord[]): GrowingCopy {
  if (more.length === 0) return copy;
  const { byId } = copy;
  let latest = copy.latest;
  for (const r of more) {
    byId.set(r.id, r);
    if (latest === undefined || r.id > latest.id) latest = r;
  }
  return { byId, latest };
}
