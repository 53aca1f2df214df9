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

/** Cosine similarity of two vectors of one length (0 when either is all zeros); `INVALID_ARGUMENT` for non-arrays. */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (!Array.isArray(a) || !Array.isArray(b))
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'longterm',
      message: 'cosineSimilarity(a, b): expected two arrays of numbers',
    });
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = typeof a[i] === 'number' ? a[i] : Number.NaN;
    const y = typeof b[i] === 'number' ? b[i] : Number.NaN;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
