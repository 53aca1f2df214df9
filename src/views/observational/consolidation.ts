import { randomUUID } from 'node:crypto';
import type { LogEntry } from '../../core/message.ts';
import { pushAll } from '../../core/push-all.ts';
import { hasOpenRide } from '../../core/ride-on-append.ts';
import { createSerialQueue } from '../../core/serial-queue.ts';
import { sessionBound } from '../../longterm/session-bound-records.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import { groupUnits, type MessageUnit, newestLiveUnit } from '../../messages/units.ts';
import { createRecordSlot, recordsOf } from '../../working/record-slot.ts';
import { estimate, observedTo } from './observation-block.ts';
import {
  addObservation,
  addReflection,
  copyBlock,
  listObservedCopy,
  type ObservedCopy,
} from './observed-copy.ts';
import type { Observer, Reflector } from './observer.ts';
import { createPendingLog } from './pending-log.ts';

/** What the consolidation of one observational view works with (its options, decided and checked). */
export interface ConsolidationOptions {
  conversation: ConversationMemory;
  observer: Observer;
  reflector: Reflector;
  recentTokens: number;
  observationTokens: number;
  maxRangeTokens: number;
  claimMs: number;
  /** Told of a failed prune of the cursor's old versions (the next prune removes them). @default ignored */
  onError?: (error: unknown) => void;
}

/**
 * The cursor's versions kept: every range writes two (a claim, a release) and nothing reads the old ones, so the
 * cursor is pruned to its newest 16 on every 16th version (at most 31 stored, instead of two more a range forever):
 * a prune every 8 ranges, since one costs about a write (on the json-file store a rewrite of the journal).
 */
export const cursorVersionsKept = 16;

/** The consolidation of an observational view: what waits to be observed, and the work that observes it. */
export interface Consolidation {
  /** The next range to observe among `entries` (after the last observed range): the oldest complete units outside the recent window. */
  nextRange(entries: readonly LogEntry[]): LogEntry[];
  /** Observes every range that has left the recent window, one at a time per view; how many ranges. */
  consolidate(): Promise<number>;
}

const component = 'observational';
/** A listing of artifacts' ids, kinds, ranges and times only (a store may leave their data out). */
const withoutData = { data: false } as const;

/**
 * The id of the observation of a range starting at `from`: `observation:<from>`, or, when an observation the
 * session already holds has that id, the first `observation:<from>~<n>` (n = 2, 3, …) none has. A copied session
 * (`sessions.copy`) keeps its artifacts' ids but numbers its seqs afresh, so after deleted messages a copied
 * observation's id can name the seq the copy's next range starts at; writing over it would drop its text from
 * the block. Writers racing for one range read the same observations, so they still pick one id.
 */
function observationId(taken: ReadonlySet<string>, from: number): string {
  let id = `observation:${from}`;
  for (let n = 2; taken.has(id); n++) id = `observation:${from}~${n}`;
  return id;
}

/** Thrown inside a cursor update when another process holds a live claim. */
class ClaimBusy extends Error {}

/** Thrown inside a release when the cursor is gone (the session was deleted, its cursor with it). */
class CursorGone extends Error {}

interface Cursor {
  observedTo: number;
  claim?: { from: number; to: number; by: string; until: number };
  /** The claim token of the release that wrote this text, when it released that writer's own live claim. */
  released?: string;
}

/**
 * The consolidation of an observational view: a range is claimed in a versioned cursor (optimistic
 * concurrency), observed, written under an id of its first sequence number, then released; a claim outlives a
 * crash only for `claimMs`. Two processes on one session observe each range once.
 */
