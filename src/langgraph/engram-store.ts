import {
  BaseStore,
  type GetOperation,
  type Item,
  type ListNamespacesOperation,
  type Operation,
  type OperationResults,
  type PutOperation,
  type SearchItem,
  type SearchOperation,
} from '@langchain/langgraph-checkpoint';
import { checkBoolean, checkKnownKeys, checkNestedKeys, checkOptions } from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { checkScope, defaultScope } from '../core/scope.ts';
import { getLongTermRecords, type LongTermStoreV1 } from '../longterm/long-term-store-v1.ts';
import { createRecordSlot } from '../working/record-slot.ts';
import { type EngramStoreOptions, engramStoreOptionKeys } from './engram-store-options.ts';
import { embedder } from './store-embedder.ts';
import { compareNamespaces, matchesNamespace } from './store-filter.ts';
import {
  checkIndexFields,
  checkMatchConditions,
  checkNamespaceList,
  checkNamespacePage,
  checkNamespaceRules,
  checkOperation,
  checkStoreFilter,
  checkStoreOptionValues,
  checkWellFormedLabels,
  refreshOption,
} from './store-input.ts';
import {
  type ItemMetadata,
  indexText,
  itemKind,
  itemMetadata,
  itemRecordId,
  jsonValue,
  ownerOf,
  toItem,
  toMetadata,
} from './store-items.ts';
import {
  type StoreGetOptions,
  type StoreListNamespacesOptions,
  type StorePutOptions,
  type StoreSearchOptions,
  storeOptionKeys,
} from './store-option-keys.ts';
import {
  type ItemReader,
  listItemRecords,
  liveItems,
  searchItems,
  textRanker,
  toSearchItem,
  vectorRanker,
} from './store-search.ts';
import { sweepEvery } from './store-sweep.ts';
import { markSweeping, unmarkSweeping } from './store-sweep-mark.ts';
import {
  checkTtl,
  type EngramStoreTtl,
  expiresAt,
  isAlive,
  refresh,
  refreshKey,
  ttlOptionKeys,
} from './store-ttl.ts';

export type { EngramStoreOptions } from './engram-store-options.ts';
export type { EmbeddingsLike } from './store-embedder.ts';

const component = 'langgraph';
const invalid = (message: string) => new MemoryError({ code: 'INVALID_ARGUMENT', component, message });

/** A put that may carry a TTL (minutes; `null` for none), beside LangGraph's own fields. */
export type EngramPutOperation = PutOperation & { ttl?: number | null };

/**
 * A LangGraph `BaseStore` on engram's long-term records (`LongTermStoreV1`), so long-term memory written by a
 * graph is engram long-term memory: versioned (`history`), searchable by BM25 and by vector, on every driver.
 * Long-term records fit where state blobs do not: they are listed by metadata (a namespace prefix is a filter
 * the database runs), ranked by text or vector, and kept per exact owner scope: the items of a scope are the
 * records the store holds in exactly that scope (a tenant-wide store never lists, finds, reads or removes a user's
 * record, whatever owner its metadata names). An item is one record (see `store-items.ts`); a write is a new
 * version, a delete (and an expiry sweep) purges every version.
 */
