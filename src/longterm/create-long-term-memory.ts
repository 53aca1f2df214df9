import { createHash } from 'node:crypto';
import type { EmbeddingModel } from 'ai';
import { checkOptions } from '../core/check-options.ts';
import type { Clock } from '../core/clock.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import { checkScope, type Scope } from '../core/scope.ts';
import { messageText } from '../messages/serialize.ts';
import { embedderFromModel, embedTexts, type LongTermEmbedder } from './embedder.ts';
import type { FactExtractor } from './fact-extractor.ts';
import { formatRecall } from './format-recall.ts';
import { hybridSearch, type RankingOptions } from './hybrid-search.ts';
import { checkQuery, recordedMessages } from './long-term-input.ts';
import type { LongTermMemory, LongTermSearchOptions, LongTermSearchResult } from './long-term-memory.ts';
import type { LongTermFilter } from './long-term-query.ts';
import {
  type LongTermProvenance,
  type LongTermRecord,
  longTermOrigins,
  type NewLongTermRecord,
} from './long-term-record.ts';
import { getLongTermRecords, type HasLongTermRecords, type LongTermStoreV1 } from './long-term-store-v1.ts';
import { createMemoryLongTermRecords } from './memory-long-term-records.ts';
import { prepareChange, prepareRecord } from './prepare-record.ts';
import { runExtraction } from './run-extraction.ts';
import { spokenText, toolsReadAfter, turnRecords } from './turn-records.ts';

/** How `record(messages)` records: each turn with its context (`turns`), facts an LLM extracts (`facts`, which also keeps the turns), or nothing. */
export type RecordingMode = 'turns' | 'facts' | 'none';

/** Options of {@link createLongTermMemory}. */
export interface LongTermMemoryOptions extends RankingOptions {
  /**
   * Where records live: a store with long-term records (SQLite, PostgreSQL, json-file, memory); its component
   * state, when it has some, keeps the background cursors across restarts. @default in process
   */
  store?: HasLongTermRecords & Partial<CursorStateSlots>;
  /** Whose memory this is; every record and search is bound to it. */
  scope: Scope;
  /** The conversation `record` attributes messages to (turn records' session and episode). @default none */
  session?: string;
  /** How `record` records. @default 'turns' */
  recording?: RecordingMode;
  /** Whether `record` also writes an `episode` record per call (the turns it got, as one text) for episode fusion. @default true */
  episodes?: boolean;
  /** Which roles `record` keeps; add `tool` to keep tool output (marked with its tool). @default ['user', 'assistant'] */
  roles?: readonly ('user' | 'assistant' | 'tool' | 'system')[];
  /** Neighbouring turns on each side in a turn record's context. @default 2 */
  neighbours?: number;
  /** Embeddings for the vector side of search: any AI SDK embedding model or an embedder. Off by default (full text alone). */
  embedding?: EmbeddingModel | LongTermEmbedder;
  /** The fact extractor of `recording: 'facts'` (see `createLanguageModelExtractor` in `engram/ai-sdk`). */
  extractor?: FactExtractor;
  /** Facts one extraction run may add or change at most. @default 20 */
  maxFactsPerRun?: number;
  /** Results of `search` / `retrieve` when the call does not say. @default 10 */
  limit?: number;
  /** The clock for versions and relative dates. @default the system clock */
  clock?: Clock;
  /**
   * Keeps text out by where it came from. `toolDerived`: tool output, and what the model said or recorded after
   * reading tool output in the same exchange (it may repeat injected instructions); `agentRecorded`: what the model
   * chose to record (`record_to_memory`, origin `agent`). `'recall'` stores it but never returns it from `search` /
   * `retrieve` (nor from the agent's recall); `'memory'` never stores it (`record` leaves it out, `add` refuses it
   * with `INVALID_ARGUMENT`). @default nothing kept out
   */
  keepOut?: KeepOutOptions;
  /** Called with each error of background work (embedding, extraction); the work is retried on the next `record` or `flush`. */
  onError?: (error: unknown) => void;
}

