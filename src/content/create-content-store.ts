import type { JSONValue } from 'ai';
import {
  checkArray,
  checkKnownKeys,
  checkMethods,
  checkOptionalInteger,
  checkOptions,
} from '../core/check-options.ts';
import { type Clock, systemClock } from '../core/clock.ts';
import { InvalidValueError } from '../core/errors/invalid-value-error.ts';
import { NotFoundError } from '../core/errors/not-found-error.ts';
import { checkId } from '../core/ids.ts';
import { dateFromJson } from '../core/json-date.ts';
import { checkScope, defaultScope, type Scope } from '../core/scope.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import { type CompactorRegistry, createCompactorRegistry } from './compactors/index.ts';
import type { CompactOptions, CompactSummary, ContentCompactor } from './content-compactor.ts';
import type { ContentItem, ContentItemInfo, ContentItemInput } from './content-item.ts';
import type { ContentCriteria, ContentQueryPage } from './content-query.ts';
import { type ContentStoreV1, getContentItems, type HasContentItems } from './content-store-v1.ts';
import type { ContentTransform, TransformResult } from './content-transform.ts';
import { createMemoryContentItems } from './memory-content-items.ts';
import { prepareContentItem, serializeContent } from './prepare-content-item.ts';
import { ridingContentItems } from './riding-content-items.ts';
import { applyTransform, checkTransform } from './transforms/index.ts';

const component = 'content';

/** Options of a content store's `describe` and `compact`: a compactor's limits, without its abort signal. */
export type SummaryOptions = Pick<CompactOptions, 'maxChars' | 'goal'>;

/** Options of {@link createContentStore}. */
export interface ContentStoreOptions {
  /**
   * Where items live: a store with content items (`createSqliteStore()`, `createPostgresStore()`,
   * `createJsonFileStore()`, `createMemoryStore()`), or a `ContentStoreV1` itself. @default a new in-process one
   */
  store?: ContentItemsSource;
  /** Whose items these are. @default { tenant: 'default' } */
  scope?: Scope;
  /** The space within the scope (a run, an agent, a sub-agent). @default 'default' */
  space?: string;
  /** Counts each item's tokens once, when it is stored. @default exact o200k_base counts */
  counter?: TokenCounter;
  /** Extra compactors, tried before the built-in ones (html, json, table, text). @default [] */
  compactors?: readonly ContentCompactor[];
  /** Makes `summary` transforms and citations (e.g. `createLanguageModelCompactor`). @default the compactors */
  summarizer?: ContentCompactor;
  /** The time of items stored without a timestamp. @default the system clock */
  clock?: Clock;
  /** Largest content accepted, in UTF-8 bytes. @default 64 MiB */
  maxContentBytes?: number;
}

/** Every option of {@link createContentStore}: any other key is refused (a misspelling). */
const knownOptions: Record<keyof ContentStoreOptions, true> = {
  store: true,
  scope: true,
  space: true,
  counter: true,
  compactors: true,
  summarizer: true,
  clock: true,
  maxContentBytes: true,
};

/** What `retrieve` returns: the item with its content shaped by the transform. */
export interface RetrievedContent extends ContentItemInfo {
  /** The shaped content (see {@link TransformResult}). */
  content: string | JSONValue;
  /** What the transform took and whether it is the whole content. */
  transform: { type: ContentTransform['type']; complete: boolean; description: string };
}

/**
 * A portable copy of a space's items (seed 004's `MemorySnapshot`), for sub-agents or export: `restore` takes it
 * as `snapshot` returned it or after a JSON round trip (timestamps as ISO 8601 strings).
 */
export interface ContentSnapshot {
  /** The format version. */
  version: 1;
  /** Every item with its content, oldest first. */
  items: ContentItem[];
}

/**
 * Seed 004's `AgentMemory`: a content store that keeps large payloads outside the context, in one space of
 * one scope. Every method validates its input and throws typed errors (`ITEM_NOT_FOUND`, `INVALID_ARGUMENT`,
 * `INVALID_QUERY`, `PAYLOAD_TOO_LARGE`).
 */
