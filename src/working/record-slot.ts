import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { JSONValue } from 'ai';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import { createSerialQueue } from '../core/serial-queue.ts';
import { maxRecordTextLength } from '../longterm/check-record.ts';
import type { LongTermRecord } from '../longterm/long-term-record.ts';
import {
  getLongTermRecords,
  type HasLongTermRecords,
  type LongTermStoreV1,
} from '../longterm/long-term-store-v1.ts';
import { createMemoryLongTermRecords } from '../longterm/memory-long-term-records.ts';
import { prepareChange, prepareRecord } from '../longterm/prepare-record.ts';

/**
 * A versioned text value kept as one long-term record (working memory, a core block); any text, a blank one (an
 * emptied block) included, which the slot keeps in the record's metadata (a record's text cannot be blank).
 */
export interface RecordSlot {
  /** The current record, or undefined before the first write. */
  read(): Promise<LongTermRecord | undefined>;
  /**
   * Applies `edit` to the current text (undefined before the first write) and writes the result as the next
   * version, only if no other writer got there first: on a conflict it reads again and re-applies `edit`, up to
   * `retries` times, then throws `CONFLICT`. `edit` may throw to refuse the change (nothing is written). Updates
   * of one slot take turns (`Promise.all` on one object), so only other objects and processes race them.
   */
  update(
    edit: (current: LongTermRecord | undefined) => { text: string; metadata?: Record<string, JSONValue> },
  ): Promise<LongTermRecord>;
  /** Every version, oldest first. */
  history(): Promise<LongTermRecord[]>;
}

/**
 * The long-term records of a store, or new ones in process without a store. Options type their store
 * `HasLongTermRecords`; this also takes a store that may lack them (observational memory passes its conversation's
 * log store) and then throws `INVALID_ARGUMENT` naming the missing capability.
 */
export function recordsOf(
  store: (object & Partial<HasLongTermRecords>) | undefined,
  component: string,
): LongTermStoreV1 {
  return store === undefined
    ? createMemoryLongTermRecords({ component })
    : getLongTermRecords(store, component);
}

/**
 * A slot's size limit (`maxChars`, a block's `limit`) when it is an integer from 1 to the most one record's text
 * holds (`maxRecordTextLength`), else `INVALID_ARGUMENT` naming `what`: a larger limit could never be reached, the
 * store refusing the edit past it. Returns `value`.
 */
export function checkTextLimit(value: unknown, what: string, component: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > maxRecordTextLength)
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `${what} must be an integer from 1 to ${maxRecordTextLength} (the most one record holds), got ${describeValue(value)}`,
    });
  return value;
}

/** `keepVersions` when it is an integer of at least 1, else `INVALID_ARGUMENT`. */
function checkKeepVersions(value: unknown, component: string): number {
  if (!Number.isSafeInteger(value) || (value as number) < 1)
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `keepVersions must be an integer of at least 1, got ${describeValue(value)}`,
    });
  return value as number;
}

const isConflict = (e: unknown) =>
  MemoryError.hasCode(e, 'CONFLICT') ||
  // The record was read a moment ago: a not-found now means a concurrent writer was replacing its version.
  MemoryError.hasCode(e, 'RECORD_NOT_FOUND') ||
  // Two first writers: the loser's add finds the id taken with another text.
  (MemoryError.hasCode(e, 'INVALID_ARGUMENT') && /already exists/.test((e as Error).message));

/**
 * The metadata key of a first write's token: stores accept an add identical to the record already there as a
 * no-op, so two first writers with the same text (two appends of one line) would each take the other's record
 * for their own; the token makes each first write unique, so the loser's add is refused and it retries.
 */
const firstWriteKey = 'engram.firstWrite';

/**
 * The metadata key that holds a blank text (empty, or only whitespace: an emptied block, a cleared memory), which a
 * record's own text cannot be (`checkRecordText`): such a version stores {@link blankStandIn} as its text, and the
 * slot reads the text back from here.
 */
const blankKey = 'engram.blankText';
/** The text stored for a blank one: no letter or digit, so it is no search term. */
const blankStandIn = '∅';

/** A stored version as the slot gives it: a blank text restored from its metadata, the key dropped. */
function fromStored(record: LongTermRecord): LongTermRecord {
  const blank = record.metadata[blankKey];
  if (typeof blank !== 'string') return record;
  const { [blankKey]: _, ...metadata } = record.metadata;
  return { ...record, text: blank, metadata };
}

/** The text and metadata to store for `text`: a blank one as the stand-in, with the text in its metadata. */
function toStored(
  text: string,
  metadata: Record<string, JSONValue>,
): { text: string; metadata: Record<string, JSONValue> } {
  return text.trim() === ''
    ? { text: blankStandIn, metadata: { ...metadata, [blankKey]: text } }
    : { text, metadata };
}