/** Where text of an untrusted origin is kept out of: recall only, or the memory entirely. */
export type KeepOut = 'recall' | 'memory';

/** What {@link LongTermMemoryOptions.keepOut} keeps out. */
export interface KeepOutOptions {
  /** Tool output and what the model said or recorded after reading it (`provenance.toolDerived`). @default kept */
  toolDerived?: KeepOut;
  /** What the model chose to record through `record_to_memory` (`provenance.origin` `agent`). @default kept */
  agentRecorded?: KeepOut;
}

/** A long-term memory with background work: embeddings and fact extraction run off the request path. */
export interface EngramLongTermMemory extends LongTermMemory {
  /** The store contract the memory writes to. */
  readonly records: LongTermStoreV1;
  /** The scope it is bound to. */
  readonly scope: Scope;
  /** Runs pending background work to the end (embeddings, extraction); throws its error. */
  flush(): Promise<void>;
}

const isEmbedder = (e: unknown): e is LongTermEmbedder =>
  typeof e === 'object' &&
  e !== null &&
  typeof (e as LongTermEmbedder).embed === 'function' &&
  typeof (e as LongTermEmbedder).id === 'string';

const hashId = (prefix: string, parts: readonly string[]) =>
  `${prefix}_${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 24)}`;

const component = 'longterm';

/** Turn records per extraction run. */
const extractionBatch = 20;
/** Runs a batch may fail before it is passed over (its turns stay stored). */
const maxExtractionFailures = 3;

/** Component state a store may offer (every `MemoryStoreV1` does): where the memory keeps its background cursors. */
export interface CursorStateSlots {
  /** The state under `key`, or undefined. */
  getState(scope: Scope, key: string): Promise<unknown>;
  /** Writes the state under `key`. */
  putState(scope: Scope, key: string, state: string): Promise<void>;
}

/** The store's component state when it has some, else slots in process. */
function stateOf(store: Partial<CursorStateSlots> | undefined): CursorStateSlots {
  const { getState, putState } = store ?? {};
  if (getState && putState)
    return {
      getState: (scope, key) => getState.call(store, scope, key),
      putState: (scope, key, v) => putState.call(store, scope, key, v),
    };
  const map = new Map<string, string>();
  return {
    getState: async (scope, key) => map.get(JSON.stringify([scope, key])),
    putState: async (scope, key, v) => {
      map.set(JSON.stringify([scope, key]), v);
    },
  };
}

/**
 * Long-term memory across sessions (seeds 002 and 003): `record` keeps each user and assistant turn with its
 * neighbours and dates (deterministic, no LLM) or, with `recording: 'facts'`, also facts an extractor
 * reconciles against the most similar records; `retrieve` returns the relevant records as quoted data;
 * `search` ranks them with BM25 (and vectors when an embedding model is set), fused with their episode.
 * Writes of `record` are durable when it resolves; embedding and extraction run in the background and resume
 * from the store after a restart.
 * @example
 * const memory = createLongTermMemory({ store: createSqliteStore({ path: 'agent.db' }), scope: { tenant: 'acme', user: 'alice' } });
 * await memory.record(messages);
 * const recalled = await memory.retrieve('Where does Alice live?');
 */