export function createConsolidation(options: ConsolidationOptions): Consolidation {
  const { conversation, observer, reflector, recentTokens, observationTokens, maxRangeTokens, claimMs } =
    options;
  const me = randomUUID();
  const cursor = createRecordSlot({
    records: recordsOf(conversation.storage, component),
    scope: conversation.scope,
    id: `engram.observer:${conversation.sessionId}`,
    kind: 'engram.observer',
    component,
    retries: 50,
    // Bound to the session: deleting it deletes the cursor, with any claim on a range of the deleted log.
    metadata: sessionBound(conversation.sessionId),
    keepVersions: cursorVersionsKept,
    ...(options.onError ? { onPruneError: options.onError } : {}),
  });

  /** The range among `units` from index `start` (the units after the last observed range). */
  const rangeOf = (units: readonly MessageUnit<LogEntry>[], start: number): LogEntry[] => {
    let recent = 0;
    let keepFrom = units.length;
    while (keepFrom > start && recent + (units[keepFrom - 1]?.tokens ?? 0) <= recentTokens) {
      keepFrom--;
      recent += units[keepFrom]?.tokens ?? 0;
    }
    // The newest unit that is no orphan always stays (a stray result after a running step does not push it out).
    const newest = newestLiveUnit(units);
    if (newest >= start && keepFrom > newest) keepFrom = newest;
    else if (keepFrom === units.length) keepFrom = units.length - 1;
    const range: LogEntry[] = [];
    let tokens = 0;
    // Units no view sends (a result whose call was deleted, a call left without its result) are observed with
    // the rest: stopping at one would stop consolidation for good.
    for (let u = start; u < keepFrom; u++) {
      const unit = units[u] as MessageUnit<LogEntry>;
      if (range.length > 0 && tokens + unit.tokens > maxRangeTokens) break;
      pushAll(range, unit.items);
      tokens += unit.tokens;
    }
    return range;
  };
  const nextRange = (entries: readonly LogEntry[]): LogEntry[] =>
    rangeOf(groupUnits(entries, { message: (e) => e.message, tokens: (e) => e.tokens }), 0);
  // The log after the observed range, kept between ranges: a range reads only what is new since the last one.
  const pending = createPendingLog(conversation);

  /**
   * What this writer knows the observations to be, and the mark of its own last release: while the cursor still
   * holds that mark, no other writer has claimed a range since (every claim and release rewrites the cursor's text,
   * and only a release of ours writes our mark), and every observation and reflection is written under a claim, so
   * the copy is the store's and no range needs a listing. Any other outcome (a busy or lost claim, a claim taken over
   * while ours was out, a failed observer, another writer's claim kept by our release, a range whose writes rode on
   * an agent step's append, another log) drops the copy: the next range lists the observations whole.
   */
  let copy: ObservedCopy | undefined;
  let released: string | undefined;

  const consolidateOnce = async (): Promise<boolean> => {
    // Ids and ranges are all this needs: listed without their data when there is no copy.
    const listedFrom = async () =>
      observedTo(await conversation.listArtifacts('observation', undefined, withoutData)) + 1;
    let from = copy ? copy.observedTo + 1 : await listedFrom();
    let { units, start, logId } = await pending.unitsFrom(from);
    if (copy && copy.logId !== logId) {
      // The session was deleted and created again since the copy was listed: it is of another log.
      copy = undefined;
      from = await listedFrom();
      ({ units, start, logId } = await pending.unitsFrom(from));
    }
    const range = rangeOf(units, start);
    if (range.length === 0) return false;
    const to = (range.at(-1) as LogEntry).seq;
    // A claim token per attempt: two attempts never share a claim, in one process or across processes.
    const token = `${me}:${randomUUID()}`;
    const ours = async () => {
      const current = await cursor.read();
      return current !== undefined && (JSON.parse(current.text) as Cursor).claim?.by === token;
    };
    // Whether the cursor, as our claim found it, still held the mark of our last release.
    let unmoved = false;
    // Whether a put of this range may have ridden on an agent step's append (`withRide`).
    let rode = hasOpenRide();
    try {
      await cursor.update((current) => {
        const c: Cursor = current ? (JSON.parse(current.text) as Cursor) : { observedTo: 0 };
        if (c.claim && c.claim.until > Date.now()) throw new ClaimBusy();
        unmoved = released !== undefined && c.released === released;
        return {
          text: JSON.stringify({
            observedTo: c.observedTo,
            claim: { from, to, by: token, until: Date.now() + claimMs },
          }),
        };
      });
    } catch (error) {
      copy = undefined;
      if (error instanceof ClaimBusy) return false;
      throw error;
    }
    released = undefined;
    if (!unmoved) copy = undefined;
    const release = (advanceTo: number) => {
      let mark: string | undefined;
      return cursor
        .update((current) => {
          // No cursor after our claim: the session was deleted with it, and there is nothing to release.
          if (!current) throw new CursorGone();
          const c = JSON.parse(current.text) as Cursor;
          // Release only our own claim; another writer's live claim stays (and then our copy may go stale).
          const own = c.claim?.by === token;
          const foreign = c.claim !== undefined && !own;
          // Our mark only over our own claim: a claim taken over (expired) and released since is not ours to mark.
          mark = own ? token : undefined;
          return {
            text: JSON.stringify({
              observedTo: Math.max(c.observedTo, advanceTo),
              ...(foreign ? { claim: c.claim } : own ? { released: token } : {}),
            }),
          };
        })
        .then(() => mark)
        .catch((error: unknown) => {
          if (!(error instanceof CursorGone)) throw error;
          return undefined;
        });
    };
    try {
      await observeClaimed();
    } catch (error) {
      copy = undefined;
      await release(0).catch(() => undefined); // a failed observer frees the range for the next attempt at once
      throw error;
    }
    try {
      released = await release(to);
    } finally {
      // A put that rode on an agent step's append is not stored yet, and may never be (the overlay then stops
      // showing it, and a listing makes it again): the copy is not the store's.
      if (released === undefined || rode) copy = undefined;
    }
    return true;

    /** Observes the claimed range and writes it (and a reflection when the block is full). */
    async function observeClaimed(): Promise<void> {
      const known = copy ?? (await listObservedCopy(conversation, logId));
      copy = known;
      // Another process may have written this range between our look and our claim (or the session's observations
      // are not what a stale copy said): then only release; the next range starts from this listing.
      if (known.observedTo + 1 !== from) return;
      const text = await observer.observe(range);
      // An observer slower than claimMs may have lost its claim to another writer: then that one writes the range.
      if (!(await ours())) {
        copy = undefined;
        return;
      }
      addObservation(
        known,
        await conversation.putArtifact({
          id: observationId(known.ids, from),
          kind: 'observation',
          fromSeq: from,
          toSeq: to,
          data: { text, observedAt: new Date().toISOString(), messages: range.length },
        }),
      );
      rode ||= hasOpenRide();
      const block = copyBlock(known);
      if (block.sinceReflection.length > 1 && estimate(block.text) > observationTokens) {
        const condensed = await reflector.reflect(block.text, Math.floor(observationTokens / 2));
        addReflection(
          known,
          await conversation.putArtifact({
            id: `reflection:${to}`,
            kind: 'reflection',
            fromSeq: 1,
            toSeq: to,
            data: {
              text: condensed,
              reflectedAt: new Date().toISOString(),
              observations: block.sinceReflection.length,
            },
          }),
        );
      }
    }
  };

  // One consolidation at a time per view (a background run from read() and an explicit call queue up).
  const queue = createSerialQueue();
  return {
    nextRange,
    consolidate: () =>
      queue.run(async () => {
        let n = 0;
        while (await consolidateOnce()) n++;
        return n;
      }),
  };
}
