import type { RunnableConfig } from '@langchain/core/runnables';
import {
  BaseCheckpointSaver,
  type ChannelVersions,
  type Checkpoint,
  type CheckpointListOptions,
  type CheckpointMetadata,
  type CheckpointTuple,
  type DeltaChannelHistory,
  getCheckpointId,
  JsonPlusSerializer,
  type PendingWrite,
} from '@langchain/langgraph-checkpoint';
import { checkKnownKeys, checkMethods, checkOptions } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import { nextChannelVersion } from './channel-version.ts';
import { type CheckpointCopy, checkpointCopy } from './checkpoint-copy.ts';
import {
  checkDeltaChannels,
  checkList,
  checkMessageChannels,
  checkPut,
  checkSaverOptions,
} from './checkpoint-input.ts';
import { readTuple, type TupleSource } from './checkpoint-reader.ts';
import type { CheckpointRecord } from './checkpoint-record.ts';
import {
  type EngramCheckpointSaverOptions,
  optionKeys,
  saverStoreMethods,
} from './checkpoint-saver-options.ts';
import { checkPutWrites, readWrites, storeWrites } from './checkpoint-writes.ts';
import { deltaChannelHistory } from './delta-history.ts';
import { listCheckpoints, threadOf as threadOfArtifacts } from './list-checkpoints.ts';
import { listedWhole, pickRecord } from './listed-whole.ts';
import { LruCache } from './lru-cache.ts';
import { ThreadIndex, type ThreadLog } from './message-lists.ts';
import { putCheckpoint } from './put-checkpoint.ts';
import { threadSessionId } from './storage-keys.ts';
import { createThreadArtifacts, type ThreadArtifacts } from './thread-artifacts.ts';
import { openThread } from './thread-session.ts';

export type { EngramCheckpointSaverOptions } from './checkpoint-saver-options.ts';

const component = 'langgraph';
const invalid = (message: string) => new MemoryError({ code: 'INVALID_ARGUMENT', component, message });

/** The thread and namespace a config names; `INVALID_ARGUMENT` without a thread id. */
function threadOf(config: RunnableConfig, what: string): { threadId: string; ns: string } {
  const configurable = config?.configurable;
  if (!configurable) throw invalid(`${what}: the config has no "configurable" object`);
  const threadId = configurable.thread_id;
  if (typeof threadId !== 'string' && typeof threadId !== 'number')
    throw invalid(`${what}: the config has no "thread_id" in "configurable"`);
  const ns = configurable.checkpoint_ns ?? '';
  if (typeof ns !== 'string') throw invalid(`${what}: "checkpoint_ns" must be a string`);
  return { threadId: String(threadId), ns };
}

/**
 * A LangGraph checkpointer on an engram store. A thread is an engram session of the scope
 * (`langgraph:<thread id>`, see `threadSessionId`): its checkpoints and pending writes are artifacts of the
 * session, and the messages of its message channels are entries of the session's log, each stored once, so a
 * conversation of n messages stores n messages rather than the n²/2 of a checkpointer that writes the whole
 * list every step. Every other channel value is stored once per version, by the checkpoint that wrote it.
 * Reads give back exactly what was put (LangGraph's validation suite runs against it on SQLite and PostgreSQL).
 */
export class EngramCheckpointSaver extends BaseCheckpointSaver {
  readonly #store: MemoryStoreV1;
  readonly #scope: Scope;
  readonly #messageChannels: ReadonlySet<string>;
  readonly #counter: TokenCounter;
  readonly #readable: boolean;
  readonly #trust: boolean;
  /** Records of recent checkpoints (the next put's parent), and what is known of recent threads' logs. */
  readonly #records = new LruCache<{ logId: string; record: CheckpointRecord }>(256);
  readonly #indexes = new LruCache<ThreadIndex>(32);
  /** Recent threads' checkpoints and writes, listed since the last read. */
  readonly #artifacts: ThreadArtifacts;
  /**
   * The last `putWrites` of each task still running: one task's calls are stored one at a time, each read after the
   * one before, so a later call's special writes replace an earlier's (calls of other savers are ordered by
   * `storeWrites`).
   */
  readonly #taskWrites = new Map<string, Promise<void>>();

