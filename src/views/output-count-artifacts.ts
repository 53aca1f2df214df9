import type { JSONValue } from 'ai';
import type { OutputCount, SavedOutputCount, SavedOutputCounts } from '../content/saved-output-counts.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';

/** The artifact kind holding a session's saved output counts ({@link createOutputCountArtifacts}). */
export const outputCountKind = 'engram.output-counts';

/** Log positions one artifact of counts covers (so each holds a bounded number, written again whole). */
const generationSpan = 1024;

const generationOf = (seq: number): number => Math.floor(Math.max(0, seq) / generationSpan);

/**
 * A citing view's {@link SavedOutputCounts} in its session's artifacts: one `engram.output-counts` artifact per
 * 1,024 log positions and encoding (`outcnt_<encoding>_g<generation>`, its span as `fromSeq..toSeq`), holding
 * `{ id: [size, tokens, seq, at] }` (the entry a count was taken of, see {@link OutputCount}). A count an older
 * engram saved as `[size, tokens]` names no entry: it is left out when loaded (its output is counted again, and
 * saved in this form), never taken for another entry's. Written with the view's other artifacts (inside an agent step they ride on the step's
 * commit). What this process loaded or saved is kept, so a read with nothing new reads nothing; counts another
 * process saved meanwhile for the same positions may be overwritten (those outputs are counted again later).
 * Deleted with the session.
 */
export function createOutputCountArtifacts(
  conversation: Pick<ConversationMemory, 'listArtifacts' | 'putArtifact'>,
  encoding: string,
): SavedOutputCounts {
  const prefix = `outcnt_${encoding}_g`;
  /** Per generation, the counts known here (listed, or saved by this process). */
  const known = new Map<number, Map<string, OutputCount>>();
  /** Lists the session's counts once for generations not known yet (all of this encoding, in one listing). */
  const ensure = async (generations: Iterable<number>) => {
    const missing = [...generations].filter((g) => !known.has(g));
    if (missing.length === 0) return;
    for (const artifact of await conversation.listArtifacts(outputCountKind)) {
      const rest = artifact.id.startsWith(prefix) ? artifact.id.slice(prefix.length) : '';
      // Exactly a generation number after the prefix (another encoding's name may extend this one's).
      if (!/^[0-9a-z]+$/.test(rest)) continue;
      const generation = Number.parseInt(rest, 36);
      if (!Number.isSafeInteger(generation) || known.has(generation)) continue;
      known.set(generation, parseCounts(artifact.data));
    }
    for (const g of missing) if (!known.has(g)) known.set(g, new Map());
  };
  const range = (from: number, to: number) =>
    Array.from({ length: generationOf(to) - generationOf(from) + 1 }, (_, k) => generationOf(from) + k);
  return {
    async load(fromSeq, toSeq) {
      const generations = range(fromSeq, toSeq);
      await ensure(generations);
      const out = new Map<string, OutputCount>();
      for (const g of generations) for (const [id, count] of known.get(g) ?? []) out.set(id, count);
      return out;
    },
    async save(counts: readonly SavedOutputCount[]) {
      const byGeneration = new Map<number, SavedOutputCount[]>();
      for (const c of counts) {
        const g = generationOf(c.seq);
        const list = byGeneration.get(g);
        if (list) list.push(c);
        else byGeneration.set(g, [c]);
      }
      await ensure(byGeneration.keys());
      for (const [g, added] of byGeneration) {
        const map = known.get(g)!;
        for (const c of added) map.set(c.id, { size: c.size, tokens: c.tokens, seq: c.seq, at: c.at });
        const data: Record<string, JSONValue> = {};
        for (const [id, c] of map) data[id] = [c.size, c.tokens, c.seq, c.at];
        await conversation.putArtifact({
          id: `${prefix}${g.toString(36)}`,
          kind: outputCountKind,
          fromSeq: g * generationSpan,
          toSeq: g * generationSpan + generationSpan - 1,
          data: { counts: data },
        });
      }
    },
  };
}

/** The counts of an artifact's data (malformed entries, and those an older engram saved without their entry, left out). */
function parseCounts(data: JSONValue): Map<string, OutputCount> {
  const out = new Map<string, OutputCount>();
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return out;
  const counts = (data as Record<string, JSONValue>).counts;
  if (typeof counts !== 'object' || counts === null || Array.isArray(counts)) return out;
  for (const [id, value] of Object.entries(counts)) {
    if (!Array.isArray(value) || value.length !== 4) continue;
    if (!value.every((n) => Number.isSafeInteger(n))) continue;
    const [size, tokens, seq, at] = value as number[];
    // A message time may precede 1970; a size, count or position may not be negative.
    if (size! < 0 || tokens! < 0 || seq! < 0) continue;
    out.set(id, { size: size!, tokens: tokens!, seq: seq!, at: at! });
  }
  return out;
}
