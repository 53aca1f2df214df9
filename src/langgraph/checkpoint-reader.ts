import type { Checkpoint, CheckpointTuple } from '@langchain/langgraph-checkpoint';
import { maxChannelVersion, TASKS } from '@langchain/langgraph-checkpoint';
import type { ChannelBlob, ChannelVersion, CheckpointRecord } from './checkpoint-record.ts';
import { isChannelBlob } from './checkpoint-record.ts';
import { pendingWrites } from './checkpoint-writes.ts';
import { readList, type ThreadIndex, type ThreadLog } from './message-lists.ts';
import { channelBlobKey } from './storage-keys.ts';
import type { WriteRecord } from './stored-writes.ts';
import { loadPayload } from './typed-payload.ts';

/** What reading checkpoints of one thread namespace needs. */
export interface TupleSource {
  /** The thread's log (and the store, scope and serializer). */
  log: ThreadLog;
  /** The thread id and namespace, as configs name them. */
  threadId: string;
  ns: string;
  /** A record of the namespace by id (the owner of a carried-over value, a parent); undefined when missing. */
  record(id: string): Promise<CheckpointRecord | undefined>;
  /** The pending writes of a checkpoint of the namespace, in order. */
  writes(checkpointId: string): Promise<WriteRecord[]>;
  /** When set, message lists read are noted in the thread's index, so the next checkpoint stores only new ones. */
  index?: ThreadIndex;
  /** The saver's first channel version (`getNextVersion(undefined)`). */
  firstVersion: ChannelVersion;
}

/** The values a record keeps in its state value (large ones), read once per record. */
async function externalBlobs(
  source: TupleSource,
  record: CheckpointRecord,
  cache: Map<string, Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const blobs = cache.get(record.id);
  if (!blobs) {
    const key = channelBlobKey(source.log.sessionId, record.ns, record.id);
    const state = await source.log.store.getState(source.log.scope, key);
    const found: Record<string, unknown> =
      typeof state === 'object' && state !== null && !Array.isArray(state) ? { ...state } : {};
    cache.set(record.id, found);
    return found;
  }
  return blobs;
}

/** The stored blob of a channel at a checkpoint, or undefined when the checkpoint has no value for it. */
export async function channelBlob(
  source: TupleSource,
  record: CheckpointRecord,
  channel: string,
  version: ChannelVersion,
  cache: Map<string, Record<string, unknown>>,
): Promise<{ owner: string; blob: ChannelBlob } | undefined> {
  const location = record.values[channel];
  if (!location || location[1] !== version) return undefined;
  const [ownerId] = location;
  const owner = ownerId === record.id ? record : await source.record(ownerId);
  if (!owner) return undefined;
  const inline = owner.blobs[channel];
  const blob = inline ?? (owner.external ? (await externalBlobs(source, owner, cache))[channel] : undefined);
  return isChannelBlob(blob) ? { owner: ownerId, blob } : undefined;
}

/** A checkpoint's channel values, each read from the checkpoint that stored its version. */
async function channelValues(source: TupleSource, record: CheckpointRecord, checkpoint: Checkpoint) {
  const values: Record<string, unknown> = {};
  const cache = new Map<string, Record<string, unknown>>();
  for (const [channel, version] of Object.entries(checkpoint.channel_versions ?? {})) {
    const found = await channelBlob(source, record, channel, version, cache);
    if (!found || 'e' in found.blob) continue;
    if ('p' in found.blob) {
      values[channel] = await loadPayload(source.log.serde, found.blob.p);
      continue;
    }
    const { values: messages, seqs } = await readList(source.log, found.blob.m, source.index);
    values[channel] = messages;
    source.index?.addList(found.owner, channel, seqs, messages);
  }
  return values;
}

/**
 * A checkpoint written by a LangGraph before checkpoint format 4 kept pending sends as writes to `TASKS` on its
 * parent; they become the `TASKS` channel, as LangGraph's own savers migrate them.
 */
async function migratePendingSends(source: TupleSource, record: CheckpointRecord, checkpoint: Checkpoint) {
  const sends = (await source.writes(record.parent!)).filter((w) => w.channel === TASKS);
  const values = await pendingWrites(source.log.serde, sends);
  const versions = Object.values(checkpoint.channel_versions);
  checkpoint.channel_values[TASKS] = values.map((w) => w[2]);
  checkpoint.channel_versions[TASKS] =
    versions.length > 0 ? maxChannelVersion(...versions) : source.firstVersion;
}

/** The checkpoint tuple of a record: checkpoint with its channel values, metadata, parent and pending writes. */
export async function readTuple(source: TupleSource, record: CheckpointRecord): Promise<CheckpointTuple> {
  const checkpoint = (await loadPayload(source.log.serde, record.checkpoint)) as Checkpoint;
  checkpoint.channel_values = await channelValues(source, record, checkpoint);
  if (checkpoint.v < 4 && record.parent !== undefined) await migratePendingSends(source, record, checkpoint);
  const configurable = { thread_id: source.threadId, checkpoint_ns: source.ns };
  const tuple: CheckpointTuple = {
    config: { configurable: { ...configurable, checkpoint_id: record.id } },
    checkpoint,
    metadata: (await loadPayload(source.log.serde, record.metadata)) as CheckpointTuple['metadata'],
    pendingWrites: await pendingWrites(source.log.serde, await source.writes(record.id)),
  };
  if (record.parent !== undefined)
    tuple.parentConfig = { configurable: { ...configurable, checkpoint_id: record.parent } };
  return tuple;
}
