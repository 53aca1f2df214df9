import type { LongTermRecord } from '../../longterm/long-term-record.ts';
import type { LongTermJournalEntry } from '../../longterm/memory-long-term-records.ts';
import { changesEmbeddedText } from '../../longterm/record-versions.ts';

/** A `purge` line of the in-process store: every line of its records goes. */
type PurgeEntry = Extract<LongTermJournalEntry, { op: 'purge' }>;
/** A `prune` line of the in-process store: the versions of one record numbered below `before` go. */
type PruneEntry = Extract<LongTermJournalEntry, { op: 'prune' }>;

/** Most records a rewrite finds by their id's text before it reads every line instead. */
const mostIdsSought = 64;
const newline = 10;
/** The text of the lines a rewrite applies wherever they are, `prune` and `purge` (one scan finds both). */
const cutMark = '"op":"p';

/** A record's key in a journal line: its exact owner and id. */
const keyOf = (owner: unknown, id: string): string => JSON.stringify([owner, id]);

/** Where one pruned record's lines stand in the pass: see {@link compactedJournal}. */
interface PruneWalk {
  before: number;
  /** The listing position its first line carried. */
  seq?: number;
  previous?: LongTermRecord;
  /** The standing embedding lines before its first kept version, by model. */
  standing: Map<string, string>;
  /** Whether its first kept version has been written: every later line of it stays. */
  reached: boolean;
}

/** The starts of the lines of `text` holding `needle`, added to `into`. */
function linesHolding(text: Buffer, needle: string, into: Set<number>): void {
  for (let at = text.indexOf(needle); at >= 0; ) {
    into.add(text.lastIndexOf(newline, at) + 1);
    const end = text.indexOf(newline, at);
    at = end < 0 ? -1 : text.indexOf(needle, end + 1);
  }
}

/** The start of every line of `text`. */
function everyLine(text: Buffer): Set<number> {
  const starts = new Set<number>();
  for (let start = 0; start < text.length; ) {
    starts.add(start);
    const end = text.indexOf(newline, start);
    start = end < 0 ? text.length : end + 1;
  }
  return starts;
}

/**
 * The journal as one rewrite leaves it, so that replaying its lines gives what replaying the old ones and then
 * `purges` and `prunes` gives: no `purge` or `prune` line stays (those in `text`, appended since the last
 * rewrite, are applied too); every line of a purged record goes; a pruned record loses its versions numbered
 * below the highest `before` of its prunes (a prune only removes versions written before it, and every later
 * version is numbered higher, so the highest applies to the whole file), its first kept version line takes the
 * listing position (`seq`) its first line carried, and the embeddings recorded before it that were still standing
 * when it was written (no version since changed the text or deleted the record) follow it, since replay drops an
 * embedding of a record it has not met yet. Every other line stays as it is, in order, copied as bytes: only
 * the lines that hold a sought record's id (or a purge or prune) are found (`Buffer.indexOf`) and parsed, so a
 * rewrite of a large journal for a few records costs a scan of its bytes, not a parse of every line. `text` is
 * whole lines, each ended by a newline; `parse` reads the line starting at byte `start`. The result is chunks to
 * write in order, most of them slices of `text`.
 */
export function compactedJournal(
  text: Buffer,
  parse: (line: string, start: number) => LongTermJournalEntry,
  purges: readonly PurgeEntry[],
  prunes: readonly PruneEntry[],
): Buffer[] {
  const lineAt = (start: number) => {
    const end = text.indexOf(newline, start);
    return { line: text.toString('utf8', start, end), end: end + 1 };
  };
  const cutLines = new Set<number>();
  linesHolding(text, cutMark, cutLines);
  const allPrunes = [...prunes];
  const allPurges = [...purges];
  for (const start of cutLines) {
    const e = parse(lineAt(start).line, start);
    if (e.op === 'prune') allPrunes.push(e);
    else if (e.op === 'purge') allPurges.push(e);
  }
  const purged = new Set(allPurges.flatMap((p) => p.ids.map((id) => keyOf(p.owner, id))));
  const walks = new Map<string, PruneWalk>();
  for (const p of allPrunes) {
    const key = keyOf(p.owner, p.id);
    const walk = walks.get(key);
    if (walk) walk.before = Math.max(walk.before, p.before);
    else walks.set(key, { before: p.before, standing: new Map(), reached: false });
  }
  const ids = new Set([...allPurges.flatMap((p) => p.ids), ...allPrunes.map((p) => p.id)]);
  let sought: Set<number>;
  if (ids.size > mostIdsSought) sought = everyLine(text);
  else {
    sought = new Set(cutLines);
    for (const id of ids) linesHolding(text, `"id":${JSON.stringify(id)}`, sought);
  }
  const out: Buffer[] = [];
  let copied = 0;
  const write = (...lines: string[]) => {
    for (const line of lines) out.push(Buffer.from(`${line}\n`, 'utf8'));
  };
  for (const start of [...sought].sort((a, b) => a - b)) {
    out.push(text.subarray(copied, start));
    const { line, end } = lineAt(start);
    copied = end;
    if (line.trim() === '') continue;
    const e = parse(line, start);
    if (e.op === 'purge' || e.op === 'prune') continue;
    const key = keyOf(e.owner, e.op === 'version' ? e.record.id : e.id);
    if (purged.has(key)) continue;
    const walk = walks.get(key);
    if (!walk || walk.reached) {
      out.push(text.subarray(start, end));
      continue;
    }
    if (e.op === 'embed') {
      walk.standing.set(e.model, line);
      continue;
    }
    const { record } = e;
    walk.seq ??= e.seq;
    if (record.event === 'DELETE' || (walk.previous && changesEmbeddedText(walk.previous, record)))
      walk.standing = new Map();
    walk.previous = record;
    if (record.version < walk.before) continue;
    walk.reached = true;
    write(JSON.stringify(walk.seq === undefined ? e : { ...e, seq: walk.seq }), ...walk.standing.values());
  }
  out.push(text.subarray(copied));
  return out.filter((chunk) => chunk.length > 0);
}