export interface ContentStore {
  /** The scope the items belong to. */
  readonly scope: Scope;
  /** The space within it. */
  readonly space: string;
  /** The underlying contract. */
  readonly items: ContentStoreV1;
  /** Stores an item and returns its id (storing the same item under its id again is a no-op). */
  store(item: ContentItemInput): Promise<string>;
  /** Stores an item and returns its info. */
  put(item: ContentItemInput): Promise<ContentItemInfo>;
  /** The item, its content shaped by `transform` (default `full`); `ITEM_NOT_FOUND` for an unknown id. */
  retrieve(
    id: string,
    transform?: ContentTransform | { type: string; params?: Record<string, unknown> },
  ): Promise<RetrievedContent>;
  /** The item's info without its content; `ITEM_NOT_FOUND` for an unknown id. */
  info(id: string): Promise<ContentItemInfo>;
  /** A compact description of a stored item, by the summarizer or the compactor for its kind. */
  describe(id: string, options?: SummaryOptions): Promise<CompactSummary>;
  /** A compact description of any item (stored or not), as `describe` makes it. */
  compact(item: ContentItem, options?: SummaryOptions): Promise<CompactSummary>;
  /** Counts the tokens of items stored through this store. */
  readonly counter: TokenCounter;
  /** One page of matching items (info only), with a cursor for the next. */
  query(criteria?: ContentCriteria): Promise<ContentQueryPage>;
  /** Deletes one item; returns whether it existed. */
  delete(id: string): Promise<boolean>;
  /** Deletes every item of the space; returns how many. */
  clear(): Promise<number>;
  /** Every item of the space with its content. */
  snapshot(): Promise<ContentSnapshot>;
  /**
   * Makes the space hold exactly the snapshot's items, atomically (checked; sizes, tokens and digests
   * recomputed); the snapshot may have been through JSON (`restore(JSON.parse(JSON.stringify(snapshot)))`).
   */
  restore(snapshot: ContentSnapshot): Promise<void>;
  /** The same store, scope and settings over another space. */
  withSpace(space: string): ContentStore;
}

/**
 * Creates a content store (seed 004's fourth channel) over any store with content items, or in process.
 * @example
 * const content = createContentStore({ store: createSqliteStore({ path: 'memory.db' }), scope: { tenant: 'acme' } });
 * const id = await content.store({ type: 'web_content', source: 'web_fetch', content: html, metadata: { url } });
 * const part = await content.retrieve(id, { type: 'excerpt', query: 'pricing', length: 1500 });
 */
export function createContentStore(options: ContentStoreOptions = {}): ContentStore {
  checkOptions(options, 'createContentStore', 'content');
  checkKnownKeys(options, knownOptions, 'createContentStore', component);
  checkStoreOptions(options);
  const items = resolveItems(options.store);
  // Only a missing scope or space is the default: a null one is a mistake, not tenant "default".
  const scope = options.scope === undefined ? defaultScope : options.scope;
  const space = options.space === undefined ? 'default' : options.space;
  const counter = options.counter ?? createTokenCounter({ encoding: 'o200k_base' });
  const clock = options.clock ?? systemClock;
  const registry: CompactorRegistry = createCompactorRegistry({
    compactors: [...(options.compactors ?? [])],
  });
  const summarize = async (item: ContentItem, o: SummaryOptions): Promise<CompactSummary> =>
    options.summarizer ? options.summarizer.compact(item, o) : registry.compact(item, o);
  const prepare = (input: ContentItemInput) =>
    prepareContentItem(input, { counter, clock, component, maxContentBytes: options.maxContentBytes });
  const must = async (id: string) => {
    checkId(id, 'id', component);
    const item = await items.getItem(scope, space, id);
    if (!item) throw new NotFoundError({ kind: 'content item', id, component });
    return item;
  };

  const self: ContentStore = {
    scope,
    space,
    items,
    async store(input) {
      return (await self.put(input)).id;
    },
    // async: bad input rejects the promise put returns (prepare throws), it never throws past a .catch.
    put: async (input) => items.putItem(scope, space, prepare(input)),
    async retrieve(id, transform) {
      const checked = checkTransform(transform === undefined ? { type: 'full' } : transform, component);
      const item = await must(id);
      const result: TransformResult = await applyTransform(item, checked, {
        counter,
        summarize: (it, maxTokens) => summarize(it, { maxChars: maxTokens * 4 }),
      });
      const { content: _full, ...info } = item;
      return {
        ...info,
        content: result.content,
        transform: { type: checked.type, complete: result.complete, description: result.description },
      };
    },
    async info(id) {
      checkId(id, 'id', component);
      const info = await items.getItemInfo(scope, space, id);
      if (!info) throw new NotFoundError({ kind: 'content item', id, component });
      return info;
    },
    async describe(id, o = {}) {
      checkSummaryOptions(o, 'describe');
      return summarize(await must(id), o);
    },
    compact: async (item, o = {}) => {
      checkMethods(item, 'compact(item)', component, []);
      serializeContent(item.format, item.content); // a typed error for a bad format or content
      checkSummaryOptions(o, 'compact');
      return summarize(item, o);
    },
    counter,
    query: (criteria) => items.queryItems(scope, space, criteria),
    delete: (id) => items.deleteItem(scope, space, id),
    clear: () => items.clearItems(scope, space),
    async snapshot() {
      const out: ContentItem[] = [];
      let cursor: string | undefined;
      do {
        const page = await items.queryItems(scope, space, {
          order: 'oldest',
          limit: 1000,
          ...(cursor ? { cursor } : {}),
        });
        for (const info of page.items) {
          const item = await items.getItem(scope, space, info.id);
          if (item) out.push(item);
        }
        cursor = page.nextCursor;
      } while (cursor);
      return { version: 1, items: out };
    },
    async restore(snapshot) {
      if (
        typeof snapshot !== 'object' ||
        snapshot === null ||
        snapshot.version !== 1 ||
        !Array.isArray(snapshot.items)
      ) {
        throw new InvalidValueError({
          path: 'snapshot',
          problem: 'expected { version: 1, items: [...] }',
          component,
        });
      }
      const prepared = snapshot.items.map((item, i) => {
        if (typeof item !== 'object' || item === null) {
          throw new InvalidValueError({
            path: `snapshot.items[${i}]`,
            problem: 'expected an item',
            component,
          });
        }
        const { size: _s, tokens: _t, digest: _d, ...input } = item;
        // A snapshot that went through JSON holds its timestamps as ISO strings.
        return prepare({ ...input, timestamp: dateFromJson(input.timestamp) as Date });
      });
      await items.replaceItems(scope, space, prepared);
    },
    withSpace: (other) => {
      // Checked here, naming this call: an undefined space would be the option's default, the 'default' space.
      checkId(other, 'withSpace(space)', component);
      return createContentStore({ ...options, store: items, space: other });
    },
  };
  return self;
}

