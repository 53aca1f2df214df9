import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { canonicalJson } from '../messages/canonical-json.ts';
import { copyJsonValue } from '../messages/json-value.ts';
import { checkValidity } from './check-record.ts';
import type { LongTermEmbedding } from './long-term-query.ts';
import type { LongTermRecord, LongTermRecordChange } from './long-term-record.ts';
import type { PreparedLongTermRecord } from './long-term-store-v1.ts';
import { copyProvenance } from './provenance.ts';

const copyDate = (d: Date | undefined) => (d === undefined ? undefined : new Date(d.getTime()));

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isDate = (v: unknown): v is Date => v instanceof Date && !Number.isNaN(v.getTime());
const wrongShape = (what: string, problem: string) =>
  new MemoryError({ code: 'INVALID_ARGUMENT', component: 'longterm', message: `${what} ${problem}` });

/**
 * Throws `INVALID_ARGUMENT` unless `value` has the shape the version helpers read: an object with object
 * `metadata` and `provenance`, Dates where dates go (`createdAt` and `recordedAt` on a stored version). Not a
 * full check (records come from `prepareRecord` or from the driver's own storage); it keeps a helper called
 * with something else from failing with a raw `TypeError`.
 */
function checkShape(value: unknown, what: string, stored: boolean): void {
  if (!isObject(value) || !isObject(value.metadata) || !isObject(value.provenance))
    throw wrongShape(what, `must be a ${stored ? 'stored' : 'prepared'} record, got ${describeValue(value)}`);
  const dates = stored ? ['createdAt', 'recordedAt'] : [];
  for (const key of dates)
    if (!isDate(value[key])) throw wrongShape(`${what}.${key}`, 'must be a valid Date');
  for (const key of ['validAt', 'invalidAt', 'expiredAt'])
    if (value[key] !== undefined && !isDate(value[key]))
      throw wrongShape(`${what}.${key}`, 'must be a valid Date when present');
}

function checkWhen(value: unknown, what: string): void {
  if (!isDate(value)) throw wrongShape(what, `must be a valid Date, got ${describeValue(value)}`);
}

/**
 * Whether `stored` is the version `found` of the same record: same id, version, hash, and creation and recording
 * times (a version is never rewritten, so these name it; what a store's `historyOf` looks a record up by).
 */
export function isVersionOf(stored: LongTermRecord, found: LongTermRecord): boolean {
  return (
    stored.id === found.id &&
    stored.version === found.version &&
    stored.hash === found.hash &&
    stored.createdAt.getTime() === found.createdAt.getTime() &&
    stored.recordedAt.getTime() === found.recordedAt.getTime()
  );
}

/** A deep copy of a record, so callers never share objects with a store. */
export function copyRecord(r: LongTermRecord): LongTermRecord {
  const out: LongTermRecord = {
    id: r.id,
    version: r.version,
    event: r.event,
    kind: r.kind,
    text: r.text,
    metadata: copyJsonValue(r.metadata),
    provenance: copyProvenance(r.provenance),
    hash: r.hash,
    createdAt: new Date(r.createdAt.getTime()),
    recordedAt: new Date(r.recordedAt.getTime()),
  };
  if (r.context !== undefined) out.context = r.context;
  if (r.session !== undefined) out.session = r.session;
  if (r.episode !== undefined) out.episode = r.episode;
  for (const key of ['validAt', 'invalidAt', 'expiredAt'] as const) {
    const d = copyDate(r[key]);
    if (d) out[key] = d;
  }
  return out;
}

/** Version 1 of a prepared record, written at `now`. */
export function firstVersion(r: PreparedLongTermRecord, now: Date): LongTermRecord {
  checkShape(r, 'firstVersion(r, now): r', false);
  checkWhen(now, 'firstVersion(r, now): now');
  const { terms: _t, contextTerms: _c, ...rest } = r;
  return copyRecord({ ...rest, version: 1, event: 'ADD', createdAt: now, recordedAt: now });
}

/**
 * Whether `next`, the version written after `last`, has another text: the text a record's embeddings are computed
 * from, so a store drops every embedding of the record with such a version (see `LongTermStoreV1.updateRecord`).
 */