/** Options of {@link createRecordSlot}. */
export interface RecordSlotOptions {
  /** Where the record lives. */
  records: LongTermStoreV1;
  /** Its exact owner. */
  scope: Scope;
  /** Its id. */
  id: string;
  /** Its kind. */
  kind: string;
  /** The component named in errors. */
  component: string;
  /** How many times a write that lost a race reads again and retries before `CONFLICT`. @default 5 */
  retries?: number;
  /** The time of a version. @default the clock */
  now?: () => Date;
  /** Metadata kept on every version. @default none */
  metadata?: Record<string, JSONValue>;
  /**
   * Keep only about the newest `keepVersions` versions (an integer, at least 1; else `INVALID_ARGUMENT`), for a
   * slot whose history nobody reads: an update that writes a version whose number is a multiple of it prunes the
   * record to its newest `keepVersions` (`LongTermStoreV1.pruneVersions`, after the write, in its own step), so
   * `history` holds at most `2 × keepVersions − 1` versions and a write costs O(1) amortized. On a store without
   * `pruneVersions` it does nothing. @default every version kept
   */
  keepVersions?: number;
  /**
   * Where a failed prune goes: the update it followed stands (its version is written, and returned), and the
   * next prune removes what this one left. @default ignored
   */
  onPruneError?: (error: unknown) => void;
}

/**
 * One record as a compare-and-set slot: the first write adds it, every later write is an update expecting the
 * version it read (`expectedVersion`), so two writers in two processes never lose an update silently.
 * `metadata` is kept on every version (a session's slot is bound to it with `sessionBound`): a write to a record
 * stored without it (by an older version of the code) adds it.
 *
 * With `keepVersions`, an update that wrote a version numbered a multiple of it then prunes the older versions.
 * That is safe beside any number of writers and pruners, in any process: `pruneVersions` removes only versions
 * numbered at most `newest − keepVersions`, the newest read in the same step as the delete, so never the current
 * version; a compare-and-set expects the version its writer read, which either is still the current one (never
 * pruned, so the write lands as without pruning) or was replaced already (a `CONFLICT` with or without pruning);
 * a new version is numbered from the current one, which pruning leaves alone, so no update is lost or numbered
 * twice. Two pruners remove parts of one set of expired versions. The prune runs after the update returned from
 * the store, so a failed prune (reported to `onPruneError`) cannot undo the version written; the slot resolves
 * with it all the same.
 */
export function createRecordSlot(options: RecordSlotOptions): RecordSlot {
  const { records, scope, id, kind, component } = options;
  const now = options.now ?? (() => new Date());
  const retries = options.retries ?? 5;
  const keep =
    options.keepVersions === undefined ? undefined : checkKeepVersions(options.keepVersions, component);
  const prune = keep === undefined ? undefined : records.pruneVersions?.bind(records);
  /** Prunes after the write of `written` when its number is due; never throws (see `onPruneError`). */
  const pruneAfter = async (written: LongTermRecord): Promise<LongTermRecord> => {
    if (prune && keep !== undefined && written.version % keep === 0)
      await prune(scope, id, keep).catch((error: unknown) => {
        try {
          options.onPruneError?.(error);
        } catch {
          // A throwing callback must not fail the update either: its version is written.
        }
      });
    return written;
  };
  const fixed = options.metadata ?? {};
  const lacksFixed = (r: LongTermRecord) =>
    Object.entries(fixed).some(([k, v]) => !isDeepStrictEqual(r.metadata[k], v));
  const read = async () => {
    const record = await records.getRecord(scope, id);
    return record && fromStored(record);
  };
  // This slot's updates, one at a time: racing each other's compare-and-set, many at once ran out of retries.
  const turns = createSerialQueue();
  const update: RecordSlot['update'] = async (edit) => {
    for (let attempt = 0; ; attempt++) {
      const current = await read();
      const next = edit(current);
      try {
        if (!current) {
          const token = randomUUID();
          const stored = toStored(next.text, { ...next.metadata, ...fixed, [firstWriteKey]: token });
          const [added] = await records.addRecords(scope, [
            prepareRecord({ id, kind, ...stored }, component),
          ]);
          // Only our own add carries our token; another writer's record is refused by the store (a conflict).
          const mine = added && fromStored(added);
          // A deleted id comes back as its next version: pruned like an update.
          if (mine && mine.text === next.text && mine.metadata[firstWriteKey] === token)
            return fromStored(await pruneAfter(added));
          throw new MemoryError({
            code: 'CONFLICT',
            component,
            message: `"${id}" was written concurrently`,
          });
        }
        // An update replaces the metadata: the slot's own is written with it (and added where it was missing),
        // and so is a blank text's (kept in it), or its removal when the text is no longer blank.
        const given = next.metadata ?? (lacksFixed(current) ? current.metadata : undefined);
        if (current.text === next.text && given === undefined) return current;
        const blank = next.text.trim() === '' || current.text.trim() === '';
        const stored =
          given !== undefined || blank
            ? toStored(next.text, { ...(given ?? current.metadata), ...fixed })
            : { text: next.text };
        const written = await records.updateRecord(
          scope,
          id,
          prepareChange({ ...stored, expectedVersion: current.version }, component),
          now(),
        );
        return fromStored(await pruneAfter(written));
      } catch (error) {
        if (!isConflict(error) || attempt >= retries) {
          if (isConflict(error))
            throw new MemoryError({
              code: 'CONFLICT',
              component,
              message: `"${id}" kept changing under ${retries + 1} attempts; read it again and retry`,
              cause: error,
            });
          throw error;
        }
        // Writers that collided retry at random moments, so they do not keep colliding in step.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** attempt)));
      }
    }
  };
  return {
    read,
    update: (edit) => turns.run(() => update(edit)),
    history: async () => (await records.history(scope, id)).map(fromStored),
  };
}
