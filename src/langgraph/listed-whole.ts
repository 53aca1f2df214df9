import type { CheckpointRecord } from './checkpoint-record.ts';

/** The checkpoint `id` names among `records`, or without it the latest (the greatest id); undefined when none. */
export function pickRecord(
  records: readonly CheckpointRecord[],
  id: string | undefined,
): CheckpointRecord | undefined {
  if (id !== undefined) return records.find((r) => r.id === id);
  return records.reduce<CheckpointRecord | undefined>(
    (a, r) => (a === undefined || r.id > a.id ? r : a),
    undefined,
  );
}

/**
 * Whether a thread's copy of its checkpoints (`records`, listed since the last read) holds the checkpoint `id`
 * names (without it the latest, when there is one) and every checkpoint whose values it carries; with `chain`,
 * its parents too, each the same way. A copy can lack a checkpoint a process whose clock is behind by more than
 * the listing's overlap wrote: the saver then lists the thread whole.
 */
export function listedWhole(
  records: readonly CheckpointRecord[],
  id: string | undefined,
  chain: boolean,
): boolean {
  const byId = new Map(records.map((r) => [r.id, r]));
  let record = pickRecord(records, id);
  if (id === undefined && record === undefined) return true;
  for (let steps = 0; steps <= records.length; steps++) {
    if (!record) return false;
    for (const [owner] of Object.values(record.values)) if (!byId.has(owner)) return false;
    if (!chain || record.parent === undefined) return true;
    record = byId.get(record.parent);
  }
  return true;
}
