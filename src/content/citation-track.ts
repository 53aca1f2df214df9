import type { LogEntry, MemoryMessage } from '../core/message.ts';
import { createTimeSlicer } from '../core/time-slicer.ts';
import type { CitationStats, CitedForm } from './cited-form.ts';

/**
 * `cite` kept up to date across reads of one log that grows by appends: each entry is prepared and shown once,
 * and only the entries whose citation can still change (an offloaded result still within its `keepTurns`) are
 * looked at again. After `update(entries)`, `messages[i]` and `tokens[i]` are what `cite(entries)` returns.
 */
export interface CitationTrack {
  /**
   * Brings the track up to `entries`: the same array as last time, grown by appends, costs the new entries and
   * the unsettled ones; any other array starts over.
   */
  update(entries: readonly LogEntry[]): Promise<void>;
  /** The messages as the model sees them, one per entry (the track's own array: copy before changing it). */
  readonly messages: readonly MemoryMessage[];
  /** Their tokens. */
  readonly tokens: readonly number[];
  /** The stats of the entries at `indices` (the stats `cite` gives for them). */
  statsOf(indices: readonly number[]): CitationStats;
}

/** The citer calls a track uses (see `ToolResultCiter`). */
export interface TrackCiter {
  /** Decides and stores the offloaded results of entries not prepared yet. */
  prepare(entries: readonly LogEntry[]): Promise<void>;
  /** A prepared entry as shown with `assistantsAfter` assistant messages after it. */
  citedForm(entry: LogEntry, assistantsAfter: number): CitedForm;
  /** Whether a prepared entry has offloaded results. */
  hasOffloads(entry: LogEntry): boolean;
}

interface Unsettled {
  index: number;
  /** Assistant messages up to and including the entry. */
  assistantsBefore: number;
}

/** Creates an empty {@link CitationTrack} over a citer. */
export function createCitationTrack(citer: TrackCiter): CitationTrack {
  let source: readonly LogEntry[] | undefined;
  let done = 0;
  let messages: MemoryMessage[] = [];
  let tokens: number[] = [];
  let unsettled: Unsettled[] = [];
  let assistants = 0;
  /** The current form of each entry with offloaded results, by index. */
  let forms = new Map<number, CitationStats>();

  const reset = () => {
    done = 0;
    messages = [];
    tokens = [];
    unsettled = [];
    assistants = 0;
    forms = new Map();
  };

  return {
    async update(entries) {
      if (entries !== source || entries.length < done) reset();
      source = entries;
      if (entries.length === done) return;
      const fresh = entries.slice(done);
      await citer.prepare(fresh);
      const slicer = createTimeSlicer();
      for (let i = done; i < entries.length; i++) {
        const entry = entries[i]!;
        const role = entry.message.role;
        if (role === 'assistant') assistants++;
        messages.push(entry.message);
        tokens.push(entry.tokens);
        if (citer.hasOffloads(entry)) {
          unsettled.push({ index: i, assistantsBefore: assistants });
        }
      }
      done = entries.length;
      const still: Unsettled[] = [];
      for (const u of unsettled) {
        const form = citer.citedForm(entries[u.index]!, assistants - u.assistantsBefore);
        messages[u.index] = form.message;
        tokens[u.index] = form.tokens;
        forms.set(u.index, form);
        if (!form.settled) still.push(u);
        const pause = slicer.tick();
        if (pause) await pause;
      }
      unsettled = still;
    },
    get messages() {
      return messages;
    },
    get tokens() {
      return tokens;
    },
    statsOf(indices) {
      const out: CitationStats = { cited: 0, fullFirstUse: 0, savedTokens: 0 };
      if (forms.size === 0) return out;
      for (const i of indices) {
        const form = forms.get(i);
        if (!form) continue;
        out.cited += form.cited;
        out.fullFirstUse += form.fullFirstUse;
        out.savedTokens += form.savedTokens;
      }
      return out;
    },
  };
}
