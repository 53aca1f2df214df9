import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import { createArtifactLog } from '../../store/artifact-log.ts';
import { type LadderStep, ladderArtifactKind, parseLadderStep, stepOrder } from './ladder-artifacts.ts';

/** A view's copy of its session's ladder steps, brought up to date by listing only the artifacts written since. */
export interface LadderStepLog {
  /** Every step of the session, oldest first (malformed artifacts skipped), read again only when one changed. */
  load(): Promise<LadderStep[]>;
  /** Forgets every step (the session was created again): the next `load` lists them all. */
  reset(): void;
}

/** Creates a {@link LadderStepLog} over an `ArtifactLog` of kind `autocontext` (see `createArtifactLog`). */
export function createLadderStepLog(conversation: ConversationMemory): LadderStepLog {
  const artifacts = createArtifactLog((since, options) =>
    conversation.listArtifacts(ladderArtifactKind, since, options),
  );
  let steps: LadderStep[] = [];
  return {
    async load() {
      const listed = await artifacts.load();
      if (listed.changed) {
        steps = [];
        for (const a of listed.artifacts) {
          const step = parseLadderStep(a);
          if (step) steps.push(step);
        }
        steps.sort(stepOrder);
      }
      return steps;
    },
    reset() {
      artifacts.reset();
      steps = [];
    },
  };
}
