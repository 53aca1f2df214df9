import type {
  Checkpoint,
  CheckpointPendingWrite,
  DeltaChannelHistory,
} from '@langchain/langgraph-checkpoint';
import { channelBlob, type TupleSource } from './checkpoint-reader.ts';
import type { CheckpointRecord } from './checkpoint-record.ts';
import { pendingWrites } from './checkpoint-writes.ts';
import { readList } from './message-lists.ts';
import type { WriteRecord } from './stored-writes.ts';
import { loadPayload } from './typed-payload.ts';

/**
 * `getDeltaChannelHistory` over one thread read in a single call (records and writes), instead of one `getTuple`
 * per ancestor, each rebuilding every channel of its checkpoint: walks the parent chain from the target's
 * parent, collecting each requested channel's writes (oldest first, each checkpoint's in `writesSortKey` order)
 * until the nearest ancestor holding a value for the channel, whose value becomes the seed. The same contract as
 * `BaseCheckpointSaver`'s walk. Returns undefined when a checkpoint on the way predates format 4 (its `TASKS`
 * come from a migration), leaving those to the base walk.
 */
export async function deltaChannelHistory(
  source: TupleSource,
  records: readonly CheckpointRecord[],
  writes: (checkpointId: string) => WriteRecord[],
  targetId: string | undefined,
  channels: readonly string[],
): Promise<Record<string, DeltaChannelHistory> | undefined> {
  const byId = new Map(records.map((r) => [r.id, r]));
  const target = targetId
    ? byId.get(targetId)
    : records.reduce<CheckpointRecord | undefined>(
        (a, r) => (a === undefined || r.id > a.id ? r : a),
        undefined,
      );
  const collected = new Map<string, CheckpointPendingWrite[]>(channels.map((ch) => [ch, []]));
  const seeds = new Map<string, unknown>();
  const remaining = new Set(channels);
  for (let id = target?.parent; id !== undefined && remaining.size > 0; ) {
    const record = byId.get(id);
    if (!record) break;
    const checkpoint = (await loadPayload(source.log.serde, record.checkpoint)) as Checkpoint;
    if (checkpoint.v < 4) return undefined;
    const mine = await pendingWrites(
      source.log.serde,
      writes(record.id).filter((w) => remaining.has(w.channel)),
    );
    for (const w of mine.reverse()) collected.get(w[1])!.push(w);
    for (const channel of [...remaining]) {
      const version = checkpoint.channel_versions?.[channel];
      const found =
        version === undefined ? undefined : await channelBlob(source, record, channel, version, new Map());
      if (!found || 'e' in found.blob) continue;
      seeds.set(
        channel,
        'p' in found.blob
          ? await loadPayload(source.log.serde, found.blob.p)
          : (await readList(source.log, found.blob.m, source.index)).values,
      );
      remaining.delete(channel);
    }
    id = record.parent;
  }
  return Object.fromEntries(
    channels.map((ch) => {
      const entry: DeltaChannelHistory = { writes: collected.get(ch)!.reverse() };
      if (seeds.has(ch)) entry.seed = seeds.get(ch);
      return [ch, entry];
    }),
  );
}
