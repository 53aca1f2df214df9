import { createHash } from 'node:crypto';
import type { ModelMessage } from 'ai';
import type { Clock } from '../core/clock.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import { maxRecordTextLength } from './check-record.ts';
import { recordedMessages } from './long-term-input.ts';
import type { KeepOutRules } from './long-term-keep-out.ts';
import type { LongTermMemoryOptions } from './long-term-memory-options.ts';
import type { LongTermProvenance, LongTermRecord, NewLongTermRecord } from './long-term-record.ts';
import { maxProvenanceIds, recordHash } from './prepare-record.ts';
import { checkTurnTexts, cutText, spokenText, toolsReadAfter, turnRecords } from './turn-records.ts';

const hashId = (prefix: string, parts: readonly string[]) =>
  `${prefix}_${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 24)}`;

/** What a long-term memory's `record` needs. */
export interface RecorderOptions {
  /** The memory's options (session, recording, roles, neighbours, episodes, keepOut). */
  options: LongTermMemoryOptions;
  /** The rules of `keepOut`. */
  rules: KeepOutRules;
  /** The clock plain messages are stamped with. */
  clock: Clock;
  /** Adds records (the memory's `add`). */
  add(records: NewLongTermRecord[]): Promise<LongTermRecord[]>;
  /** The last version the memory's scope holds of each of `ids` it ever stored (see `storedBefore`). */
  storedBefore(ids: readonly string[]): Promise<Map<string, LongTermRecord>>;
  /** Starts the background work (fact extraction). */
  schedule(): Promise<void>;
  /** Records what the user says about themselves (see `recordSelfFacts`), after the turns; `turnOf` names a message's turn record. */
  selfFacts?: (
    messages: readonly MemoryMessage[],
    turnOf: (messageId: string) => string | undefined,
  ) => Promise<void>;
}

/**
 * The turns a `record` call kept, in runs of whole turns whose message ids (and roles) one record's provenance
 * holds ({@link maxProvenanceIds}), in order: one run unless the call recorded more messages than that.
 */
function episodeRuns(told: readonly NewLongTermRecord[]): NewLongTermRecord[][] {
  const runs: NewLongTermRecord[][] = [];
  let ids = Number.POSITIVE_INFINITY;
  for (const turn of told) {
    const n = Math.max(turn.provenance?.messageIds?.length ?? 0, turn.provenance?.roles?.length ?? 0);
    if (ids + n > maxProvenanceIds) {
      runs.push([]);
      ids = 0;
    }
    runs.at(-1)!.push(turn);
    ids += n;
  }
  return runs;
}

/**
 * An episode record of a `record` call: turns it kept, as one text, for episode fusion; `validAt` is when the first
 * of them was said.
 */
function episodeRecord(
  told: readonly NewLongTermRecord[],
  validAt: Date,
  session: string | undefined,
): NewLongTermRecord {
  // Cut where a record's text ends, never inside a surrogate pair: a lone half made the whole call refused.
  const text = cutText(told.map((t) => t.text).join('\n'), maxRecordTextLength);
  return {
    id: hashId('episode', [session ?? '', ...told.flatMap((t) => t.provenance?.messageIds ?? [])]),
    kind: 'episode',
    text,
    ...(session === undefined ? {} : { session, episode: session }),
    validAt,
    provenance: {
      origin: 'conversation',
      toolDerived: told.some((t) => t.provenance?.toolDerived),
      messageIds: told.flatMap((t) => t.provenance?.messageIds ?? []),
      roles: told.flatMap((t) => t.provenance?.roles ?? []),
      ...(session === undefined ? {} : { session }),
    },
  };
}

/**
 * Throws `INVALID_ARGUMENT` naming the message (`messages[1].id`) when a turn's message id, which names its record,
 * is given other words than before: by an earlier message of the call, or by a record of it stored before and not
 * changed since (its first version). The store refused such a record too, but named a record the caller never made
 * (`records[1]: record "turn_…" already exists with a different text`).
 */
function checkOneTextPerId(
  messages: readonly MemoryMessage[],
  turns: readonly NewLongTermRecord[],
  before: ReadonlyMap<string, LongTermRecord>,
): void {
  const hashes = new Map<string, string>();
  const seen = new Map<string, number>();
  for (const turn of turns) {
    const id = turn.id as string;
    const messageId = turn.provenance?.messageIds?.[0] ?? '';
    const nth = seen.get(messageId) ?? 0;
    seen.set(messageId, nth + 1);
    const stored = before.get(id);
    const hash = recordHash(turn.text);
    const known =
      hashes.get(id) ?? (stored?.event === 'ADD' && stored.version === 1 ? stored.hash : undefined);
    if (known === undefined) hashes.set(id, hash);
    else if (known !== hash) {
      const at = messages.flatMap((m, i) => (m.id === messageId ? [i] : []));
      const index = at[Math.min(nth, at.length - 1)];
      throw new MemoryError({
        code: 'INVALID_ARGUMENT',
        component: 'longterm',
        message: `messages[${index}].id "${messageId}" names a message recorded ${hashes.has(id) ? 'earlier in the call' : 'before'} with other words; a message id names one message (give another message its own id)`,
      });
    }
  }
}

