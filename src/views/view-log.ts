import { checkMethods } from '../core/check-options.ts';
import type { LogEntry } from '../core/message.ts';
import { firstAtLeast } from '../core/sorted-search.ts';
import { exactRange } from '../memory/appended-entries.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';
import { createUnitGrouper, type MessageUnit, type UnitGrouper } from '../messages/units.ts';
import { createIrregularUnits } from './irregular-units.ts';

/** The log's stats as the memory reports them (`LogStats`). */
type LogStats = Awaited<ReturnType<ConversationMemory['stats']>>;

/** A session's system messages with their cached token total. */
export interface SystemMessages {
  /** System entries, oldest first. */
  entries: readonly LogEntry[];
  /** Sum of their cached token counts. */
  tokens: number;
}

/** How much of the log's newest part to hold: more than `minTokens` tokens, or `maxMessages` messages. */
export type TailSize = { maxMessages: number } | { minTokens: number };

/**
 * What a view keeps of a session's log between reads: every system entry, and the newest part of the log (every
 * live entry from some sequence number on) grouped into atomic units. The entries are the ones the store
 * returned, kept as they are: nothing held is read or parsed again while the log only grows.
 */
export interface ViewLog {
  /**
   * Brings the copy up to date and returns the log's stats. When only appends happened since the last sync
   * (same `logId`, same `lastSeq - count`, see `LogStats`) it takes just the new entries: those appended through
   * this memory as they were stored (`recentAppends`), the others read from the store; after anything else (a
   * delete, clear, prune, replace, or the session created again) it reads the system messages again and drops
   * the held part.
   */
  sync(): Promise<LogStats>;
  /** The log's system entries as of the last sync. */
  readonly systems: SystemMessages;
  /** The held entries: every live entry from the first one's sequence number to the newest, oldest first. */
  readonly entries: readonly LogEntry[];
  /** Their atomic units, grouped from the first held entry (whose unit may be cut unless `whole`). */
  readonly units: readonly MessageUnit<LogEntry>[];
  /** Whether the held entries are the whole log. */
  readonly whole: boolean;
  /** How many syncs had to read the log again (anything but appends since the sync before). */
  readonly rereads: number;
  /** Reads older entries until the held part reaches `size`, at least doubling it (or the log's start). */
  grow(size: TailSize): Promise<void>;
  /** Holds exactly the live entries from `seq` on: reads the missing older ones, or drops the ones before. */
  holdFrom(seq: number): Promise<void>;
  /**
   * Drops the held units before `index` once they are most of what is held (so a long session does not pile up
   * entries, and regrouping what is left costs O(1) amortized per entry).
   */
  release(index: number): void;
  /**
   * The newest live user entry older than `seq`, or undefined when the log holds none: looked up among the held
   * entries, else by one query for the newest user message before them (remembered until the log is read again).
   */
  userBefore(seq: number): Promise<LogEntry | undefined>;
  /**
   * Whether the held units from `index` on are the units the whole log has there: none is tool output whose call
   * is not held (an orphan) or holds a tool message answering a call that is not (`strays`) — a held part starting
   * inside a unit (a page boundary, or a result that came late) shows such units, which with more of the log held
   * join an older unit — unless a grouping of the whole log (seen while this view log held it, since the last
   * reread) had that unit so: a result whose call was deleted stays an orphan, so a view holds the whole log for
   * it once, not on every read. True whenever the whole log is held.
   */
  settledFrom(index: number): boolean;
}

/** Sequence numbers `holdFrom` reads at a time (a page of the log). */
const holdPage = 128;
/** Appended entries a sync fetches at most; past that (or past what is held) it reads the newest part afresh. */
const followLimit = 1024;
const unitOptions = { message: (e: LogEntry) => e.message, tokens: (e: LogEntry) => e.tokens };

/**
 * Creates a view's incremental copy of a conversation's log (see {@link ViewLog}); throws `INVALID_ARGUMENT` unless
 * `conversation` has the log methods a view reads.
 */
