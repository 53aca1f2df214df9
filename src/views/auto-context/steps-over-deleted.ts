import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import type { LogStats } from '../../store/memory-store.ts';
import { isActive, supersededSteps } from './apply-ladder.ts';
import type { LadderStep } from './ladder-artifacts.ts';

/**
 * Deletes the ladder steps whose range ends on a message deleted since (a chat edit or regenerate deletes a message
 * and everything after it, so every step reaching into what it deleted ends on a deleted message): their summary or
 * replaced outputs stand for messages the log no longer holds, and the model must not see them. Their range shows
 * as the log holds it from then on, compacted again when the budget asks. Only a log that has lost a message
 * (`lastSeq` above `count`) is looked at: one read of the last message of each step the view shows (not one a
 * later summary replaces). Returns whether any was deleted (the caller reloads the steps and asks again: steps a
 * deleted summary replaced show again). A deletion inside a step's range that spares its last message is not seen.
 */
export async function deleteStepsOverDeleted(
  conversation: ConversationMemory,
  steps: readonly LadderStep[],
  stats: LogStats,
): Promise<boolean> {
  if (stats.lastSeq <= stats.count) return false;
  let deleted = false;
  // Those the view shows: a step a later summary replaces is checked once that summary goes (the caller reloads
  // the steps and asks again).
  const hidden = supersededSteps(steps);
  for (const step of steps) {
    if (!isActive(step) || hidden.has(step)) continue;
    const [last] = await conversation.entries({ fromSeq: step.toSeq, toSeq: step.toSeq, limit: 1 });
    if (last) continue;
    await conversation.deleteArtifact(step.id);
    deleted = true;
  }
  return deleted;
}
