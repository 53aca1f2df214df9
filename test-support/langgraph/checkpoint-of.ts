import type { BaseMessage } from '@langchain/core/messages';
import { type Checkpoint, uuid6 } from '@langchain/langgraph-checkpoint';

/** A format-4 checkpoint whose `messages` channel holds `messages` at version `step` (a new time-ordered id). */
export function checkpointOf(messages: BaseMessage[], step: number): Checkpoint {
  return {
    v: 4,
    id: uuid6(-1),
    ts: new Date().toISOString(),
    channel_values: { messages },
    channel_versions: { messages: step },
    versions_seen: {},
  };
}