export class EngramStore extends BaseStore {
  readonly #reader: ItemReader;
  readonly #embed:
    | { docs(texts: string[]): Promise<number[][]>; query(text: string): Promise<number[]> }
    | undefined;
  readonly #model: string;
  readonly #fields: string[];
  readonly #ttl: EngramStoreTtl;
  readonly #onSweepError: (error: unknown) => void;
  #sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(options: EngramStoreOptions) {
    super();
    if (typeof options === 'object' && options !== null)
      checkKnownKeys(options, engramStoreOptionKeys, 'createEngramStore', component); // first: reads each once
    if (!options?.store) throw invalid('createEngramStore needs a store');
    // Checked here, not by the first get or put: a misspelt ttl or scope key is refused before anything runs.
    checkNestedKeys(options.ttl, ttlOptionKeys, 'createEngramStore(options).ttl', component);
    checkStoreOptionValues(options);
    const scope = checkScope(options.scope === undefined ? defaultScope : options.scope, component);
    const records: LongTermStoreV1 = getLongTermRecords(options.store, component);
    this.#reader = { store: options.store, records, scope };
    this.#model = options.model ?? 'langgraph-store';
    this.#fields = options.fields ?? ['$'];
    this.#ttl = options.ttl ?? {};
    const ttl = 'createEngramStore(options).ttl';
    checkTtl(this.#ttl.defaultTtl, `${ttl}.defaultTtl`, invalid);
    checkTtl(this.#ttl.sweepIntervalMinutes, `${ttl}.sweepIntervalMinutes`, invalid);
    // 'yes' or 0 would be taken as given: refreshed on read when truthy, not refreshed when falsy.
    checkBoolean(this.#ttl.refreshOnRead, `${ttl}.refreshOnRead`, component, true);
    this.#onSweepError =
      options.onSweepError ?? ((error) => console.error('[engram] [langgraph] TTL sweep failed:', error));
    const embed = options.embed ? embedder(options.embed, options.dims) : undefined;
    this.#embed = records.vectorSearch ? embed : undefined;
    this.start();
  }

  /** Runs operations in order; results line up with them. */
  async batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
    if (!Array.isArray(operations))
      throw invalid(`batch: operations must be a list, got ${describeValue(operations)}`);
    const results: unknown[] = [];
    for (const op of operations.map(checkOperation)) {
      if ('key' in op && 'value' in op) results.push(await this.#put(op as EngramPutOperation));
      else if ('key' in op) results.push(await this.#get(op as GetOperation, this.#refreshing()));
      else if ('namespacePrefix' in op)
        results.push(await this.#search(op as SearchOperation, this.#refreshing()));
      else if ('matchConditions' in op || 'limit' in op)
        results.push(await this.#listNamespaces(op as ListNamespacesOperation));
      else throw invalid('unknown store operation');
    }
    return results as OperationResults<Op>;
  }

  /** An item, or null; `refreshTtl` overrides the store's `refreshOnRead` for this read. */
  override async get(namespace: string[], key: string, options?: StoreGetOptions): Promise<Item | null> {
    // A null options object reads as none, as LangGraph's own stores read it (`options?.refreshTtl`).
    if (options != null) checkKnownKeys(options, storeOptionKeys.get, 'get', component);
    return this.#get({ namespace, key }, refreshOption(options?.refreshTtl, 'get', this.#refreshing()));
  }

  /** Stores an item; `options.ttl` (minutes, `null` for none) overrides the default TTL. */
  override async put(
    namespace: string[],
    key: string,
    value: Record<string, unknown>,
    index?: false | string[],
    options?: StorePutOptions,
  ): Promise<void> {
    if (options != null) checkKnownKeys(options, storeOptionKeys.put, 'put', component);
    await this.#put({ namespace, key, value, ...(index !== undefined ? { index } : {}), ...(options ?? {}) });
  }

  /** Removes an item (every version of it); a namespace that is no list of strings is `INVALID_ARGUMENT`. */
  override async delete(namespace: string[], key: string): Promise<void> {
    checkNamespaceList(namespace, 'delete: namespace');
    checkNamespaceRules(namespace, 'delete: namespace', { allowEmpty: true, allowReservedRoot: true });
    await this.#put({ namespace, key, value: null });
  }

  /** Items under a namespace prefix; `refreshTtl` overrides the store's `refreshOnRead` for this read. */
  override async search(namespacePrefix: string[], options: StoreSearchOptions = {}): Promise<SearchItem[]> {
    checkOptions(options, 'search', component);
    checkKnownKeys(options, storeOptionKeys.search, 'search', component);
    const { refreshTtl, ...op } = options;
    return this.#search({ namespacePrefix, ...op }, refreshOption(refreshTtl, 'search', this.#refreshing()));
  }

  /** Namespaces of the scope's items (`prefix`, `suffix`, `maxDepth`, `limit`, `offset`: LangGraph's). */
  override async listNamespaces(options: StoreListNamespacesOptions = {}): Promise<string[][]> {
    checkOptions(options, 'listNamespaces', component);
    checkKnownKeys(options, storeOptionKeys.listNamespaces, 'listNamespaces', component);
    return super.listNamespaces(options);
  }

  /**
   * Removes every expired item of the scope (all its versions); returns how many. An item written again since
   * this sweep found it expired is kept (on stores with `purgeIfVersion`: every built-in one), and so is one a read
   * refreshed since (a read whose refresh lands too late for the sweep to see it does not return the item).
   */
  async sweep(): Promise<number> {
    const now = Date.now();
    const records = await listItemRecords(this.#reader, []);
    const live = new Set(
      (
        await liveItems(
          this.#reader,
          records.map((record) => ({ record })),
          undefined,
          now,
        )
      ).map((f) => f.id),
    );
    let removed = 0;
    for (const record of records) {
      const meta = live.has(record.id) ? undefined : itemMetadata(record, this.#reader.scope);
      if (meta && (await this.#removeExpired(record.id, record.version, meta, now))) removed++;
    }
    return removed;
  }

  /** Starts the background sweep when `ttl.sweepIntervalMinutes` is set (the constructor does). */
  override start(): void {
    const minutes = this.#ttl.sweepIntervalMinutes;
    if (minutes === undefined || this.#sweeper) return;
    this.#sweeper = sweepEvery(
      minutes,
      () => this.sweep(),
      this.#onSweepError,
      () => this.stop(),
    );
  }

  /** Stops the background sweep. */
  override stop(): void {
    if (this.#sweeper) clearInterval(this.#sweeper);
    this.#sweeper = undefined;
  }

  #refreshing(): boolean {
    return this.#ttl.refreshOnRead ?? true;
  }

  async #remove(id: string): Promise<void> {
    const { records, store, scope } = this.#reader;
    await records.purgeRecords(scope, [id]);
    await store.deleteState(scope, refreshKey(id));
  }

  /**
   * Removes an item found expired at `version` (`meta`), unless a put wrote a later version since or a read
   * refreshed it since (then it is kept): `purgeIfVersion` checks the version and purges in one step (a store
   * without it purges whatever version is current); a read's refresh is seen through a mark (see `markSweeping`).
   */
  async #removeExpired(id: string, version: number, meta: ItemMetadata, now: number): Promise<boolean> {
    const { records, store, scope } = this.#reader;
    await markSweeping(this.#reader, id, meta);
    if (await isAlive(this.#reader, id, meta, now)) {
      await unmarkSweeping(this.#reader, id);
      return false;
    }
    const purged = records.purgeIfVersion
      ? await records.purgeIfVersion(scope, id, version)
      : (await records.purgeRecords(scope, [id])) > 0;
    if (purged) await store.deleteState(scope, refreshKey(id));
    await unmarkSweeping(this.#reader, id);
    return purged;
  }

  async #get(op: GetOperation, refreshTtl: boolean): Promise<Item | null> {
    checkNamespaceList(op.namespace, 'get: namespace');
    checkNamespaceRules(op.namespace, 'get: namespace', { allowEmpty: true, allowReservedRoot: true });
    const { records, scope } = this.#reader;
    const id = itemRecordId(op.namespace, op.key);
    const record = await records.getRecord(scope, id);
    const meta = record && itemMetadata(record, scope);
    const now = Date.now();
    if (!meta) return null;
    const expires = await expiresAt(this.#reader, id, meta, now);
    if (expires !== undefined && expires <= now) return null;
    // A read refreshing an item as a sweep removes it does not return it (see `refreshStands`).
    if (refreshTtl && !(await refresh(this.#reader, id, meta, now, expires))) return null;
    return toItem(meta);
  }

  async #put(op: EngramPutOperation): Promise<void> {
    checkNamespaceList(op.namespace, 'put: namespace');
    checkNamespaceRules(op.namespace, 'put: namespace');
    const id = itemRecordId(op.namespace, op.key);
    if (op.value === null) return this.#remove(id);
    checkWellFormedLabels(op.namespace, 'put: namespace');
    checkTtl(op.ttl, 'ttl', invalid);
    checkIndexFields(op.index, 'put: index');
    const { records, scope } = this.#reader;
    const value = jsonValue(op.value);
    const ttl = op.ttl === undefined ? this.#ttl.defaultTtl : (op.ttl ?? undefined);
    const fields = op.index === false ? false : (op.index ?? this.#fields);
    const text = indexText(op.namespace, op.key, value, fields);
    const vector = this.#embed && fields !== false ? (await this.#embed.docs([text]))[0] : undefined;
    let before: ItemMetadata | undefined;
    // Compare-and-set on the item's version: puts of one key racing in several handles or processes each land
    // (the last wins), instead of the loser failing on an id taken since it looked.
    const slot = createRecordSlot({
      records,
      scope,
      id,
      kind: itemKind,
      component,
      retries: 50,
    });
    const written = await slot.update((previous) => {
      before = previous && itemMetadata(previous, scope);
      // Taken when the write is tried, never before the version it replaces: updatedAt >= createdAt.
      const now = Math.max(Date.now(), before?.updated ?? 0);
      const meta: ItemMetadata = {
        owner: ownerOf(scope),
        namespace: [...op.namespace],
        key: op.key,
        value,
        created: before?.created ?? now,
        updated: now,
        ...(ttl !== undefined ? { ttl, expires: now + ttl * 60_000 } : {}),
        ...(vector ? { vector: true } : {}),
      };
      return { text, metadata: toMetadata(meta) };
    });
    // Only onto the version written here: a racing put's later version keeps its own vector.
    if (vector) await records.putEmbeddings(scope, [{ id, model: this.#model, vector, hash: written.hash }]);
    // A write restarts the clock: an expiry refreshed by reads of earlier versions no longer applies (it names
    // its version, see `refresh`), and is not deleted here, where it could be a read's refresh of this version.
  }

  async #search(op: SearchOperation, refreshTtl: boolean): Promise<SearchItem[]> {
    checkNamespaceList(op.namespacePrefix, 'search: namespacePrefix');
    checkNamespaceRules(op.namespacePrefix, 'search: namespacePrefix', {
      allowEmpty: true,
      allowReservedRoot: true,
    });
    checkWellFormedLabels(op.namespacePrefix, 'search: namespacePrefix');
    const limit = op.limit ?? 10;
    const offset = op.offset ?? 0;
    if (!Number.isSafeInteger(limit) || limit < 0 || !Number.isSafeInteger(offset) || offset < 0)
      throw invalid('search limit and offset must be non-negative integers');
    checkStoreFilter(op.filter);
    if (op.query !== undefined && op.query !== null && typeof op.query !== 'string')
      throw invalid(`search: query must be a string, got ${describeValue(op.query)}`);
    const ranker = op.query
      ? this.#embed
        ? vectorRanker(this.#reader, await this.#embed.query(op.query), this.#model)
        : textRanker(this.#reader, op.query)
      : undefined;
    const now = Date.now();
    const found = await searchItems(
      this.#reader,
      op.namespacePrefix,
      { ...(op.filter ? { filter: op.filter } : {}), limit, offset, ...(ranker ? { ranker } : {}) },
      now,
    );
    if (!refreshTtl) return found.map(toSearchItem);
    const kept: SearchItem[] = [];
    // An item a sweep removes as it is refreshed is left out (see `refreshStands`).
    for (const f of found)
      if (await refresh(this.#reader, f.id, f.meta, now, f.expires)) kept.push(toSearchItem(f));
    return kept;
  }

  async #listNamespaces(op: ListNamespacesOperation): Promise<string[][]> {
    checkNamespacePage(op);
    checkMatchConditions(op.matchConditions);
    for (const condition of op.matchConditions ?? []) {
      checkNamespaceList(condition.path, 'listNamespaces: a prefix or suffix');
      checkWellFormedLabels(condition.path, 'listNamespaces: a prefix or suffix');
    }
    const prefix = op.matchConditions?.find((c) => c.matchType === 'prefix')?.path ?? [];
    const records = await listItemRecords(this.#reader, prefix);
    const items = await liveItems(
      this.#reader,
      records.map((record) => ({ record })),
      undefined,
      Date.now(),
    );
    const seen = new Map<string, string[]>();
    for (const { meta } of items) {
      if (!(op.matchConditions ?? []).every((c) => matchesNamespace(meta.namespace, c))) continue;
      const ns = op.maxDepth === undefined ? meta.namespace : meta.namespace.slice(0, op.maxDepth);
      seen.set(JSON.stringify(ns), ns);
    }
    const sorted = [...seen.values()].sort(compareNamespaces);
    const offset = op.offset ?? 0;
    return sorted.slice(offset, offset + (op.limit ?? sorted.length));
  }
}

/**
 * A LangGraph store (`BaseStore`) on an engram store's long-term records: pass it as `store` when compiling a
 * graph. See {@link EngramStore}.
 * @example
 * const store = createEngramStore({ store: createSqliteStore({ path: 'app.db' }), scope: { tenant: 'acme', user: 'u1' } });
 * const graph = builder.compile({ checkpointer, store });
 */
export function createEngramStore(options: EngramStoreOptions): EngramStore {
  return new EngramStore(options);
}
