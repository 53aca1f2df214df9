import type { LongTermRecord } from '../../longterm/long-term-record.ts';
import type { LongTermJournalEntry } from '../../longterm/memory-long-term-records.ts';
import { changesEmbeddedText } from '../../longterm/record-versions.ts';

/** A `purge` line of the in-process store: every line of its records goes. */
type PurgeEntry = Extract<LongTermJournalEntry, { op: 'purge' }>;
/** A `prune` line of the in-process store: the versions of one record numbered below `before` go. */
type PruneEntry = Extract<LongTermJournalEntry, { op: 'prune' }>;

const newline = 10;
const quote = 34;
const backslash = 92;
/** The text of the lines a rewrite applies wherever they are, `prune` and `purge` (one scan finds both). */
const cutMark = '"op":"p';
/** The text before a record's id on its lines (`JSON.stringify` writes no spaces). */
const idMark = '"id":"';

/** A record's key in a journal line: its exact owner and id. */
const keyOf = (owner: unknown, id: string): string => JSON.stringify([owner, id]);

/** Where one pruned record's lines stand in the pass: see {@link compactedJournal}. */
interface PruneWalk {
  before: number;
  /** The listing position its first line carried (or replay gave it). */
  seq?: number;
  previous?: LongTermRecord;
  /** The standing embedding lines before its first kept version, by model. */
  standing: Map<string, string>;
  /** Whether its first kept version has been written: every later line of it stays. */
  reached: boolean;
}

/** The start of the line of `text` holding byte `at`. */
const lineStart = (text: Buffer, at: number) => text.lastIndexOf(newline, at) + 1;

/** The starts of the lines of `text` holding `needle`, added to `into`. */
function linesHolding(text: Buffer, needle: string, into: Set<number>): void {
  for (let at = text.indexOf(needle); at >= 0; ) {
    into.add(lineStart(text, at));
    const end = text.indexOf(newline, at);
    at = end < 0 ? -1 : text.indexOf(needle, end + 1);
  }
}

/**
 * The starts of the lines of `text` holding `"id":"<one of ids>"`, added to `into`: one scan for every id (each
 * `"id":"` met is read as the JSON string it opens), so seeking many ids costs what seeking one does.
 */
function linesNaming(text: Buffer, ids: ReadonlySet<string>, into: Set<number>): void {
  for (let at = text.indexOf(idMark); at >= 0; at = text.indexOf(idMark, at + 1)) {
    const open = at + idMark.length - 1;
    let close = open + 1;
    let escaped = false;
    for (; close < text.length; close++) {
      const byte = text[close];
      if (byte === newline) break;
      if (escaped) escaped = false;
      else if (byte === backslash) escaped = true;
      else if (byte === quote) break;
    }
    if (text[close] !== quote) continue;
    const raw = text.toString('utf8', open, close + 1);
    let id: unknown;
    try {
      id = raw.includes('\\') ? JSON.parse(raw) : raw.slice(1, -1);
    } catch {
      continue;
    }
    if (typeof id === 'string' && ids.has(id)) into.add(lineStart(text, at));
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

/** How {@link compactedJournal} reads the journal. */
export interface CompactOptions {
  /**
   * Some record's first line has no `seq` (a journal written before listing positions were stored): replay numbers
   * such records in the order of their first lines, so dropping a first line would move the record. Every line is
   * read and each record's first line written with the position replay gives it.
   */
  unnumbered?: boolean;
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
 * the lines that name a sought record's id (or are a purge or prune) are found (`Buffer.indexOf`) and parsed, so
 * a rewrite of a large journal costs a scan of its bytes, not a parse of every line (but see `unnumbered`). `text`
 * is whole lines, each ended by a newline; `parse` reads the line starting at byte `start`. The result is chunks to
 * write in order, most of them slices of `text`.
 */
export function compactedJournal(
  text: Buffer,
  parse: (line: string, start: number) => LongTermJournalEntry,
  purges: readonly PurgeEntry[],
  prunes: readonly PruneEntry[],
  options: CompactOptions = {},
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
  let sought: Set<number>;
  if (options.unnumbered) sought = everyLine(text);
  else {
    sought = new Set(cutLines);
    linesNaming(text, new Set([...allPurges.flatMap((p) => p.ids), ...allPrunes.map((p) => p.id)]), sought);
  }
  // Replay's numbering (unnumbered journals): a record's first line takes its `seq`, or one past the highest yet.
  const met = new Set<string>();
  let lastSeq = 0;
  const out: Buffer[] = [];
  let copied = 0;
  /** Replaces the line at [start, end) with `lines` (none: drops it); the bytes before it are copied as they are. */
  const replace = (start: number, end: number, lines: readonly string[]) => {
    if (start > copied) out.push(text.subarray(copied, start));
    for (const line of lines) out.push(Buffer.from(`${line}\n`, 'utf8'));
    copied = end;
  };
  for (const start of [...sought].sort((a, b) => a - b)) {
    const { line, end } = lineAt(start);
    if (line.trim() === '') {
      replace(start, end, []);
      continue;
    }
    const e = parse(line, start);
    if (e.op === 'purge' || e.op === 'prune') {
      replace(start, end, []);
      continue;
    }
    const key = keyOf(e.owner, e.op === 'version' ? e.record.id : e.id);
    let seq: number | undefined;
    if (e.op === 'version' && !met.has(key)) {
      met.add(key);
      seq = e.seq ?? lastSeq + 1;
      lastSeq = Math.max(lastSeq, seq);
    }
    if (purged.has(key)) {
      replace(start, end, []);
      continue;
    }
    const walk = walks.get(key);
    if (!walk || walk.reached) {
      // Unchanged, unless it is a first line that replay numbered (now numbered in the line).
      if (options.unnumbered && seq !== undefined && e.op === 'version' && e.seq === undefined)
        replace(start, end, [JSON.stringify({ ...e, seq })]);
      continue;
    }
    if (e.op === 'embed') {
      walk.standing.set(e.model, line);
      replace(start, end, []);
      continue;
    }
    const { record } = e;
    walk.seq ??= seq ?? e.seq;
    if (record.event === 'DELETE' || (walk.previous && changesEmbeddedText(walk.previous, record)))
      walk.standing = new Map();
    walk.previous = record;
    if (record.version < walk.before) {
      replace(start, end, []);
      continue;
    }
    walk.reached = true;
    const first = JSON.stringify(walk.seq === undefined ? e : { ...e, seq: walk.seq });
    replace(start, end, [first, ...walk.standing.values()]);
  }
  if (copied < text.length) out.push(text.subarray(copied));
  return out;
}
