import type { RunnableConfig } from '@langchain/core/runnables';
import type { JSONValue } from 'ai';
import type { Scope } from '../../src/core/scope.ts';
import { createEngramCheckpointSaver } from '../../src/langgraph/engram-checkpoint-saver.ts';
import { threadSessionId, writesKind } from '../../src/langgraph/storage-keys.ts';
import type { MemoryStoreV1 } from '../../src/store/memory-store.ts';
import { checkpointOf } from './checkpoint-of.ts';

/** The thread of the pending-writes tests. */
const threadId = 'th';

/** Puts a checkpoint on thread `th` (namespace `''`) through `store`; its config, for `putWrites`. */
export function putWritesCheckpoint(store: MemoryStoreV1, scope: Scope): Promise<RunnableConfig> {
  const metadata = { source: 'loop' as const, step: 0, parents: {} };
  return createEngramCheckpointSaver({ store, scope }).put(
    { configurable: { thread_id: threadId } },
    checkpointOf([], 1),
    metadata,
    { messages: 1 },
  );
}

/** Stores `data` as a writes artifact `id` of `checkpoint` on thread `th`, as an older engram would have. */
export async function putWritesArtifact(
  store: MemoryStoreV1,
  scope: Scope,
  checkpoint: string,
  id: string,
  data: JSONValue,
): Promise<void> {
  const kind = writesKind('', checkpoint);
  await store.putArtifact(scope, threadSessionId(threadId), { id, kind, fromSeq: 0, toSeq: 0, data });
}
