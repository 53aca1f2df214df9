import type { LongTermRecord } from '../../longterm/long-term-record.ts';
import type { LongTermJournalEntry } from '../../longterm/memory-long-term-records.ts';
import { changesEmbeddedText } from '../../longterm/record-versions.ts';

/** A `prune` line of the in-process store: the versions of one record numbered below `before` go. */
type PruneEntry = Extract<LongTermJournalEntry, { op: 'prune' }>;

/**
 * The journal's lines without the versions `prune` removes, so that replaying them gives what replaying the old
 * lines and then the prune gives: the record's first kept version line takes the listing position (`seq`) its
 * first line carried, and the embeddings recorded before it that were still standing when it was written
 * (no version since changed the text or deleted the record) follow it, since replay drops an embedding of a
 * record it has not met yet. Every other line stays as it is, in order. `parse` reads a line (numbered from 0).
 */
export function prunedJournalLines(
  lines: readonly string[],
  parse: (line: string, n: number) => LongTermJournalEntry,
  prune: PruneEntry,
): string[] {
  const mine = JSON.stringify([prune.owner, prune.id]);
  const out: string[] = [];
  let seq: number | undefined;
  let previous: LongTermRecord | undefined;
  /** The standing embedding lines before the first kept version, by model. */
  let standing = new Map<string, string>();
  let reached = false;
  lines.forEach((line, n) => {
    if (reached) {
      out.push(line);
      return;
    }
    const e = parse(line, n);
    if (
      e.op === 'purge' ||
      e.op === 'prune' ||
      JSON.stringify([e.owner, e.op === 'version' ? e.record.id : e.id]) !== mine
    ) {
      out.push(line);
      return;
    }
    if (e.op === 'embed') {
      standing.set(e.model, line);
      return;
    }
    if (e.op !== 'version') return;
    const { record } = e;
    seq ??= e.seq;
    if (record.event === 'DELETE' || (previous && changesEmbeddedText(previous, record)))
      standing = new Map();
    previous = record;
    if (record.version < prune.before) return;
    reached = true;
    out.push(JSON.stringify(seq === undefined ? e : { ...e, seq }), ...standing.values());
  });
  return out;
}