/** A long-term memory's `record`, and the same with its bookkeeping held back. */
export interface Recorder {
  /** Records messages (the memory's `record`). */
  record(input: readonly (MemoryMessage | ModelMessage)[]): Promise<void>;
  /**
   * Writes the records `record` writes, without moving on: the returned function does (remembers the last
   * spoken message and the tools read, starts fact extraction). For a write inside a transaction that may roll
   * back or be retried (an append's, see `offerRecordOnAppend`): called once it committed.
   */
  recordHeld(input: readonly (MemoryMessage | ModelMessage)[]): Promise<() => void>;
}

/**
 * A long-term memory's `record`: each kept turn with its neighbours and dates as a `turn` record (ids derived
 * from the session and the source messages, so recording twice adds nothing), plus an `episode` record per call
 * (per run of 1,000 messages in a longer call);
 * it remembers the last spoken message and the tools read, for the context of the next call's first turn.
 */
export function createRecorder(o: RecorderOptions): Recorder {
  const { options, rules } = o;
  const recording = options.recording ?? 'turns';
  const keepOut = options.keepOut ?? {};
  let previous: MemoryMessage | undefined;
  let toolsRead: string[] = [];
  const recordHeld = async (input: readonly (MemoryMessage | ModelMessage)[]): Promise<() => void> => {
    const messages = recordedMessages(input, o.clock);
    if (recording === 'none' || messages.length === 0) return () => {};
    checkTurnTexts(messages, options.roles);
    const turns = turnRecords(messages, {
      ...(options.session === undefined ? {} : { session: options.session }),
      ...(options.roles ? { roles: options.roles } : {}),
      neighbours: options.neighbours ?? 2,
      ...(previous ? { previous } : {}),
      toolsRead,
      toolDerivedContext: !keepOut.toolDerived,
    })
      .filter((r) => !rules.keptOut(r.provenance as LongTermProvenance, 'memory'))
      .map((r) => ({
        ...r,
        id: hashId('turn', [options.session ?? '', ...(r.provenance?.messageIds ?? [])]),
      }));
    const all: NewLongTermRecord[] = [...turns];
    // With tool-derived text kept out of recall, the episode gathers the other turns only, so it stays recallable.
    const told = keepOut.toolDerived ? turns.filter((t) => !t.provenance?.toolDerived) : turns;
    if ((options.episodes ?? true) && told.length > 0) {
      // A call of more messages than one record names gets an episode per run of turns (the first as before).
      const saidAt = new Map(messages.map((m) => [m.id, m.createdAt]));
      for (const [k, run] of episodeRuns(told).entries()) {
        const firstId = run[0]?.provenance?.messageIds?.[0];
        const validAt =
          (k > 0 && firstId !== undefined ? saidAt.get(firstId) : undefined) ?? messages[0]!.createdAt;
        all.push(episodeRecord(run, validAt, options.session));
      }
    }
    // Recording again adds nothing: a record deleted or changed since it was recorded (a later version) stays as it
    // is. Added again, a changed one was refused (the whole call with it) and a deleted one came back. One still at
    // its first version is added as before: a no-op when it is the same (a message id given other content is refused).
    const before = all.length > 0 ? await o.storedBefore(all.map((r) => r.id as string)) : new Map();
    checkOneTextPerId(messages, turns, before);
    const fresh = all.filter((r) => {
      const stored = before.get(r.id as string);
      return stored === undefined || (stored.event === 'ADD' && stored.version === 1);
    });
    if (fresh.length > 0) await o.add(fresh);
    if (o.selfFacts) {
      const turnIds = new Map(turns.map((t) => [t.provenance?.messageIds?.[0] ?? '', t.id]));
      await o.selfFacts(messages, (id) => turnIds.get(id));
    }
    return () => {
      previous = [...messages].reverse().find((m) => spokenText(m) !== '') ?? previous;
      toolsRead = toolsReadAfter(messages, toolsRead);
      if (recording === 'facts') void o.schedule();
    };
  };
  return {
    async record(input) {
      (await recordHeld(input))();
    },
    recordHeld,
  };
}
