import type { SearchItem } from '@langchain/langgraph-checkpoint';
import type { JSONValue } from 'ai';
import type { Scope } from '../core/scope.ts';
import { analyzeText } from '../longterm/analyze-text.ts';
import { maxQueryTerms, maxResultLimit } from '../longterm/check-record.ts';
import type { LongTermHit } from '../longterm/long-term-query.ts';
import type { LongTermRecord } from '../longterm/long-term-record.ts';
import type { LongTermStoreV1 } from '../longterm/long-term-store-v1.ts';
import { ownedCurrent, ownedRecords } from '../longterm/owned-records.ts';
import { matchesFilter } from '../longterm/record-filter.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { matchesValue } from './store-filter.ts';
import { type ItemMetadata, itemMetadata, prefixFilter, toItem } from './store-items.ts';
import { isAlive } from './store-ttl.ts';

/** What reading items needs. */
export interface ItemReader {
  store: MemoryStoreV1;
  records: LongTermStoreV1;
  scope: Scope;
}

/** A live item found by a read, with its record id and, from a ranked search, its score. */
export interface FoundItem {
  id: string;
  meta: ItemMetadata;
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
  const listed: LongTermRecord[] = [];
  const filter = prefixFilter(reader.scope, prefix);
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
  return (await ownedCurrent(reader.records, reader.scope, listed)).filter((r) => matchesFilter(r, filter));
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
    if (!(await isAlive(reader, record.id, meta, now))) continue;
    out.push(score === undefined ? { id: record.id, meta } : { id: record.id, meta, score });
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
    ? await liveItems(reader, await ownHits(reader, options.ranker, prefix), options.filter, now)
    : [];
  if (ranked.length >= end) return ranked.slice(options.offset, end);
  const seen = new Set(ranked.map((f) => f.id));
  const rest = (await listItemRecords(reader, prefix))
    .filter((r) => !seen.has(r.id))
    .map((record) => ({ record }));
  const unscored = (await liveItems(reader, rest, options.filter, now)).sort(
    (a, b) => b.meta.updated - a.meta.updated,
  );
  return [...ranked, ...unscored].slice(options.offset, end);
}

/**
 * The ranker's hits that the scope owns, as ranked (the search, like a listing, is wider than the scope and its
 * owner filter is metadata; `ownedRecords` keeps a hit when reading it in the scope gives the same record).
 */
async function ownHits(reader: ItemReader, ranker: Ranker, prefix: readonly string[]) {
  const hits = await ranker(prefixFilter(reader.scope, prefix));
  const own = new Set(
    await ownedRecords(
      reader.records,
      reader.scope,
      hits.map((h) => h.record),
    ),
  );
  return hits.filter((h) => own.has(h.record)).map((h) => ({ record: h.record, score: h.score }));
}

/** A found item as LangGraph's `SearchItem`. */
export function toSearchItem(found: FoundItem): SearchItem {
  const item = toItem(found.meta);
  return found.score === undefined ? item : { ...item, score: found.score };
}
