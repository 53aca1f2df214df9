import type { Scope } from '../core/scope.ts';
import type { LongTermStoreV1 } from '../longterm/long-term-store-v1.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { storageName } from './storage-keys.ts';
import type { ItemMetadata } from './store-items.ts';

/**
 * The handshake that keeps a sweep from removing an item a read refreshed under it (the refresh is a state value
 * beside the record, so the sweep's purge, conditional on the record's version only, cannot see it). Each side
 * writes, then reads what the other writes: the sweep marks the version it found expired, then checks its expiry
 * again (`isAlive`) before purging; a read that refreshed an item at or near its expiry then looks for the mark.
 * So at least one sees the other: the sweep keeps the item (the refresh is there), or the read does not return it
 * (it was read as it expired, and the sweep removes it). The sweep removes its mark after the purge; a read that
 * finds no mark then checks that the record is still there.
 */

/** What the handshake needs: the state values, and the records to see whether a sweep purged one. */
export interface SweepMarkContext {
  store: MemoryStoreV1;
  records: LongTermStoreV1;
  scope: Scope;
}

/**
 * How close to its expiry (ms, by the reader's clock) a refreshed item is looked up for a sweep's mark: a sweep
 * finds an item expired only once its expiry has passed, by the sweep's clock, which may run this far ahead.
 */
const clockSkewMs = 60_000;
/** How long (ms) a mark counts: one older was left by a sweep that stopped between marking and unmarking. */
const markLifeMs = 5 * 60_000;

/** The state key of a sweep's mark on an item. */
const sweepKey = (recordId: string) => storageName('langgraph.store.sweep', [recordId], 1024);

/** A sweep's mark: the version it found expired (its write time and TTL), and when (ms). */
type Mark = { written: number; ttl: number | null; at: number };

/** Marks the version `meta` of an item as about to be removed by a sweep (before it checks the expiry again). */
export async function markSweeping(
  ctx: SweepMarkContext,
  recordId: string,
  meta: ItemMetadata,
): Promise<void> {
  const mark: Mark = { written: meta.updated, ttl: meta.ttl ?? null, at: Date.now() };
  await ctx.store.putState(ctx.scope, sweepKey(recordId), mark);
}

/** Removes a sweep's mark (after the purge, or when the item turned out alive). */
export async function unmarkSweeping(ctx: SweepMarkContext, recordId: string): Promise<void> {
  await ctx.store.deleteState(ctx.scope, sweepKey(recordId));
}

/**
 * Whether a read that just refreshed the version `meta` of an item, seen expiring at `seen` (ms), may return it:
 * yes when the item is not near its expiry (no sweep can have found it expired); else only when no sweep marked
 * that version and the record is still there (a sweep that unmarked it purged it first).
 */
export async function refreshStands(
  ctx: SweepMarkContext,
  recordId: string,
  meta: ItemMetadata,
  seen: number,
): Promise<boolean> {
  const now = Date.now();
  if (now + clockSkewMs < seen) return true;
  const mark = (await ctx.store.getState(ctx.scope, sweepKey(recordId))) as Partial<Mark> | undefined;
  const marked =
    typeof mark === 'object' &&
    mark !== null &&
    mark.written === meta.updated &&
    mark.ttl === (meta.ttl ?? null) &&
    typeof mark.at === 'number' &&
    Math.abs(now - mark.at) < markLifeMs;
  return !marked && (await ctx.records.getRecord(ctx.scope, recordId)) !== undefined;
}
