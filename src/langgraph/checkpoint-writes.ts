import { randomUUID } from 'node:crypto';
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
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { callWritesArtifactId, writesKind } from './storage-keys.ts';
import {
  type CallWritesRecord,
  latestWrites,
  storedWrites,
  type TaskWrite,
  type WriteRecord,
  writeRecords,
} from './stored-writes.ts';
import { dumpStorable, loadPayload } from './typed-payload.ts';

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
 * Stores a call's writes to a task in one artifact of its own, the call's record (see `CallWritesRecord`), written
 * once: nothing another call stored is rewritten, so calls of two savers or processes at once each keep theirs. The
 * task's stored writes are read first: the call's record is ordered after every call of the task read (`seq`), and
 * leaves out a write to a regular channel (index ≥ 0) whose (checkpoint, task, idx) is stored (the first is kept);
 * a special channel (`__error__`, `__interrupt__`, `__scheduled__`, `__resume__`: a negative index of
 * `WRITES_IDX_MAP`) is replaced by the latest call's (see `latestWrites`). Nothing is written when nothing is left.
 * Calls of one task on one saver are ordered by the saver's queue (each reads the one before); calls that overlap,
 * in two processes, are ordered by their `seq` and `call`.
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
  const stored = storedWrites(await store.listArtifacts(scope, sessionId, kind)).filter(
    (s) => s.write.task === task,
  );
  const held = new Set(latestWrites(stored).map((w) => w.idx));
  const writes = new Map<number, TaskWrite>();
  for (const [i, [channel, value]] of input.writes.entries()) {
    // Own keys only: a channel named `toString` or `constructor` is a regular channel, not a special one.
    const idx = Object.hasOwn(WRITES_IDX_MAP, channel) ? WRITES_IDX_MAP[channel]! : i;
    if (idx >= 0 && held.has(idx)) continue;
    const what = `putWrites: writes[${i}] (channel ${JSON.stringify(channel)})`;
    writes.set(idx, { path: input.path, idx, channel, value: await dumpStorable(serde, value, what) });
  }
  if (writes.size === 0) return;
  const seq = 1 + Math.max(0, ...stored.map((s) => s.seq));
  const call = randomUUID();
  const record: CallWritesRecord = { ns, checkpoint, task, seq, call, writes: [...writes.values()] };
  await store.putArtifact(scope, sessionId, {
    id: callWritesArtifactId(ns, checkpoint, task, call),
    kind,
    fromSeq: 0,
    toSeq: 0,
    data: record as unknown as JSONValue,
  });
}