export function createViewLog(conversation: ConversationMemory): ViewLog {
  checkMethods(conversation, 'options.conversation', 'views', ['entries', 'tail', 'stats', 'recentAppends']);
  const memory = conversation;
  let synced: LogStats | undefined;
  let systems: SystemMessages = { entries: [], tokens: 0 };
  /** Every live entry with seq >= startSeq (up to synced.lastSeq). */
  let held: LogEntry[] = [];
  let heldTokens = 0;
  let startSeq = 1;
  /** A read reached the log's first entry. */
  let atStart = false;
  let grouper: UnitGrouper<LogEntry> = createUnitGrouper(unitOptions);
  let rereads = 0;
  /** The whole log's orphans and units with strays, as last seen (reset on a reread). */
  const irregular = createIrregularUnits();
  /** The newest live user entry with a sequence number up to `toSeq` (a store query's answer; reset on a reread). */
  let userUpTo: { toSeq: number; entry: LogEntry | undefined } | undefined;

  const hold = (entries: LogEntry[], start: number, reachedStart: boolean) => {
    held = entries;
    heldTokens = sumTokens(entries);
    startSeq = start;
    atStart = reachedStart;
    grouper = createUnitGrouper(unitOptions);
    for (const e of held) grouper.push(e);
  };

  /** Only appends since the last sync: the same log, nothing removed, nothing renumbered. */
  const onlyAppends = (stats: LogStats): boolean =>
    synced !== undefined &&
    stats.logId === synced.logId &&
    stats.lastSeq >= synced.lastSeq &&
    stats.lastSeq - stats.count === synced.lastSeq - synced.count;

  const follow = (fresh: readonly LogEntry[]) => {
    const added: LogEntry[] = [];
    for (const e of fresh) {
      held.push(e);
      heldTokens += e.tokens;
      grouper.push(e);
      if (e.message.role === 'system') added.push(e);
    }
    if (added.length > 0)
      systems = { entries: [...systems.entries, ...added], tokens: systems.tokens + sumTokens(added) };
  };

  /** Marks `memory.recentAppends` from just after the last sync's stats came back. */
  let mark: number | undefined;

  const fetchAppended = async (
    from: LogStats,
    to: LogStats,
    mine: readonly LogEntry[] | undefined,
  ): Promise<LogEntry[] | undefined> => {
    const added = to.lastSeq - from.lastSeq;
    if (added > Math.max(followLimit, held.length)) return undefined;
    const stored = mine && exactRange(mine, from.lastSeq + 1, to.lastSeq);
    if (stored) return stored;
    // Backward with a limit (the range holds at most that many entries): stores serve it from the newest rows.
    const fresh = await memory.entries({
      fromSeq: from.lastSeq + 1,
      toSeq: to.lastSeq,
      direction: 'backward',
      limit: added,
    });
    // Fewer means something in the range went between the stats and this read: read afresh.
    return fresh.length === added ? fresh : undefined;
  };

  return {
    async sync() {
      // What this memory appended between the last sync's stats and this one's, as the store returned it (taken
      // before and marked after the stats call, so every entry used was stored between the two, in the log both
      // describe): a turn stored through the same memory is not read back.
      const mine = mark === undefined ? undefined : memory.recentAppends(mark).entries;
      const stats = await memory.stats();
      mark = memory.recentAppends().mark;
      const last = synced;
      if (last && onlyAppends(stats)) {
        if (stats.lastSeq === last.lastSeq) return stats;
        const fresh = await fetchAppended(last, stats, mine);
        if (fresh) {
          follow(fresh);
          synced = stats;
          return stats;
        }
      }
      rereads++;
      userUpTo = undefined;
      irregular.reset();
      const list = await memory.entries({ roles: ['system'], toSeq: stats.lastSeq });
      systems = { entries: list, tokens: sumTokens(list) };
      hold([], stats.lastSeq + 1, false);
      synced = stats;
      return stats;
    },
    get systems() {
      return systems;
    },
    get entries() {
      return held;
    },
    get units() {
      return grouper.units;
    },
    get whole() {
      return atStart || held.length >= (synced?.count ?? 0);
    },
    get rereads() {
      return rereads;
    },
    async grow(size) {
      if (atStart || startSeq <= 1) {
        atStart = true;
        return;
      }
      let older: LogEntry[];
      let reachedStart: boolean;
      if ('maxMessages' in size) {
        const want = Math.max(size.maxMessages - held.length, held.length, 1);
        older = await memory.tail({ maxMessages: want, toSeq: startSeq - 1 });
        reachedStart = older.length < want;
      } else {
        const want = Math.max(size.minTokens - heldTokens, heldTokens);
        older = await memory.tail({ minTokens: want, toSeq: startSeq - 1 });
        reachedStart = sumTokens(older) <= want;
      }
      reachedStart ||= older.length === 0 || older[0]!.seq === 1;
      hold([...older, ...held], older[0]?.seq ?? startSeq, reachedStart);
    },
    async holdFrom(seq) {
      const from = Math.min(seq, (synced?.lastSeq ?? 0) + 1);
      if (from > startSeq) {
        const drop = held.findIndex((e) => e.seq >= from);
        hold(drop === -1 ? [] : held.slice(drop), from, false);
      } else if (from < startSeq) {
        // Newest page first, each read apart with a turn of the event loop between: a long log read at once
        // blocks the loop for as long as the store takes to read and parse it (node:sqlite is synchronous).
        const pages: LogEntry[][] = [];
        for (let to = startSeq - 1; to >= from; ) {
          if (pages.length > 0) await new Promise<void>((resolve) => setImmediate(resolve));
          const page = await memory.entries({
            fromSeq: from,
            toSeq: to,
            direction: 'backward',
            limit: holdPage,
          });
          pages.push(page);
          if (page.length < holdPage) break;
          to = page[0]!.seq - 1;
        }
        const older: LogEntry[] = [];
        for (let i = pages.length - 1; i >= 0; i--) for (const e of pages[i]!) older.push(e);
        hold([...older, ...held], from, from <= 1);
      }
    },
    release(index) {
      const units = grouper.units;
      let drop = 0;
      for (let i = 0; i < index && i < units.length; i++) drop += units[i]!.items.length;
      if (drop === 0 || drop * 2 < held.length) return;
      hold(held.slice(drop), held[drop]?.seq ?? (synced?.lastSeq ?? 0) + 1, false);
    },
    settledFrom(index) {
      const units = grouper.units;
      if (atStart || held.length >= (synced?.count ?? 0)) {
        irregular.record(units);
        return true;
      }
      for (let u = index; u < units.length; u++) {
        const unit = units[u]!;
        if ((unit.kind === 'orphan' || unit.strays) && !irregular.known(unit)) return false;
      }
      return true;
    },
    async userBefore(seq) {
      // Held entries are in sequence order: from the newest one before `seq` back.
      for (let i = firstAtLeast(held, seq, bySeq) - 1; i >= 0; i--) {
        const e = held[i]!;
        if (e.message.role === 'user') return e;
      }
      const toSeq = Math.min(seq, startSeq) - 1;
      if (toSeq < 1 || atStart) return undefined;
      const known = userUpTo;
      if (known && (known.toSeq === toSeq || (known.toSeq > toSeq && (known.entry?.seq ?? 0) <= toSeq)))
        return known.entry;
      const [entry] = await memory.entries({ roles: ['user'], toSeq, direction: 'backward', limit: 1 });
      userUpTo = { toSeq, entry };
      return entry;
    },
  };
}

const bySeq = (e: LogEntry) => e.seq;

function sumTokens(entries: readonly LogEntry[]): number {
  let total = 0;
  for (const e of entries) total += e.tokens;
  return total;
}
