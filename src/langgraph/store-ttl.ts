import type { Scope } from '../core/scope.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { storageName } from './storage-keys.ts';
import type { ItemMetadata } from './store-items.ts';
import { refreshStands, type SweepMarkContext } from './store-sweep-mark.ts';

/**
 * Time to live of store items, with LangGraph's semantics: an item written with a TTL (minutes) expires that
 * long after its last write, or, with refresh on read, after its last read; expired items are invisible to
 * every read and removed by `sweep()`. A write sets the expiry in the item's record; a refreshing read writes
 * the new expiry to a small state value beside it (no new record version per read), naming the version it
 * refreshed, which reads consult only once the record's own expiry has passed.
 */
export interface EngramStoreTtl {
  /**
   * Minutes an item lives after its last write (or read, see `refreshOnRead`); a put's `ttl` overrides it.
   * @default none (items never expire)
   */
  defaultTtl?: number;
  /** Whether `get` and `search` extend the life of the items they return. @default true */
  refreshOnRead?: boolean;
  /** Sweeps expired items every this many minutes (a background timer, stopped by `stop()`). @default no background sweep */
  sweepIntervalMinutes?: number;
}

/** Every key of {@link EngramStoreTtl} (the compiler keeps it complete): any other is refused. */
export const ttlOptionKeys: Record<keyof EngramStoreTtl, true> = {
  defaultTtl: true,
  refreshOnRead: true,
  sweepIntervalMinutes: true,
};

/** What expiry checks need. */
export interface TtlContext {
  store: MemoryStoreV1;
  scope: Scope;
}

/** The state key of an item's refreshed expiry. */
export const refreshKey = (recordId: string) => storageName('langgraph.store.ttl', [recordId], 1024);

/**
 * A refreshed expiry as stored: the version it was refreshed for (its write time and TTL) and the new expiry (ms).
 * It applies to that version only, so a refresh landing after a put replaced the item or a delete removed it (or
 * left behind by a delete that stopped half way) never extends a later version of the key.
 */
type Refreshed = { written: number; ttl: number; expires: number };

/** The refreshed expiry of `meta`'s version in a stored state value, when it is one (else undefined). */
function refreshedExpiry(state: unknown, meta: ItemMetadata): number | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const r = state as Partial<Refreshed>;
  return r.written === meta.updated && r.ttl === meta.ttl && typeof r.expires === 'number'
    ? r.expires
    : undefined;
}

/** When an item expires (ms), consulting its refreshed expiry when the written one has passed; undefined: never. */
export async function expiresAt(
  ctx: TtlContext,
  recordId: string,
  meta: ItemMetadata,
  now: number,
): Promise<number | undefined> {
  if (meta.expires === undefined || meta.expires > now) return meta.expires;
  const refreshed = refreshedExpiry(await ctx.store.getState(ctx.scope, refreshKey(recordId)), meta);
  return refreshed === undefined ? meta.expires : Math.max(refreshed, meta.expires);
}

/** Whether an item is still alive at `now`. */
export async function isAlive(
  ctx: TtlContext,
  recordId: string,
  meta: ItemMetadata,
  now: number,
): Promise<boolean> {
  const at = await expiresAt(ctx, recordId, meta, now);
  return at === undefined || at > now;
}

/**
 * Extends the life of the item's version `meta`, read alive at `now` and seen expiring at `seen`, to `now + ttl`
 * (items without a TTL are left alone). Returns whether the read may return the item: not when a sweep that found
 * it expired may remove it all the same (see `refreshStands`).
 */
export async function refresh(
  ctx: SweepMarkContext,
  recordId: string,
  meta: ItemMetadata,
  now: number,
  seen: number | undefined,
): Promise<boolean> {
  if (meta.ttl === undefined || seen === undefined) return true;
  const refreshed: Refreshed = { written: meta.updated, ttl: meta.ttl, expires: now + meta.ttl * 60_000 };
  await ctx.store.putState(ctx.scope, refreshKey(recordId), refreshed);
  return refreshStands(ctx, recordId, meta, seen);
}

/** Throws `INVALID_ARGUMENT`-style errors through `invalid` unless a TTL is a positive number of minutes. */
export function checkTtl(ttl: unknown, what: string, invalid: (message: string) => Error): void {
  if (ttl !== undefined && ttl !== null && !(typeof ttl === 'number' && Number.isFinite(ttl) && ttl > 0))
    throw invalid(`${what} must be a positive number of minutes`);
}
