import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import { canonicalJson } from '../messages/canonical-json.ts';
import type { LongTermFilter } from './long-term-query.ts';
import type { LongTermRecord } from './long-term-record.ts';

/** A record's owner key: tenant, user and agent with `''` for "none". */
export type RecordOwner = { tenant: string; user: string; agent: string };

/** The owner of records written with `scope`. */
export const ownerOf = (scope: Scope): RecordOwner => ({
  tenant: scope.tenant,
  user: scope.user ?? '',
  agent: scope.agent ?? '',
});

/** Whether a search or listing with `scope` covers records of `owner` (same tenant; same user / agent when named). */
export function scopeCovers(scope: Scope, owner: RecordOwner): boolean {
  return (
    owner.tenant === scope.tenant &&
    (scope.user === undefined || owner.user === scope.user) &&
    (scope.agent === undefined || owner.agent === scope.agent)
  );
}

/**
 * The owners among `owners` (of one record id, from a store's inventory) that `scope` covers: a scope that leaves
 * out `user` / `agent` lists the records of every user / agent in it, each addressed only by its own owner.
 * `[scope]` itself when none is (a record no owner in it holds now is looked for in the scope itself).
 */
export function ownersWithin(owners: readonly Scope[], scope: Scope): Scope[] {
  const inside = owners.filter((owner) => scopeCovers(scope, ownerOf(owner)));
  return inside.length > 0 ? inside : [scope];
}

/**
 * Whether a record passes a filter checked with `checkFilter` (the in-process way to apply a filter; a SQL
 * driver writes it as a WHERE clause). Throws `INVALID_ARGUMENT` when either is not an object.
 */
export function matchesFilter(record: LongTermRecord, filter: LongTermFilter): boolean {
  if (
    typeof record !== 'object' ||
    record === null ||
    typeof record.metadata !== 'object' ||
    record.metadata === null ||
    typeof record.provenance !== 'object' ||
    record.provenance === null ||
    typeof filter !== 'object' ||
    filter === null
  )
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'longterm',
      message: 'matchesFilter(record, filter): expected a stored record and a checked filter',
    });
  if (filter.kinds && !filter.kinds.includes(record.kind)) return false;
  if (filter.session !== undefined && record.session !== filter.session) return false;
  if (filter.episodes && (record.episode === undefined || !filter.episodes.includes(record.episode)))
    return false;
  if (filter.metadata) {
    for (const [key, value] of Object.entries(filter.metadata)) {
      if (!Object.hasOwn(record.metadata, key)) return false;
      const stored = record.metadata[key];
      // A checked filter's values are scalars, and checked JSON holds no NaN, ±Infinity or -0: two scalars have the
      // same canonical JSON exactly when they are the same value (compared so, no value of a listing serialized).
      const scalar = typeof value !== 'object' || value === null;
      if (scalar ? stored !== value : canonicalJson(stored) !== canonicalJson(value)) return false;
    }
  }
  if (filter.origins && !filter.origins.includes(record.provenance.origin)) return false;
  if (filter.toolDerived !== undefined && record.provenance.toolDerived !== filter.toolDerived) return false;
  if (filter.validFrom || filter.validTo) {
    const at = record.validAt?.getTime();
    if (at === undefined) return false;
    if (filter.validFrom && at < filter.validFrom.getTime()) return false;
    if (filter.validTo && at > filter.validTo.getTime()) return false;
  }
  if (filter.asOf && !validAt(record, filter.asOf)) return false;
  return true;
}

/**
 * Whether a record is valid at `t` (event time): its start at or before `t`, and no `invalidAt` or one after `t`.
 * The start is `validAt`; without one, the record's `createdAt` (an undated statement holds from when it was
 * recorded), unless its `invalidAt` is at or before its `createdAt`: then it has no start (a record "true until
 * 2020" added today held for all time before then; a record ended after it was added still starts when it was
 * added). The condition of a filter's `asOf`.
 */
export function validAt(record: LongTermRecord, t: Date): boolean {
  const until = record.invalidAt?.getTime();
  const created = record.createdAt.getTime();
  const from = record.validAt?.getTime() ?? (until !== undefined && until <= created ? -Infinity : created);
  return from <= t.getTime() && (until === undefined || until > t.getTime());
}

/** The largest magnitude among a vector's first `length` components (NaN and non-numbers are skipped). */
function maxAbs(v: readonly number[], length: number): number {
  let max = 0;
  for (let i = 0; i < length; i++) {
    const x = Math.abs(v[i] as number);
    if (x > max) max = x;
  }
  return max;
}

/** The dot product and squared norms of `a` and `b` (over `a`'s length), each divided by its scale first. */
function sums(a: readonly number[], b: readonly number[], sa: number, sb: number) {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = typeof a[i] === 'number' ? (a[i] as number) / sa : Number.NaN;
    const y = typeof b[i] === 'number' ? (b[i] as number) / sb : Number.NaN;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return { dot, na, nb };
}

/** Squared norms in this range lose nothing to underflow or overflow (2^±900): no rescaling needed. */
const safeSquares = (n: number) => n >= 2 ** -900 && n <= 2 ** 900;

/**
 * Cosine similarity of two vectors of one length (0 when either is all zeros); `INVALID_ARGUMENT` for non-arrays.
 * When a sum of squares under- or overflows float64 (components like 1e-200, two float32 subnormals multiplied
 * together, or 1e300), each vector is divided by its largest magnitude and the sums are taken again, so the
 * answer is the true cosine at any scale.
 */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (!Array.isArray(a) || !Array.isArray(b))
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'longterm',
      message: 'cosineSimilarity(a, b): expected two arrays of numbers',
    });
  let s = sums(a, b, 1, 1);
  if (!(safeSquares(s.na) && safeSquares(s.nb)) && !Number.isNaN(s.na + s.nb)) {
    const sa = maxAbs(a, a.length);
    const sb = maxAbs(b, a.length);
    if (sa === 0 || sb === 0) return 0;
    s = sums(a, b, sa, sb);
  }
  return s.na === 0 || s.nb === 0 ? 0 : s.dot / (Math.sqrt(s.na) * Math.sqrt(s.nb));
}