  constructor(options: EngramCheckpointSaverOptions) {
    checkOptions(options, 'createEngramCheckpointSaver', 'langgraph');
    // Before `serde` and `store` are read: each option read once, so one that throws is a typed error.
    checkKnownKeys(options, optionKeys, 'createEngramCheckpointSaver', 'langgraph');
    super(options.serde);
    if (!options.store) throw invalid('createEngramCheckpointSaver needs a store');
    // Checked here: a store that is no engram store (a file path) made the first put throw a raw TypeError.
    checkMethods(options.store, 'createEngramCheckpointSaver(options).store', 'langgraph', saverStoreMethods);
    const checked = checkSaverOptions(options, optionKeys, this.serde instanceof JsonPlusSerializer);
    this.#store = options.store;
    this.#scope = checked.scope;
    this.#messageChannels = checkMessageChannels(options.messageChannels);
    this.#counter = checked.counter ?? createEstimateTokenCounter();
    this.#readable = checked.readable;
    this.#trust = checked.trust;
    this.#artifacts = createThreadArtifacts(this.#store, this.#scope);
  }

  /** The thread's log stats, or undefined when it has no session. */
  async #stats(sessionId: string) {
    try {
      return await this.#store.stats(this.#scope, sessionId);
    } catch (error) {
      if (MemoryError.hasCode(error, 'SESSION_NOT_FOUND')) return undefined;
      throw error;
    }
  }

  /** The index of a thread's log, new when the log is (the session was deleted and made again). */
  #index(sessionId: string, logId: string): ThreadIndex {
    const cached = this.#indexes.get(sessionId);
    if (cached?.logId === logId) return cached;
    const index = new ThreadIndex(logId, this.#trust);
    this.#indexes.set(sessionId, index);
    return index;
  }

  #log(sessionId: string): ThreadLog {
    const { serde } = this;
    return {
      store: this.#store,
      scope: this.#scope,
      sessionId,
      serde,
      counter: this.#counter,
      readable: this.#readable,
    };
  }

  /**
   * The checkpoint records of a thread namespace, listed since the last read; listed whole when the checkpoint
   * `id` names (without it the latest) or one it carries values from is not among them (see `listedWhole`).
   */
  async #checkpoints(sessionId: string, logId: string, ns: string, id?: string): Promise<CheckpointCopy> {
    const copy = await this.#artifacts.checkpoints(sessionId, logId, ns);
    if (listedWhole(copy, id, false)) return copy;
    this.#artifacts.forget(sessionId);
    return this.#artifacts.checkpoints(sessionId, logId, ns);
  }

  /** A record of a thread namespace by id: from the cache when its log is the same, else from the store. */
  async #record(
    sessionId: string,
    logId: string,
    ns: string,
    id: string,
  ): Promise<CheckpointRecord | undefined> {
    const key = `${sessionId}\u0000${ns}\u0000${id}`;
    const cached = this.#records.get(key);
    if (cached && cached.logId === logId) return cached.record;
    const record = (await this.#checkpoints(sessionId, logId, ns, id)).byId.get(id);
    if (record) this.#records.set(key, { logId, record });
    return record;
  }

  #source(
    threadId: string,
    ns: string,
    byId: ReadonlyMap<string, CheckpointRecord>,
    logId?: string,
  ): TupleSource {
    const sessionId = threadSessionId(threadId);
    return {
      log: this.#log(sessionId),
      threadId,
      ns,
      record: async (id) => byId.get(id),
      writes: (id) => readWrites(this.#store, this.#scope, sessionId, ns, id),
      firstVersion: this.getNextVersion(undefined),
      ...(logId === undefined ? {} : { index: this.#index(sessionId, logId) }),
    };
  }

  /** The checkpoint a config names (its `checkpoint_id`), or the thread namespace's latest (the greatest id). */
  async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    const threadId = config?.configurable?.thread_id;
    if (threadId === undefined || threadId === null) return undefined;
    const { ns } = threadOf(config, 'getTuple');
    const sessionId = threadSessionId(String(threadId));
    const stats = await this.#stats(sessionId);
    if (!stats) return undefined;
    const id = getCheckpointId(config) || undefined;
    const copy = await this.#checkpoints(sessionId, stats.logId, ns, id);
    const record = pickRecord(copy, id);
    if (!record) return undefined;
    const source = this.#source(String(threadId), ns, copy.byId, stats.logId);
    source.index?.noteLog(stats);
    return readTuple(source, record);
  }

  /**
   * Checkpoints, newest (greatest id) first: of one thread when the config names it (and of one namespace when
   * it names one), else of every thread of the scope; `before` keeps ids below its checkpoint id, `filter`
   * keeps checkpoints whose metadata has each of its values, `limit` stops after that many.
   */
  async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    checkList(config, options);
    yield* listCheckpoints(
      {
        store: this.#store,
        scope: this.#scope,
        serde: this.serde,
        source: (threadId, ns, records, writes) => ({
          ...this.#source(threadId, ns, checkpointCopy(records).byId),
          writes: async (id: string) => writes(ns, id),
        }),
      },
      config,
      options,
    );
  }

  /**
   * The history of delta channels (LangGraph's `DeltaChannel`): writes and seed along the parent chain, read
   * from the thread in one call (see `deltaChannelHistory`). Beta, as in LangGraph.
   */
  override async getDeltaChannelHistory(options: {
    config: RunnableConfig;
    channels: string[];
  }): Promise<Record<string, DeltaChannelHistory>> {
    checkDeltaChannels(options);
    const { config, channels } = options;
    const threadId = config?.configurable?.thread_id;
    if (channels.length === 0) return {};
    if (threadId === undefined || threadId === null) return super.getDeltaChannelHistory(options);
    const { ns } = threadOf(config, 'getDeltaChannelHistory');
    const sessionId = threadSessionId(String(threadId));
    const stats = await this.#stats(sessionId);
    const id = getCheckpointId(config) || undefined;
    const read = async () => {
      const artifacts = stats ? await this.#artifacts.all(sessionId, stats.logId) : [];
      const thread = threadOfArtifacts(artifacts, this.#artifacts.recordOf);
      return { thread, records: thread.records.filter((r) => r.ns === ns) };
    };
    let { thread, records } = await read();
    // A checkpoint on the way missing from the copy (its writer's clock behind): the thread is listed whole.
    if (stats && !listedWhole(checkpointCopy(records), id, true)) {
      this.#artifacts.forget(sessionId);
      ({ thread, records } = await read());
    }
    // With the thread's index, a seed list gives back the message objects getTuple revived (unchanged ones).
    const source = this.#source(String(threadId), ns, checkpointCopy(records).byId, stats?.logId);
    if (stats) source.index?.noteLog(stats);
    const history = await deltaChannelHistory(source, records, (cp) => thread.writes(ns, cp), id, channels);
    return history ?? super.getDeltaChannelHistory(options);
  }

  /** Stores a checkpoint; only the channels of `newVersions` store a value (message lists as deltas). */
  async put(
    config: RunnableConfig,
    checkpoint: Checkpoint,
    metadata: CheckpointMetadata,
    newVersions: ChannelVersions,
  ): Promise<RunnableConfig> {
    const { threadId, ns } = threadOf(config, 'put');
    checkPut(checkpoint, metadata, newVersions);
    const parentId = config.configurable?.checkpoint_id;
    const sessionId = threadSessionId(threadId);
    const stats = await openThread(this.#store, this.#scope, threadId);
    const { logId } = stats;
    const parent = typeof parentId === 'string' && parentId !== '' ? parentId : undefined;
    const source = this.#source(threadId, ns, new Map(), logId);
    // Entries deleted since the index last looked (the session pruned) are matched no more: appended again.
    source.index!.noteLog(stats);
    const { record, artifact } = await putCheckpoint(
      {
        source: { ...source, index: source.index!, record: (id) => this.#record(sessionId, logId, ns, id) },
        messageChannels: this.#messageChannels,
        parent: parent === undefined ? undefined : await this.#record(sessionId, logId, ns, parent),
      },
      { ns, checkpoint, metadata, newVersions, parentId: parent },
    );
    this.#records.set(`${sessionId}\u0000${ns}\u0000${record.id}`, { logId, record });
    this.#artifacts.noteCheckpoint(sessionId, logId, record, artifact);
    return { configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: checkpoint.id } };
  }

  /** Stores a task's pending writes against the checkpoint the config names. */
  async putWrites(
    config: RunnableConfig,
    writes: PendingWrite[],
    taskId: string,
    taskPath?: string,
  ): Promise<void> {
    const { threadId, ns } = threadOf(config, 'putWrites');
    const checkpoint = config.configurable?.checkpoint_id;
    if (typeof checkpoint !== 'string' || checkpoint === '')
      throw invalid('putWrites: the config has no "checkpoint_id" in "configurable"');
    if (typeof taskId !== 'string') throw invalid('putWrites: taskId must be a string');
    checkPutWrites(writes, taskPath);
    const sessionId = threadSessionId(threadId);
    const key = JSON.stringify([sessionId, ns, checkpoint, taskId]);
    const store = async () => {
      await openThread(this.#store, this.#scope, threadId);
      await storeWrites(this.#store, this.#scope, sessionId, this.serde, {
        ns,
        checkpoint,
        task: taskId,
        path: taskPath ?? '',
        writes,
      });
    };
    // LangGraph does not await a task's `putWrites` before its next (a Command's writes, then its resume value).
    const previous = this.#taskWrites.get(key);
    const done = previous ? previous.then(store, store) : store();
    const tail = done.catch(() => undefined);
    this.#taskWrites.set(key, tail);
    void tail.then(() => {
      if (this.#taskWrites.get(key) === tail) this.#taskWrites.delete(key);
    });
    await done;
  }

  /** The channel version after `current` (integers, as LangGraph's default); bad input is `INVALID_ARGUMENT` (see `nextChannelVersion`). */
  override getNextVersion(current: number | undefined): number {
    return nextChannelVersion(current);
  }

  /** Deletes a thread: its session, with every checkpoint, write and message of every namespace. */
  async deleteThread(threadId: string): Promise<void> {
    // As a config's thread_id: a string or a number. `null` is not the thread named "null".
    if (typeof threadId !== 'string' && typeof threadId !== 'number')
      throw invalid(`deleteThread: threadId must be a string, got ${describeValue(threadId)}`);
    const sessionId = threadSessionId(String(threadId));
    this.#records.deletePrefix(`${sessionId}\u0000`);
    this.#indexes.delete(sessionId);
    try {
      await this.#store.deleteSession(this.#scope, sessionId);
    } catch (error) {
      if (!MemoryError.hasCode(error, 'SESSION_NOT_FOUND')) throw error;
    }
  }
}

/**
 * A LangGraph checkpointer (`BaseCheckpointSaver`) on an engram store: pass it as `checkpointer` when compiling a
 * graph. See {@link EngramCheckpointSaver}.
 * @example
 * const checkpointer = createEngramCheckpointSaver({ store: createSqliteStore({ path: 'app.db' }), scope: { tenant: 'acme' } });
 * const graph = builder.compile({ checkpointer });
 */
export function createEngramCheckpointSaver(options: EngramCheckpointSaverOptions): EngramCheckpointSaver {
  return new EngramCheckpointSaver(options);
}
