import type { SearchItem } from '@langchain/langgraph-checkpoint';
import type { JSONValue } from 'ai';
import type { Scope } from '../core/scope.ts';
import { analyzeText } from '../longterm/analyze-text.ts';
import { maxQueryTerms, maxResultLimit } from '../longterm/check-record.ts';
import type { LongTermFilter, LongTermHit } from '../longterm/long-term-query.ts';
import type { LongTermRecord } from '../longterm/long-term-record.ts';
import type { LongTermStoreV1 } from '../longterm/long-term-store-v1.ts';
import { ownedCurrent, ownedRecords } from '../longterm/owned-records.ts';
import { matchesFilter } from '../longterm/record-filter.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { matchesValue } from './store-filter.ts';
import { type ItemMetadata, itemMetadata, prefixFilter, toItem } from './store-items.ts';
import { expiresAt } from './store-ttl.ts';

/** What reading items needs. */
export interface ItemReader {
  store: MemoryStoreV1;
  records: LongTermStoreV1;
  scope: Scope;
}

/** A live item found by a read, with its record id, its expiry as read (ms) and, from a ranked search, its score. */
export interface FoundItem {
  id: string;
  meta: ItemMetadata;
  expires?: number;
  score?: number;
}

/**
 * Every record of the scope's items under a prefix, at its current version. The listing (page by page) is wider
 * than the scope's own (a tenant's covers its users'); its owner filter is metadata, which whoever writes a
 * record writes, so the records are then read in the scope, where only its own are (`ownedCurrent`).
 */
export async function listItemRecords(
  reader: ItemReader,
  prefix: readonly string[],
): Promise<LongTermRecord[]> {
  const filter = prefixFilter(reader.scope, prefix);
  return ownItemRecords(reader, filter, await listedItemRecords(reader, filter), new Set());
}

/** The records a listing by the scope finds with the filter, page by page: its own and, by metadata, others'. */
async function listedItemRecords(reader: ItemReader, filter: LongTermFilter): Promise<LongTermRecord[]> {
  const listed: LongTermRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await reader.records.listRecords(reader.scope, {
      filter,
      limit: maxResultLimit,
      ...(cursor !== undefined ? { cursor } : {}),
    });
    listed.push(...page.records);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return listed;
}

/** The scope's own current records behind listed ones that still pass the filter, each id once (`seen` grows). */
async function ownItemRecords(
  reader: ItemReader,
  filter: LongTermFilter,
  listed: readonly LongTermRecord[],
  seen: Set<string>,
): Promise<LongTermRecord[]> {
  const out: LongTermRecord[] = [];
  for (const r of await ownedCurrent(reader.records, reader.scope, listed)) {
    if (seen.has(r.id) || !matchesFilter(r, filter)) continue;
    seen.add(r.id);
    out.push(r);
  }
  return out;
}

/** The live items among records (other owners' and expired ones left out), in the records' order. */
export async function liveItems(
  reader: ItemReader,
  records: readonly { record: LongTermRecord; score?: number }[],
  filter: Record<string, unknown> | undefined,
  now: number,
): Promise<FoundItem[]> {
  const out: FoundItem[] = [];
  for (const { record, score } of records) {
    const meta = itemMetadata(record, reader.scope);
    if (!meta || !matchesValue(meta.value, filter)) continue;
    const expires = await expiresAt(reader, record.id, meta, now);
    if (expires !== undefined && expires <= now) continue;
    out.push({
      id: record.id,
      meta,
      ...(expires === undefined ? {} : { expires }),
      ...(score === undefined ? {} : { score }),
    });
  }
  return out;
}

/** A ranked search: vector hits when `vector` is given, else BM25 hits of the query's words. */
export type Ranker = (filter: ReturnType<typeof prefixFilter>) => Promise<LongTermHit[]>;

/** The BM25 ranker of a query over item texts (undefined when the query has no searchable words). */
export function textRanker(reader: ItemReader, query: string): Ranker | undefined {
  const terms = [...new Set(analyzeText(query))].slice(0, maxQueryTerms);
  if (terms.length === 0) return undefined;
  return (filter) => reader.records.searchText(reader.scope, { terms, limit: maxResultLimit, filter });
}

/** The vector ranker of a query embedding over items with a vector of `model`. */
export function vectorRanker(reader: ItemReader, vector: number[], model: string): Ranker {
  return (filter) =>
    reader.records.searchVector(reader.scope, {
      vector,
      model,
      limit: maxResultLimit,
      filter: { ...filter, metadata: { ...(filter.metadata as Record<string, JSONValue>), vector: true } },
    });
}