export const changesEmbeddedText = (last: LongTermRecord, next: LongTermRecord): boolean =>
  last.text !== next.text;

/**
 * Whether `embedding` may be stored for `current`, a record's current version (undefined: none, or deleted): it
 * exists and, when the embedding names the `hash` of the version it was computed from, has that hash.
 */
export const versionMatches = (
  current: Pick<LongTermRecord, 'hash'> | undefined,
  embedding: Pick<LongTermEmbedding, 'hash'>,
): boolean => current !== undefined && (embedding.hash === undefined || current.hash === embedding.hash);

/**
 * The next version of `last` with a (prepared) change applied, written at `at`. Throws `INVALID_ARGUMENT` when the
 * change sets `validAt` or `invalidAt` so that the version's validity ends before it starts.
 */
export function applyChange(
  last: LongTermRecord,
  change: LongTermRecordChange & { hash?: string },
  at: Date,
): LongTermRecord {
  checkShape(last, 'applyChange(last, change, at): last', true);
  const given: unknown = typeof change === 'object' && change !== null ? change.provenance : null;
  if (given === null || (given !== undefined && !isObject(given)))
    throw wrongShape(
      'applyChange(last, change, at): change',
      'must be a prepared change (see prepareChange)',
    );
  checkWhen(at, 'applyChange(last, change, at): at');
  const next: LongTermRecord = {
    ...copyRecord(last),
    version: last.version + 1,
    event: 'UPDATE',
    recordedAt: new Date(at.getTime()),
  };
  delete next.expiredAt;
  if (change.text !== undefined) {
    next.text = change.text;
    if (change.hash) next.hash = change.hash;
  }
  if (change.context === null) delete next.context;
  else if (change.context !== undefined) next.context = change.context;
  if (change.metadata !== undefined) next.metadata = copyJsonValue(change.metadata);
  for (const key of ['validAt', 'invalidAt'] as const) {
    const v = change[key];
    if (v === null) delete next[key];
    else if (v !== undefined) next[key] = new Date(v.getTime());
  }
  // A change of either end may not leave the record valid at no time; one leaving its validity alone may.
  if (change.validAt !== undefined || change.invalidAt !== undefined)
    checkValidity(next.validAt, next.invalidAt, 'change', 'longterm');
  if (change.provenance) {
    // The change's origin names who wrote the new text; tool output that went into the old or the new text stays marked.
    const p = change.provenance;
    const tool = p.tool ?? next.provenance.tool;
    next.provenance = {
      ...next.provenance,
      origin: p.origin ?? next.provenance.origin,
      toolDerived: next.provenance.toolDerived || (p.toolDerived ?? p.tool !== undefined),
      messageIds: [...next.provenance.messageIds, ...(p.messageIds ?? [])],
      roles: [...next.provenance.roles, ...(p.roles ?? [])],
      ...(tool ? { tool } : {}),
      ...(p.session === undefined ? {} : { session: p.session }),
      ...(p.toolCallId === undefined ? {} : { toolCallId: p.toolCallId }),
    };
  } else if (change.text !== undefined) {
    // New text from the application: its words replace the old ones.
    next.provenance = { ...next.provenance, origin: 'app', toolDerived: false };
  }
  return next;
}

/** Whether a stored version says what a prepared record says (same hash, kind and metadata): adding it again is a no-op. */
export function sameRecord(stored: LongTermRecord, r: PreparedLongTermRecord): boolean {
  checkShape(stored, 'sameRecord(stored, r): stored', true);
  checkShape(r, 'sameRecord(stored, r): r', false);
  return (
    stored.hash === r.hash &&
    stored.kind === r.kind &&
    canonicalJson(stored.metadata) === canonicalJson(r.metadata)
  );
}

/** The version that adds a deleted record's id again: `ADD`, numbered after `last`, keeping the first `createdAt`. */
export function reviveVersion(last: LongTermRecord, r: PreparedLongTermRecord, now: Date): LongTermRecord {
  checkShape(last, 'reviveVersion(last, r, now): last', true);
  return {
    ...firstVersion(r, now),
    version: last.version + 1,
    createdAt: new Date(last.createdAt.getTime()),
  };
}
