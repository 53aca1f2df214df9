import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import { type ArtifactLog, createArtifactLog } from '../store/artifact-log.ts';
import type { Artifact, MemoryStoreV1 } from '../store/memory-store.ts';
import { type CheckpointCopy, checkpointCopy, extendCopy, type GrowingCopy } from './checkpoint-copy.ts';
import { type CheckpointRecord, toRecord } from './checkpoint-record.ts';
import { LruCache } from './lru-cache.ts';
import { checkpointKind } from './storage-keys.ts';

/**
 * The saver's copies of its threads' artifacts, brought up to date by listing only what was written since (an
 * `ArtifactLog` each: see `createArtifactLog`), so reading a thread's latest checkpoint costs what was written
 * since the last read, not every checkpoint the thread ever had. A copy belongs to one log (`logId`): a thread
 * deleted and made again starts a new one. Each artifact is turned into a record once. Copies are kept for the
 * `threads` most recently read threads (a copy holds every checkpoint record of its thread: about 1.2 KB a step
 * with small channel values).
 */
export interface ThreadArtifacts {
  /**
   * The checkpoint records of a thread namespace (by id, and the latest); empty when the thread has
   * no session. Made again only for what was listed since the last call when the listing only added checkpoints
   * after those known.
   */
  checkpoints(sessionId: string, logId: string, ns: string): Promise<CheckpointCopy>;
  /** Every artifact of a thread (checkpoints and writes of every namespace); [] when it has no session. */
  all(sessionId: string, logId: string): Promise<readonly Artifact[]>;
  /** The record of a checkpoint artifact, made once per artifact listed. */
  recordOf(artifact: Artifact): CheckpointRecord;
  /**
   * Forgets what was listed of a thread: its next call lists it whole. For when a checkpoint named by id is not
   * in the copy, which a writer whose clock is behind by more than the listing's overlap can cause.
   */
  forget(sessionId: string): void;
  /**
   * Adds a checkpoint the saver wrote itself (its record and the artifact the store returned) to the thread's copy,
   * so its own writes are in the copy whatever the clock that stamped them.
   */
  noteCheckpoint(sessionId: string, logId: string, record: CheckpointRecord, artifact: Artifact): void;
}

/** Artifact logs of one thread's log, and each checkpoint kind's copy with the listing it was made from. */
interface ThreadLogs {
  logId: string;
  byKind: Map<string | undefined, ArtifactLog>;
  copies: Map<string, { artifacts: readonly Artifact[]; copy: GrowingCopy }>;
}

const emptyCopy = (): CheckpointCopy => checkpointCopy([]);

/** Creates the {@link ThreadArtifacts} of a saver over `store` in `scope`, for the `threads` most recent threads. */
export function createThreadArtifacts(store: MemoryStoreV1, scope: Scope, threads = 8): ThreadArtifacts {
  const logs = new LruCache<ThreadLogs>(threads);
  const records = new WeakMap<Artifact, CheckpointRecord>();
  const threadOf = (sessionId: string, logId: string): ThreadLogs => {
    let thread = logs.get(sessionId);
    if (thread?.logId !== logId) {
      thread = { logId, byKind: new Map(), copies: new Map() };
      logs.set(sessionId, thread);
    }
    return thread;
  };
  /** A kind's listing (undefined when the thread has no session), with how many of the last one it kept. */
  const load = async (sessionId: string, logId: string, kind: string | undefined) => {
    const thread = threadOf(sessionId, logId);
    let log = thread.byKind.get(kind);
    if (!log) {
      log = createArtifactLog((since, options) =>
        store.listArtifacts(scope, sessionId, kind, since, options),
      );
      thread.byKind.set(kind, log);
    }
    try {
      return { thread, ...(await log.load()) };
    } catch (error) {
      if (!MemoryError.hasCode(error, 'SESSION_NOT_FOUND')) throw error;
      logs.delete(sessionId);
      return undefined;
    }
  };
  const recordOf = (a: Artifact): CheckpointRecord => {
    let record = records.get(a);
    if (!record) {
      record = toRecord(a);
      records.set(a, record);
    }
    return record;
  };
  return {
    async checkpoints(sessionId, logId, ns) {
      const kind = checkpointKind(ns);
      const listed = await load(sessionId, logId, kind);
      if (!listed) return emptyCopy();
      const { thread, artifacts, kept, previous } = listed;
      const held = thread.copies.get(kind);
      if (held?.artifacts === artifacts) return held.copy;
      // The listing kept every artifact the copy was made from: only those after them are made records.
      const copy =
        held && held.artifacts === previous && kept === previous.length
          ? extendCopy(held.copy, artifacts.slice(kept).map(recordOf))
          : checkpointCopy(artifacts.map(recordOf));
      thread.copies.set(kind, { artifacts, copy });
      return copy;
    },
    all: async (sessionId, logId) => (await load(sessionId, logId, undefined))?.artifacts ?? [],
    recordOf,
    forget: (sessionId) => logs.delete(sessionId),
    noteCheckpoint(sessionId, logId, record, artifact) {
      const thread = logs.get(sessionId);
      if (thread?.logId !== logId) return;
      records.set(artifact, record);
      thread.byKind.get(artifact.kind)?.note(artifact);
      thread.byKind.get(undefined)?.note(artifact);
    },
  };
}
