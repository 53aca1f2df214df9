import type { ModelMessage } from 'ai';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import { createRideChannel } from '../core/ride-on-append.ts';
import type { Scope } from '../core/scope.ts';
import type { LongTermMemory } from './long-term-memory.ts';
import type { LongTermStoreV1 } from './long-term-store-v1.ts';

/**
 * A long-term record riding on an append (`withRide`, the step that ends an agent run): the store whose append
 * takes it runs {@link RidingRecord.write} inside its transaction, after the entries are appended, with the
 * memory's record calls joining that transaction; the record and the step commit together.
 */
export interface RidingRecord {
  /** The owner of the session whose append may take it. */
  readonly scope: Scope;
  /** The session whose append may take it. */
  readonly sessionId: string;
  /**
   * Records the messages of the run with `appended` (the append's entries) through the memory's records; returns
   * what to call once the append's transaction committed (undefined for an append that is not the step's: the
   * record is then written alone). Throws what recording throws: the store then commits the append without it.
   */
  write(appended: readonly LogEntry[]): Promise<(() => void) | undefined>;
}

/**
 * The channel long-term records ride on: a store whose append can run them in its transaction (the SQL stores)
 * takes those offered for its own `longTermRecords` and the append's session.
 */
export const recordRide = createRideChannel<RidingRecord>();

/** How a memory records in an append's transaction: its records, and `record` with its bookkeeping held back. */
interface RidingRecorder {
  records: LongTermStoreV1;
  /** Writes the records of `messages`; the returned function moves the memory on (after the commit). */
  recordHeld(messages: readonly (MemoryMessage | ModelMessage)[]): Promise<() => void>;
}

const recorders = new WeakMap<LongTermMemory, RidingRecorder>();

/**
 * Registers `memory` as one whose `record` may ride on an append (`createLongTermMemory` does, when recording
 * starts no background work: no embedder, no fact extraction).
 */
export function recordsCanRide(memory: LongTermMemory, recorder: RidingRecorder): void {
  recorders.set(memory, recorder);
}

/** What {@link offerRecordOnAppend} needs. */
export interface RecordOffer {
  /** The session whose next append carries the record (the agent's conversation). */
  scope: Scope;
  /** The session whose next append carries the record. */
  sessionId: string;
  /** How many messages that append stores: an append of another count does not write the record. */
  count: number;
  /** The messages to record, given the append's messages. */
  messages(appended: readonly MemoryMessage[]): readonly (MemoryMessage | ModelMessage)[];
}

/** A record offered on the caller's ride: whether it was written with the append it rode on. */
export interface OfferedRecord {
  /** True once the append carrying it committed with the record; false: the caller records alone. */
  written(): boolean;
}

/**
 * Offers `memory`'s record of a run to the next append of `offer`'s session in the caller's ride (`withRide`):
 * a store whose append can take it writes it in the append's transaction. Undefined when it cannot ride (no open
 * ride, or a memory whose `record` does not register: another implementation, an embedder, fact extraction);
 * then, and whenever `written()` is false after the append, the caller records alone, as without a ride.
 */
export function offerRecordOnAppend(memory: LongTermMemory, offer: RecordOffer): OfferedRecord | undefined {
  const recorder = recorders.get(memory);
  if (!recorder) return undefined;
  let written = false;
  const riding: RidingRecord = {
    scope: offer.scope,
    sessionId: offer.sessionId,
    async write(appended) {
      if (appended.length !== offer.count) return undefined;
      const moveOn = await recorder.recordHeld(offer.messages(appended.map((e) => e.message)));
      return () => {
        moveOn();
        written = true;
      };
    },
  };
  // Not taken by an append (or given back by one that rolled back): the caller records alone after the step.
  return recordRide.offer(recorder.records, riding, async () => {}) ? { written: () => written } : undefined;
}
