import type { CheckpointCopy } from './checkpoint-copy.ts';
import type { CheckpointRecord } from './checkpoint-record.ts';

/** The checkpoint `id` names in `copy`, or without it the latest (the greatest id); undefined when none. */
export function pickRecord(copy: CheckpointCopy, id: string | undefined): CheckpointRecord | undefined {
  return id === undefined ? copy.latest : copy.byId.get(id);
}

/**
 * Whether a thread's copy of its checkpoints (listed since the last read) holds the checkpoint `id`
 * names (without it the latest, when there is one) and every checkpoint whose values it carries; with `chain`,
 * its parents too, each the same way. A copy can lack a checkpoint a process whose clock is behind by more than
 * the listing's overlap wrote: the saver then lists the thread whole.
 */
export function listedWhole(copy: CheckpointCopy, id: string | undefined, chain: boolean): boolean {
  const { byId } = copy;
  let record = pickRecord(copy, id);
  if (id === undefined && record === undefined) return true;
  for (let steps = 0; steps <= byId.size; steps++) {
    if (!record) return false;
    for (const [owner] of Object.values(record.values)) if (!byId.has(owner)) return false;
    if (!chain || record.parent === undefined) return true;
    record = byId.get(record.parent);
  }
  return true;
}
