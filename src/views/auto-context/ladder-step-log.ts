import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import { type LadderStep, ladderArtifactKind, parseLadderStep, stepOrder } from './ladder-artifacts.ts';

/**
 * How far back each listing reaches before the newest artifact time seen: artifacts another process wrote with a
 * clock behind this store's, or in the same millisecond as the last listing, are still found.
 */
const overlapMs = 30_000;

/** A view's copy of its session's ladder steps, brought up to date by listing only the artifacts written since. */
export interface LadderStepLog {
  /** Every step of the session, oldest first: the first call lists them all, later ones what was written since. */
  load(): Promise<LadderStep[]>;
  /** Forgets every step (the session was created again): the next `load` lists them all. */
  reset(): void;
}

/**
 * Creates a {@link LadderStepLog}. Each `load` after the first asks for the artifacts written or rewritten since
 * the newest one it saw (less {@link overlapMs}) and merges them by id, so a step marked reloaded by any process
 * is seen; a store that ignores `since` returns them all, which merges the same. Deleted steps are not noticed
 * (the view never deletes one; `reset` forgets them all).
 */
export function createLadderStepLog(conversation: ConversationMemory): LadderStepLog {
  let byId = new Map<string, LadderStep>();
  let sorted: LadderStep[] = [];
  let newest: number | undefined;
  return {
    async load() {
      const since = newest === undefined ? undefined : new Date(newest - overlapMs);
      const artifacts = await conversation.listArtifacts(ladderArtifactKind, since);
      let changed = newest === undefined;
      for (const a of artifacts) {
        newest = Math.max(newest ?? 0, a.createdAt.getTime());
        const step = parseLadderStep(a);
        if (!step || sameStep(byId.get(a.id), step)) continue;
        byId.set(a.id, step);
        changed = true;
      }
      newest ??= 0;
      if (changed) sorted = [...byId.values()].sort(stepOrder);
      return sorted;
    },
    reset() {
      byId = new Map();
      sorted = [];
      newest = undefined;
    },
  };
}

/** Whether two readings of a step are the same (a rewrite only ever marks a step reloaded). */
const sameStep = (a: LadderStep | undefined, b: LadderStep) =>
  a !== undefined &&
  a.reloadedAtSeq === b.reloadedAtSeq &&
  a.fromSeq === b.fromSeq &&
  a.toSeq === b.toSeq &&
  a.createdAt.getTime() === b.createdAt.getTime();