/**
 * Checks every given option of {@link createContentStore} when it is created (`INVALID_ARGUMENT` naming it), so a
 * bad counter, clock or limit is not taken and then refused at every put, and a bad summarizer or compactor is
 * not a raw TypeError at the first summary. `store` is checked by `resolveItems`.
 */
function checkStoreOptions(options: ContentStoreOptions): void {
  const what = (key: keyof ContentStoreOptions) => `createContentStore(options).${key}`;
  if (options.scope !== undefined) checkScope(options.scope, component);
  if (options.space !== undefined) checkId(options.space, what('space'), component);
  if (options.counter !== undefined) checkMethods(options.counter, what('counter'), component, ['countText']);
  if (options.clock !== undefined) checkMethods(options.clock, what('clock'), component, ['now']);
  checkOptionalInteger(options.maxContentBytes, what('maxContentBytes'), component, 0);
  if (options.summarizer !== undefined)
    checkMethods(options.summarizer, what('summarizer'), component, ['compact']);
  if (options.compactors !== undefined)
    checkArray(options.compactors, what('compactors'), component).forEach((c, i) => {
      checkMethods(c, `${what('compactors')}[${i}]`, component, ['matches', 'compact']);
    });
}

/** Every key of {@link SummaryOptions} (the compiler keeps it complete): any other, or a null, is refused. */
export const summaryOptionKeys: Record<keyof SummaryOptions, true> = { maxChars: true, goal: true };

/** Throws `INVALID_ARGUMENT` naming the method unless `o` is `describe` / `compact` options (`maxChars` ≥ 1, `goal` a string). */
function checkSummaryOptions(o: SummaryOptions, method: string): void {
  checkOptions(o, method, component);
  checkKnownKeys(o, summaryOptionKeys, method, component);
  checkOptionalInteger(o.maxChars, `${method}(options): maxChars`, component, 1);
  if (o.goal !== undefined && typeof o.goal !== 'string')
    throw new InvalidValueError({ path: `${method}(options).goal`, problem: 'expected a string', component });
}

/** A store with content items, or a content contract itself (which has no `contentItems`). */
type ContentItemsSource = HasContentItems | (ContentStoreV1 & { readonly contentItems?: undefined });

/** The content contract of the option: in process, the store's `contentItems`, or the contract given. */
function resolveItems(store: ContentItemsSource | undefined): ContentStoreV1 {
  if (store === undefined) return ridingContentItems(createMemoryContentItems({ component }));
  if (store !== null && store.contentItems !== undefined)
    return ridingContentItems(getContentItems(store, component));
  const items = checkMethods(
    store,
    'options.store (a store with content items, or a ContentStoreV1)',
    component,
    ['putItem', 'getItem', 'getItemInfo', 'queryItems', 'deleteItem', 'clearItems', 'replaceItems'],
  );
  return ridingContentItems(items);
}