export function createLongTermMemory(options: LongTermMemoryOptions): EngramLongTermMemory {
  checkOptions(options, 'createLongTermMemory', 'longterm');
  const scope = checkScope(options.scope, component);
  const records =
    options.store === undefined
      ? createMemoryLongTermRecords({ component })
      : getLongTermRecords(options.store, component);
  const recording = options.recording ?? 'turns';
  if (recording === 'facts' && !options.extractor)
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: "recording 'facts' needs an extractor",
    });
  const embedder =
    options.embedding === undefined
      ? undefined
      : isEmbedder(options.embedding)
        ? options.embedding
        : embedderFromModel(options.embedding);
  const clock = options.clock ?? { now: () => new Date() };
  const defaultLimit = options.limit ?? 10;
  let previous: MemoryMessage | undefined;
  let toolsRead: string[] = [];
  const keepOut = options.keepOut ?? {};
  const keptOut = (p: LongTermProvenance, where: KeepOut) =>
    (keepOut.toolDerived === where && p.toolDerived) ||
    (keepOut.agentRecorded === where && p.origin === 'agent');
  // What recall leaves out, as a filter every store applies before ranking (so kept-out records take no result slot).
  const recallFilter: LongTermFilter = {
    ...(keepOut.toolDerived ? { toolDerived: false } : {}),
    ...(keepOut.agentRecorded ? { origins: longTermOrigins.filter((o) => o !== 'agent') } : {}),
  };
  const state = stateOf(options.store);
  const cursorKey = `longterm:extracted:${options.session ?? '*'}`;
  let failures = 0;

  let running: Promise<void> | undefined;
  let again = false;
  const work = async () => {
    if (embedder) {
      for (;;) {
        const ids = await records.missingEmbeddings(scope, embedder.id, embedder.batchSize);
        if (ids.length === 0) break;
        const found = await records.getRecords(scope, ids);
        const vectors = await embedTexts(
          embedder,
          found.map((r) => r.text),
        );
        const stored = await records.putEmbeddings(
          scope,
          found.map((r, i) => ({ id: r.id, model: embedder.id, vector: vectors[i] as number[] })),
        );
        if (stored === 0) break;
      }
    }
    const extractor = options.extractor;
    if (recording !== 'facts' || !extractor) return;
    // Pending extraction lives in the store: the turn records after the cursor (component state) kept there.
    for (;;) {
      const cursor = await state.getState(scope, cursorKey);
      const page = await records.listRecords(scope, {
        limit: extractionBatch,
        filter: { kinds: ['turn'], ...(options.session === undefined ? {} : { session: options.session }) },
        ...(typeof cursor === 'string' ? { cursor } : {}),
      });
      if (page.records.length === 0) return;
      const next = page.endCursor;
      try {
        await runExtraction({
          records,
          scope,
          extractor,
          // Tool-derived turns kept out of recall are not mined for facts either.
          turns: keepOut.toolDerived ? page.records.filter((r) => !r.provenance.toolDerived) : page.records,
          clock,
          maxFacts: options.maxFactsPerRun ?? 20,
          similar: (text) => search(text, { limit: 10, filter: { kinds: ['fact'] } }),
        });
        failures = 0;
      } catch (error) {
        // The turns stay stored and searchable; a batch that keeps failing is passed over, never retried forever.
        if (++failures < maxExtractionFailures) throw error;
        failures = 0;
        options.onError?.(error);
      }
      if (next === undefined) return;
      await state.putState(scope, cursorKey, next);
    }
  };
  const schedule = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await work();
        } while (again);
      } finally {
        running = undefined;
      }
    })();
    running.catch((error: unknown) => options.onError?.(error));
    return running;
  };

  const search = async (query: string, o: LongTermSearchOptions = {}): Promise<LongTermSearchResult[]> => {
    if (typeof o !== 'object' || o === null)
      throw new MemoryError({ code: 'INVALID_QUERY', component, message: 'options must be an object' });
    if (typeof query !== 'string' || query.length > 4096)
      throw new MemoryError({
        code: 'INVALID_QUERY',
        component,
        message: 'query must be a string of at most 4096 characters',
      });
    const limit = o.limit ?? defaultLimit;
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > 100)
      throw new MemoryError({
        code: 'INVALID_QUERY',
        component,
        message: 'limit must be an integer from 1 to 100',
      });
    const filter = { ...o.filter, ...recallFilter };
    const hits = await hybridSearch(records, scope, query, {
      ...options,
      limit,
      ...(Object.keys(filter).length > 0 ? { filter } : {}),
      ...(embedder ? { embedder } : {}),
      now: () => clock.now(),
    });
    return hits.map((h) => ({ record: h.record, score: h.score }));
  };

  const add = async (input: string | NewLongTermRecord | readonly (string | NewLongTermRecord)[]) => {
    const list = (Array.isArray(input) ? input : [input]) as (string | NewLongTermRecord)[];
    const prepared = list.map((x, i) =>
      prepareRecord(typeof x === 'string' ? { text: x } : x, component, `records[${i}]`),
    );
    prepared.forEach((r, i) => {
      if (keptOut(r.provenance, 'memory'))
        throw new MemoryError({
          code: 'INVALID_ARGUMENT',
          component,
          message: `records[${i}] is ${r.provenance.origin === 'agent' && keepOut.agentRecorded === 'memory' ? 'recorded by the model (origin agent)' : 'tool-derived'}, and this memory keeps such text out (keepOut)`,
        });
    });
    const out = await records.addRecords(scope, prepared);
    if (embedder) void schedule();
    return out;
  };

  return {
    records,
    scope,
    async record(input) {
      const messages = recordedMessages(input, clock);
      if (recording === 'none' || messages.length === 0) return;
      const turns = turnRecords(messages, {
        ...(options.session === undefined ? {} : { session: options.session }),
        ...(options.roles ? { roles: options.roles } : {}),
        neighbours: options.neighbours ?? 2,
        ...(previous ? { previous } : {}),
        toolsRead,
        toolDerivedContext: !keepOut.toolDerived,
      })
        .filter((r) => !keptOut(r.provenance as LongTermProvenance, 'memory'))
        .map((r) => ({
          ...r,
          id: hashId('turn', [options.session ?? '', ...(r.provenance?.messageIds ?? [])]),
        }));
      const all: NewLongTermRecord[] = [...turns];
      // With tool-derived text kept out of recall, the episode gathers the other turns only, so it stays recallable.
      const told = keepOut.toolDerived ? turns.filter((t) => !t.provenance?.toolDerived) : turns;
      if ((options.episodes ?? true) && told.length > 0) {
        const text = told
          .map((t) => t.text)
          .join('\n')
          .slice(0, 64 * 1024);
        const first = messages[0] as MemoryMessage;
        all.push({
          id: hashId('episode', [
            options.session ?? '',
            ...told.flatMap((t) => t.provenance?.messageIds ?? []),
          ]),
          kind: 'episode',
          text,
          ...(options.session === undefined ? {} : { session: options.session, episode: options.session }),
          validAt: first.createdAt,
          provenance: {
            origin: 'conversation',
            toolDerived: told.some((t) => t.provenance?.toolDerived),
            messageIds: told.flatMap((t) => t.provenance?.messageIds ?? []),
            roles: told.flatMap((t) => t.provenance?.roles ?? []),
            ...(options.session === undefined ? {} : { session: options.session }),
          },
        });
      }
      if (all.length > 0) await add(all);
      previous = [...messages].reverse().find((m) => spokenText(m) !== '') ?? previous;
      toolsRead = toolsReadAfter(messages, toolsRead);
      if (recording === 'facts') void schedule();
    },
    async retrieve(query, o) {
      const text = typeof query === 'string' ? query : messageText(checkQuery(query, component));
      return formatRecall(await search(text.slice(0, 4096), o));
    },
    search,
    add,
    async get(id) {
      return records.getRecord(scope, id);
    },
    async update(id, change) {
      const prepared = prepareChange(typeof change === 'string' ? { text: change } : change, component);
      const out = await records.updateRecord(scope, id, prepared, clock.now());
      if (embedder && prepared.text !== undefined) {
        const [vector] = await embedTexts(embedder, [out.text]);
        if (vector) await records.putEmbeddings(scope, [{ id, model: embedder.id, vector }]);
      }
      return out;
    },
    async delete(id) {
      return records.deleteRecord(scope, id, clock.now());
    },
    async history(id): Promise<LongTermRecord[]> {
      return records.history(scope, id);
    },
    async flush() {
      await schedule();
    },
  };
}
