import type { JSONValue } from 'ai';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { Artifact } from '../store/memory-store.ts';
import { isRuns, type SeqRuns } from './seq-runs.ts';
import { checkpointArtifactId, checkpointKind } from './storage-keys.ts';
import { isPayload, type TypedPayload } from './typed-payload.ts';

/** A LangGraph channel version (integers by default; strings when a saver overrides `getNextVersion`). */
export type ChannelVersion = number | string;

/**
 * One channel value as a checkpoint stores it: `e` the channel was emptied, `p` the value serialized, `m` a
 * message list as runs of log sequence numbers (its messages live in the thread's log).
 */
export type ChannelBlob = { e: 1 } | { p: TypedPayload } | { m: SeqRuns };

/**
 * A checkpoint as stored: one artifact of the thread's session (kind per namespace, id per checkpoint).
 * Channel values are stored once per version, by the checkpoint that wrote the version (`newVersions`):
 * `values` says, for each channel of the checkpoint, which checkpoint holds the value of its version, so a
 * checkpoint that changed one channel stores one value. The values a checkpoint wrote sit in `blobs` when
 * small, else (`external`) in one state value of the session.
 */
export interface CheckpointRecord {
  /** The record's format. */
  v: 1;
  /** The checkpoint namespace (`''` for the root graph). */
  ns: string;
  /** The checkpoint id. */
  id: string;
  /** The parent checkpoint's id, when it was put with one. */
  parent?: string;
  /** The checkpoint without its channel values, serialized. */
  checkpoint: TypedPayload;
  /** Its metadata, serialized. */
  metadata: TypedPayload;
  /** For each channel: the id of the checkpoint holding its value, and the version. */
  values: Record<string, [string, ChannelVersion]>;
  /** Values this checkpoint wrote, stored inline. */
  blobs: Record<string, ChannelBlob>;
  /** Whether other values it wrote are in the state value `channelBlobKey(session, ns, id)`. */
  external?: boolean;
}

const malformed = (what: string) =>
  new MemoryError({
    code: 'STORE_ERROR',
    component: 'langgraph',
    message: `a stored checkpoint is malformed (${what})`,
  });

/** Whether a stored value is a channel blob. */
export function isChannelBlob(value: unknown): value is ChannelBlob {
  if (typeof value !== 'object' || value === null) return false;
  const b = value as Record<string, unknown>;
  return b.e === 1 || isPayload(b.p) || isRuns(b.m);
}

/** A record read back from an artifact; `STORE_ERROR` when it is not one the saver wrote. */
export function toRecord(artifact: Artifact): CheckpointRecord {
  const r = artifact.data as unknown as CheckpointRecord;
  if (typeof r !== 'object' || r === null || r.v !== 1) throw malformed('unknown format');
  if (typeof r.id !== 'string' || typeof r.ns !== 'string') throw malformed('id');
  if (!isPayload(r.checkpoint) || !isPayload(r.metadata)) throw malformed(`checkpoint ${r.id}`);
  if (typeof r.values !== 'object' || r.values === null || typeof r.blobs !== 'object' || r.blobs === null)
    throw malformed(`values of checkpoint ${r.id}`);
  return r;
}

/** The artifact of a record; it covers the log range its message lists point into. */
export function toArtifact(record: CheckpointRecord): Omit<Artifact, 'createdAt'> {
  let fromSeq = 0;
  let toSeq = 0;
  for (const blob of Object.values(record.blobs)) {
    if (!('m' in blob)) continue;
    for (const [first, last] of blob.m) {
      fromSeq = fromSeq === 0 ? first : Math.min(fromSeq, first);
      toSeq = Math.max(toSeq, last);
    }
  }
  return {
    id: checkpointArtifactId(record.ns, record.id),
    kind: checkpointKind(record.ns),
    fromSeq,
    toSeq,
    data: record as unknown as JSONValue,
  };
}

/** The largest blob kept inline in a checkpoint's record (JSON characters); larger ones go to state. */
export const maxInlineBlob = 2048;
