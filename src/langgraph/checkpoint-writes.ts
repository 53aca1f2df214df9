import {
  compareWritesSortKeys,
  type SerializerProtocol,
  WRITES_IDX_MAP,
  writesSortKey,
} from '@langchain/langgraph-checkpoint';
import type { JSONValue } from 'ai';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import type { Artifact, MemoryStoreV1 } from '../store/memory-store.ts';
import { writeArtifactId, writesKind } from './storage-keys.ts';
import { dumpPayload, isPayload, loadPayload, type TypedPayload } from './typed-payload.ts';

/** One pending write as stored: an artifact of the thread's session, keyed (checkpoint, task, idx). */
export interface WriteRecord {
  /** The namespace and checkpoint it belongs to. */
  ns: string;
  checkpoint: string;
  /** The task that wrote it, its path (`''` when none) and the write's index (negative for special channels). */
  task: string;
  path: string;
  idx: number;
  /** The channel written. */
  channel: string;
  /** The value, serialized. */
  value: TypedPayload;
}

/** A write read back from an artifact; `STORE_ERROR` when it is not one the saver wrote. */
export function toWriteRecord(artifact: Artifact): WriteRecord {
  const w = artifact.data as unknown as WriteRecord;
  if (
    typeof w !== 'object' ||
    w === null ||
    typeof w.ns !== 'string' ||
    typeof w.checkpoint !== 'string' ||
    typeof w.task !== 'string' ||
    typeof w.path !== 'string' ||
    !Number.isSafeInteger(w.idx) ||
    typeof w.channel !== 'string' ||
    !isPayload(w.value)
  )
    throw new MemoryError({
      code: 'STORE_ERROR',
      component: 'langgraph',
      message: `a stored pending write is malformed (${artifact.id})`,
    });
  return w;
}

/** Writes in the order live execution applies them: (task path, task id, idx), as `writesSortKey` defines. */
export function sortWrites(writes: readonly WriteRecord[]): WriteRecord[] {
  return [...writes].sort((a, b) =>
    compareWritesSortKeys(writesSortKey(a.path, a.task, a.idx), writesSortKey(b.path, b.task, b.idx)),
  );
}

/** The pending writes of one checkpoint, in order. */
export async function readWrites(
  store: MemoryStoreV1,
  scope: Scope,
  sessionId: string,
  ns: string,
  checkpointId: string,
): Promise<WriteRecord[]> {
  const artifacts = await store.listArtifacts(scope, sessionId, writesKind(ns, checkpointId));
  return sortWrites(artifacts.map(toWriteRecord));
}

/** Writes as LangGraph's `pendingWrites`: `[taskId, channel, value]`, values deserialized. */
export function pendingWrites(
  serde: SerializerProtocol,
  writes: readonly WriteRecord[],
): Promise<[string, string, unknown][]> {
  return Promise.all(
    writes.map(
      async (w): Promise<[string, string, unknown]> => [w.task, w.channel, await loadPayload(serde, w.value)],
    ),
  );
}

/**
 * Throws `INVALID_ARGUMENT` unless `putWrites` was given a list of `[channel, value]` pairs with string channels
 * and a string task path (or none): checked before anything is stored, since a stored write the reads cannot
 * take back would fail every later read of its thread.
 */
export function checkPutWrites(writes: unknown, taskPath: unknown): asserts writes is [string, unknown][] {
  const fail = (message: string) =>
    new MemoryError({ code: 'INVALID_ARGUMENT', component: 'langgraph', message: `putWrites: ${message}` });
  if (!Array.isArray(writes))
    throw fail(`writes must be a list of [channel, value], got ${describeValue(writes)}`);
  writes.forEach((write, i) => {
    if (!Array.isArray(write))
      throw fail(`writes[${i}] must be a [channel, value] pair, got ${describeValue(write)}`);
    if (typeof write[0] !== 'string')
      throw fail(`writes[${i}][0] (the channel) must be a string, got ${describeValue(write[0])}`);
  });
  if (taskPath !== undefined && typeof taskPath !== 'string')
    throw fail(`taskPath must be a string, got ${describeValue(taskPath)}`);
}

/** What `putWrites` stores. */
export interface PutWritesInput {
  ns: string;
  checkpoint: string;
  task: string;
  path: string;
  writes: readonly [string, unknown][];
}

/**
 * Stores a task's writes, one artifact each (keyed by checkpoint, task and idx, so concurrent tasks never write
 * the same record). A write to a regular channel (index ≥ 0) is kept once: a repeat of (checkpoint, task, idx)
 * leaves the first, checked before writing (two concurrent `putWrites` of one task on one checkpoint, which
 * LangGraph does not issue, could both write, the later winning). A special channel (`__error__`,
 * `__interrupt__`, `__scheduled__`, `__resume__`: a negative index of `WRITES_IDX_MAP`) is replaced by the latest.
 */
export async function storeWrites(
  store: MemoryStoreV1,
  scope: Scope,
  sessionId: string,
  serde: SerializerProtocol,
  input: PutWritesInput,
): Promise<void> {
  const kind = writesKind(input.ns, input.checkpoint);
  const indexed = input.writes.map(([channel, value], i) => ({
    channel,
    value,
    // Own keys only: a channel named `toString` or `constructor` is a regular channel, not a special one.
    idx: Object.hasOwn(WRITES_IDX_MAP, channel) ? WRITES_IDX_MAP[channel]! : i,
  }));
  const existing = indexed.some((w) => w.idx >= 0)
    ? new Set((await store.listArtifacts(scope, sessionId, kind)).map((a) => a.id))
    : new Set<string>();
  for (const { channel, value, idx } of indexed) {
    const id = writeArtifactId(input.ns, input.checkpoint, input.task, idx);
    if (idx >= 0 && existing.has(id)) continue;
    const record: WriteRecord = {
      ns: input.ns,
      checkpoint: input.checkpoint,
      task: input.task,
      path: input.path,
      idx,
      channel,
      value: await dumpPayload(serde, value),
    };
    await store.putArtifact(scope, sessionId, {
      id,
      kind,
      fromSeq: 0,
      toSeq: 0,
      data: record as unknown as JSONValue,
    });
  }
}
