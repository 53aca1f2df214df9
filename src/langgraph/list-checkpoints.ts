import type { RunnableConfig } from '@langchain/core/runnables';
import type {
  CheckpointListOptions,
  CheckpointTuple,
  SerializerProtocol,
} from '@langchain/langgraph-checkpoint';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import { canonicalJson } from '../messages/canonical-json.ts';
import type { Artifact, MemoryStoreV1 } from '../store/memory-store.ts';
import { readTuple, type TupleSource } from './checkpoint-reader.ts';
import { type CheckpointRecord, toRecord } from './checkpoint-record.ts';
import { sortWrites } from './checkpoint-writes.ts';
import { threadSessionId } from './storage-keys.ts';
import { type WriteRecord, writeRecords } from './stored-writes.ts';
import { listThreads } from './thread-session.ts';
import { loadPayload } from './typed-payload.ts';

/** What listing needs from the saver. */
export interface ListContext {
  store: MemoryStoreV1;
  scope: Scope;
  serde: SerializerProtocol;
  /** Reads of one thread namespace, given its records and its writes (already read for the whole thread). */
  source(
    threadId: string,
    ns: string,
    records: CheckpointRecord[],
    writes: (ns: string, checkpointId: string) => WriteRecord[],
  ): TupleSource;
}

/** One thread's stored checkpoints and writes, read in one call. */
export async function readThread(ctx: Pick<ListContext, 'store' | 'scope'>, threadId: string) {
  let artifacts: Awaited<ReturnType<MemoryStoreV1['listArtifacts']>> = [];
  try {
    artifacts = await ctx.store.listArtifacts(ctx.scope, threadSessionId(threadId));
  } catch (error) {
    if (!MemoryError.hasCode(error, 'SESSION_NOT_FOUND')) throw error;
  }
  return threadOf(artifacts, toRecord);
}

/** A thread's checkpoint records and writes, from its artifacts (`recordOf` turns a checkpoint artifact into its record). */
export function threadOf(artifacts: readonly Artifact[], recordOf: (artifact: Artifact) => CheckpointRecord) {
  const records = artifacts.filter((a) => a.kind.startsWith('langgraph.checkpoint')).map(recordOf);
  const writes = new Map<string, WriteRecord[]>();
  for (const w of writeRecords(artifacts.filter((a) => a.kind.startsWith('langgraph.writes')))) {
    const key = `${w.ns}\u0000${w.checkpoint}`;
    writes.set(key, [...(writes.get(key) ?? []), w]);
  }
  return { records, writes: (ns: string, id: string) => sortWrites(writes.get(`${ns}\u0000${id}`) ?? []) };
}

/** Whether metadata has every value of a filter (primitives compared as they are, objects by their JSON). */
function matchesFilter(metadata: unknown, filter: Record<string, unknown>): boolean {
  const m = (metadata ?? {}) as Record<string, unknown>;
  return Object.entries(filter).every(([key, value]) =>
    typeof value === 'object' && value !== null
      ? Object.hasOwn(m, key) && canonicalJson(m[key]) === canonicalJson(value)
      : m[key] === value,
  );
}

/** `BaseCheckpointSaver.list` over the scope's threads (see `EngramCheckpointSaver.list`). */
export async function* listCheckpoints(
  ctx: ListContext,
  config: RunnableConfig,
  given?: CheckpointListOptions | null,
): AsyncGenerator<CheckpointTuple> {
  const options = given ?? {};
  const configurable = config?.configurable ?? {};
  const ns: string | undefined = configurable.checkpoint_ns;
  const only: string | undefined = configurable.checkpoint_id || undefined;
  const before: string | undefined = options.before?.configurable?.checkpoint_id || undefined;
  const threadIds =
    configurable.thread_id !== undefined && configurable.thread_id !== null
      ? [String(configurable.thread_id)]
      : (await listThreads(ctx.store, ctx.scope)).map((t) => t.threadId);
  const found: {
    threadId: string;
    record: CheckpointRecord;
    thread: Awaited<ReturnType<typeof readThread>>;
  }[] = [];
  for (const threadId of threadIds) {
    const thread = await readThread(ctx, threadId);
    for (const record of thread.records) {
      if (ns !== undefined && record.ns !== ns) continue;
      if (only !== undefined && record.id !== only) continue;
      if (before !== undefined && !(record.id < before)) continue;
      found.push({ threadId, record, thread });
    }
  }
  found.sort((a, b) => (a.record.id < b.record.id ? 1 : a.record.id > b.record.id ? -1 : 0));
  let remaining = options.limit;
  for (const { threadId, record, thread } of found) {
    if (remaining !== undefined && remaining <= 0) return;
    if (options.filter && !matchesFilter(await loadPayload(ctx.serde, record.metadata), options.filter))
      continue;
    if (remaining !== undefined) remaining--;
    const records = thread.records.filter((r) => r.ns === record.ns);
    yield readTuple(ctx.source(threadId, record.ns, records, thread.writes), record);
  }
}
