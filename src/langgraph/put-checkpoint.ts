import type { ChannelVersions, Checkpoint, CheckpointMetadata } from '@langchain/langgraph-checkpoint';
import type { JSONValue } from 'ai';
import type { Artifact } from '../store/memory-store.ts';
import { channelBlob, type TupleSource } from './checkpoint-reader.ts';
import { type ChannelBlob, type CheckpointRecord, maxInlineBlob, toArtifact } from './checkpoint-record.ts';
import { isMessageList } from './langchain-message.ts';
import { readList, type ThreadIndex, writeList } from './message-lists.ts';
import { channelBlobKey } from './storage-keys.ts';
import { dumpStorable, type TypedPayload } from './typed-payload.ts';

/** What storing a checkpoint of one thread namespace needs. */
export interface PutContext {
  /** Reads of the namespace (the log, records by id, and the thread's index). */
  source: TupleSource & { index: ThreadIndex };
  /** Channels whose message lists are stored as deltas. */
  messageChannels: ReadonlySet<string>;
  /** The parent checkpoint's record, when the config named one that exists. */
  parent: CheckpointRecord | undefined;
}

/** A checkpoint to store. */
export interface PutInput {
  ns: string;
  checkpoint: Checkpoint;
  metadata: CheckpointMetadata;
  newVersions: ChannelVersions;
  parentId: string | undefined;
}

/**
 * Makes sure the thread's index knows the message list the parent checkpoint holds for a channel (after a
 * restart it reads it from the log once), so the child's list is matched against it.
 */
async function indexParentList(ctx: PutContext, channel: string): Promise<void> {
  const parent = ctx.parent;
  const location = parent?.values[channel];
  if (!parent || !location || ctx.source.index.hasList(location[0], channel)) return;
  const found = await channelBlob(ctx.source, parent, channel, location[1], new Map());
  if (!found || !('m' in found.blob)) return;
  // Only the entries still there: one deleted since (the session pruned) is appended again by the child.
  const { values, seqs } = await readList(ctx.source.log, found.blob.m, ctx.source.index, true);
  ctx.source.index.addList(found.owner, channel, seqs, values);
}

/** Whether a channel's value is stored as a message list delta over the thread's log. */
const isLogged = (ctx: PutContext, checkpoint: Checkpoint, channel: string) =>
  ctx.messageChannels.has(channel) && isMessageList(checkpoint.channel_values[channel]);

/**
 * The blob of a channel this checkpoint writes: emptied, a message list delta, or the value serialized (`payloads`,
 * serialized before any message list is written).
 */
async function writeBlob(
  ctx: PutContext,
  checkpoint: Checkpoint,
  channel: string,
  payloads: ReadonlyMap<string, TypedPayload>,
): Promise<ChannelBlob> {
  if (!Object.hasOwn(checkpoint.channel_values, channel)) return { e: 1 };
  const payload = payloads.get(channel);
  if (payload) return { p: payload };
  await indexParentList(ctx, channel);
  const written = await writeList(
    ctx.source.log,
    ctx.source.index,
    checkpoint.channel_values[channel] as object[],
    channel,
  );
  ctx.source.index.markList(checkpoint.id, channel);
  return { m: written.runs };
}

/**
 * Stores a checkpoint: the values of the channels in `newVersions` (message lists as deltas over the log, the
 * others serialized; large ones in a state value written first), then its record, which names for every other
 * channel the checkpoint holding the value of its version (inherited from the parent's record when the version
 * is the same). Returns the record and its artifact as the store wrote it.
 */
export async function putCheckpoint(
  ctx: PutContext,
  input: PutInput,
): Promise<{ record: CheckpointRecord; artifact: Artifact }> {
  const { checkpoint, newVersions, ns } = input;
  const { channel_values: _values, ...rest } = checkpoint;
  const { log } = ctx.source;
  // Every value but the message lists is serialized, and refused when it cannot be read back, before the first
  // message is appended: a put refused leaves the thread's log as it was.
  const checkpointPayload = await dumpStorable(log.serde, rest, 'put: checkpoint');
  const metadataPayload = await dumpStorable(log.serde, input.metadata, 'put: metadata');
  const payloads = new Map<string, TypedPayload>();
  for (const channel of Object.keys(newVersions ?? {}))
    if (Object.hasOwn(checkpoint.channel_values, channel) && !isLogged(ctx, checkpoint, channel))
      payloads.set(
        channel,
        await dumpStorable(log.serde, checkpoint.channel_values[channel], `put: channel_values.${channel}`),
      );
  const values: CheckpointRecord['values'] = {};
  for (const [channel, version] of Object.entries(checkpoint.channel_versions ?? {})) {
    const inherited = ctx.parent?.values[channel];
    if (inherited && inherited[1] === version) values[channel] = inherited;
  }
  const blobs: Record<string, ChannelBlob> = {};
  const external: Record<string, ChannelBlob> = {};
  for (const [channel, version] of Object.entries(newVersions ?? {})) {
    values[channel] = [checkpoint.id, version];
    const blob = await writeBlob(ctx, checkpoint, channel, payloads);
    if (JSON.stringify(blob).length <= maxInlineBlob) blobs[channel] = blob;
    else external[channel] = blob;
  }
  const hasExternal = Object.keys(external).length > 0;
  if (hasExternal)
    await log.store.putState(
      log.scope,
      channelBlobKey(log.sessionId, ns, checkpoint.id),
      external as unknown as JSONValue,
    );
  const record: CheckpointRecord = {
    v: 1,
    ns,
    id: checkpoint.id,
    ...(input.parentId !== undefined ? { parent: input.parentId } : {}),
    checkpoint: checkpointPayload,
    metadata: metadataPayload,
    values,
    blobs,
    ...(hasExternal ? { external: true } : {}),
  };
  const artifact = await log.store.putArtifact(log.scope, log.sessionId, toArtifact(record));
  return { record, artifact };
}
