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
import { taskWritesArtifactId, writesKind } from './storage-keys.ts';
import { dumpPayload, isPayload, loadPayload, type TypedPayload } from './typed-payload.ts';

/** One pending write as read back: keyed (checkpoint, task, idx). */
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

/**
 * A task's writes to one checkpoint as stored: one artifact of the thread's session per (checkpoint, task), written
 * whole by each `putWrites`, so a read never sees part of a call's writes and a crash never keeps part of them
 * (LangGraph takes a task with any write as done). Writes stored one artifact each, as engram did before, are still
 * read, until a `putWrites` of their task folds them into its record.
 */
interface TaskWritesRecord {
  ns: string;
  checkpoint: string;
  task: string;
  writes: Pick<WriteRecord, 'path' | 'idx' | 'channel' | 'value'>[];
}

const malformedWrite = (id: string) =>
  new MemoryError({
    code: 'STORE_ERROR',
    component: 'langgraph',
    message: `a stored pending write is malformed (${id})`,
  });

/** Whether a stored value is one write (a record of its own, or an entry of a task's record). */
function isWrite(w: unknown): boolean {
  const r = w as Record<string, unknown> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.path === 'string' &&
    Number.isSafeInteger(r.idx) &&
    typeof r.channel === 'string' &&
    isPayload(r.value)
  );
}

/** A write stored one artifact each (engram before task records); `STORE_ERROR` when it is not one the saver wrote. */
function toWriteRecord(artifact: Artifact): WriteRecord {
  const w = artifact.data as unknown as WriteRecord;
  if (
    !isWrite(w) ||
    typeof w.ns !== 'string' ||
    typeof w.checkpoint !== 'string' ||
    typeof w.task !== 'string'
  )
    throw malformedWrite(artifact.id);
  return w;
}

/** The task record an artifact holds, or undefined when it holds a single write; `STORE_ERROR` when malformed. */
function toTaskWrites(artifact: Artifact): TaskWritesRecord | undefined {
  const t = artifact.data as unknown as TaskWritesRecord;
  if (typeof t !== 'object' || t === null || !Array.isArray(t.writes)) return undefined;
  if (typeof t.ns !== 'string' || typeof t.checkpoint !== 'string' || typeof t.task !== 'string')
    throw malformedWrite(artifact.id);
  if (!t.writes.every(isWrite)) throw malformedWrite(artifact.id);
  return t;
}

/**
 * The pending writes stored in writes artifacts (of any checkpoints): a task's record stands for every write of
 * its task, so writes of that task stored one artifact each (folded into it when it was written) are left out.
 */
export function writeRecords(artifacts: readonly Artifact[]): WriteRecord[] {
  const key = (w: { ns: string; checkpoint: string; task: string }) =>
    `${w.ns}\u0000${w.checkpoint}\u0000${w.task}`;
  const whole = new Set<string>();
  const found: WriteRecord[] = [];
  const single: WriteRecord[] = [];
  for (const artifact of artifacts) {
    const task = toTaskWrites(artifact);
    if (!task) {
      single.push(toWriteRecord(artifact));
      continue;
    }
    whole.add(key(task));
    for (const w of task.writes)
      found.push({ ns: task.ns, checkpoint: task.checkpoint, task: task.task, ...w });
  }
  return [...found, ...single.filter((w) => !whole.has(key(w)))];
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
  return sortWrites(writeRecords(await store.listArtifacts(scope, sessionId, writesKind(ns, checkpointId))));
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
 * Stores a task's writes in one artifact, the task's record for the checkpoint (see `TaskWritesRecord`), written
 * whole: the writes it held before, with these merged in. A write to a regular channel (index ≥ 0) is kept once: a
 * repeat of (checkpoint, task, idx) leaves the first. A special channel (`__error__`, `__interrupt__`,
 * `__scheduled__`, `__resume__`: a negative index of `WRITES_IDX_MAP`) is replaced by the latest. Each call reads
 * the record and writes it again, so calls for one task must not overlap (the saver queues them per task); two
 * processes writing one task of one checkpoint at once, which LangGraph does not do, could have the later replace
 * the earlier's record.
 */
export async function storeWrites(
  store: MemoryStoreV1,
  scope: Scope,
  sessionId: string,
  serde: SerializerProtocol,
  input: PutWritesInput,
): Promise<void> {
  const { ns, checkpoint, task } = input;
  const kind = writesKind(ns, checkpoint);
  const before = writeRecords(await store.listArtifacts(scope, sessionId, kind)).filter(
    (w) => w.task === task,
  );
  const writes = new Map(before.map(({ path, idx, channel, value }) => [idx, { path, idx, channel, value }]));
  let changed = false;
  for (const [i, [channel, value]] of input.writes.entries()) {
    // Own keys only: a channel named `toString` or `constructor` is a regular channel, not a special one.
    const idx = Object.hasOwn(WRITES_IDX_MAP, channel) ? WRITES_IDX_MAP[channel]! : i;
    if (idx >= 0 && writes.has(idx)) continue;
    writes.set(idx, { path: input.path, idx, channel, value: await dumpPayload(serde, value) });
    changed = true;
  }
  if (!changed) return;
  const record: TaskWritesRecord = { ns, checkpoint, task, writes: [...writes.values()] };
  await store.putArtifact(scope, sessionId, {
    id: taskWritesArtifactId(ns, checkpoint, task),
    kind,
    fromSeq: 0,
    toSeq: 0,
    data: record as unknown as JSONValue,
  });
}