/**
 * The items a search returns: ranked ones first (best first; a ranking reads the best 1,000 records), then,
 * when the page reaches past them, the others without a score, newest first (as LangGraph's InMemoryStore puts
 * unscored items after scored ones); without a ranker, every item newest first.
 */
export async function searchItems(
  reader: ItemReader,
  prefix: readonly string[],
  options: { filter?: Record<string, unknown>; limit: number; offset: number; ranker?: Ranker },
  now: number,
): Promise<FoundItem[]> {
  const end = options.offset + options.limit;
  const ranked = options.ranker
    ? await rankedItems(reader, options.ranker, prefix, options.filter, end, now)
    : [];
  if (ranked.length >= end) return ranked.slice(options.offset, end);
  const unscored = await newestItems(reader, prefix, options.filter, end - ranked.length, ranked, now);
  return [...ranked, ...unscored].slice(options.offset, end);
}

/**
 * The `count` newest live items under the prefix, newest first (on a tie, first listed first), leaving out
 * `skip`. The listing is ordered by the update time its metadata claims, and only as many records are read in the
 * scope (whose they are) and checked for expiry as it takes: until `count` items are found and none still unread
 * claims to be as new as the `count`-th (a record of another owner may claim anything, and gives at most the
 * scope's own record of its id).
 */
async function newestItems(
  reader: ItemReader,
  prefix: readonly string[],
  filter: Record<string, unknown> | undefined,
  count: number,
  skip: readonly FoundItem[],
  now: number,
): Promise<FoundItem[]> {
  const listFilter = prefixFilter(reader.scope, prefix);
  const seen = new Set(skip.map((f) => f.id));
  const claims = (await listedItemRecords(reader, listFilter))
    .flatMap((record, at) => {
      const meta = seen.has(record.id) ? undefined : itemMetadata(record, reader.scope);
      return meta && matchesValue(meta.value, filter) ? [{ record, updated: meta.updated, at }] : [];
    })
    .sort((a, b) => b.updated - a.updated || a.at - b.at);
  const listedAt = new Map<string, number>();
  const found: FoundItem[] = [];
  const chunk = Math.min(maxResultLimit, Math.max(100, count));
  for (let i = 0; i < claims.length; i += chunk) {
    const part = claims.slice(i, i + chunk);
    for (const c of part) if (!listedAt.has(c.record.id)) listedAt.set(c.record.id, c.at);
    const own = await ownItemRecords(
      reader,
      listFilter,
      part.map((c) => c.record),
      seen,
    );
    found.push(
      ...(await liveItems(
        reader,
        own.map((record) => ({ record })),
        filter,
        now,
      )),
    );
    found.sort((a, b) => b.meta.updated - a.meta.updated || listedAt.get(a.id)! - listedAt.get(b.id)!);
    const next = claims[i + chunk];
    if (found.length >= count && (next === undefined || found[count - 1]!.meta.updated > next.updated)) break;
  }
  return found.slice(0, count);
}

/**
 * The best live items the ranker finds, at least `count` when there are, best first. The search, like a listing,
 * is wider than the scope and its owner filter is metadata: a hit is kept when reading it in the scope gives the
 * same record (`ownedRecords`), checked (with expiry) a chunk of hits at a time, as many as it takes.
 */
async function rankedItems(
  reader: ItemReader,
  ranker: Ranker,
  prefix: readonly string[],
  filter: Record<string, unknown> | undefined,
  count: number,
  now: number,
): Promise<FoundItem[]> {
  const hits = await ranker(prefixFilter(reader.scope, prefix));
  const found: FoundItem[] = [];
  const chunk = Math.min(maxResultLimit, Math.max(100, count));
  for (let i = 0; i < hits.length && found.length < count; i += chunk) {
    const part = hits.slice(i, i + chunk);
    const own = new Set(
      await ownedRecords(
        reader.records,
        reader.scope,
        part.map((h) => h.record),
      ),
    );
    const kept = part.filter((h) => own.has(h.record)).map((h) => ({ record: h.record, score: h.score }));
    found.push(...(await liveItems(reader, kept, filter, now)));
  }
  return found;
}

/** A found item as LangGraph's `SearchItem`. */
export function toSearchItem(found: FoundItem): SearchItem {
  const item = toItem(found.meta);
  return found.score === undefined ? item : { ...item, score: found.score };
}
