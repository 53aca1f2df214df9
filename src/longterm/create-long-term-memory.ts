import { MemoryError } from '../core/errors/memory-error.ts';
import { checkScope } from '../core/scope.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import { checkedClock, checkLongTermOptions } from './check-long-term-options.ts';
import { embedTexts, toEmbedder } from './embedder.ts';
import { createBackgroundWork } from './long-term-background.ts';
import { cursorStateOf } from './long-term-cursor-state.ts';
import { keepOutRules } from './long-term-keep-out.ts';
import type { EngramLongTermMemory, LongTermMemoryOptions } from './long-term-memory-options.ts';
import type { LongTermRecord, NewLongTermRecord } from './long-term-record.ts';
import { createRecorder } from './long-term-recording.ts';
import { createRecallRetrieve, createRecallSearch } from './long-term-retrieval.ts';
import { getLongTermRecords } from './long-term-store-v1.ts';
import { createMemoryLongTermRecords } from './memory-long-term-records.ts';
import { checkChangesSomething, prepareChange, prepareRecord } from './prepare-record.ts';
import { recordsCanRide } from './riding-long-term-records.ts';
import { recordSelfFacts } from './self-facts/record-self-facts.ts';
import { storedBefore } from './stored-before.ts';

export type {
  EngramLongTermMemory,
  KeepOut,
  KeepOutOptions,
  LongTermMemoryOptions,
  RecordingMode,
} from './long-term-memory-options.ts';

const component = 'longterm';

/**
 * Long-term memory across sessions (seeds 002 and 003): `record` keeps each user and assistant turn with its
 * neighbours and dates (deterministic, no LLM) or, with `recording: 'facts'`, also facts an extractor
 * reconciles against the most similar records; `retrieve` packs the relevant records, with the neighbouring
 * turns that make them understandable, into a token budget (2,000 by default) as quoted data;
 * `search` ranks them with BM25 (and vectors when an embedding model is set and the store has vector search),
 * fused with their episode. Writes of `record` are durable when it resolves; embedding and extraction run in
 * the background and resume from the store after a restart.
 * @example
 * const memory = createLongTermMemory({ store: createSqliteStore({ path: 'agent.db' }), scope: { tenant: 'acme', user: 'alice' } });
 * await memory.record(messages);
 * const recalled = await memory.retrieve('Where does Alice live?');
 */
export function createLongTermMemory(options: LongTermMemoryOptions): EngramLongTermMemory {
  checkLongTermOptions(options, component);
  const scope = checkScope(options.scope, component);
  const records =
    options.store === undefined
      ? createMemoryLongTermRecords({ component })
      : getLongTermRecords(options.store, component);
  const recording = options.recording ?? 'turns';
  const configured =
    options.embedding === undefined
      ? undefined
      : toEmbedder(options.embedding, 'createLongTermMemory(options).embedding');
  // A store without vector search is searched by full text alone: nothing is embedded for it.
  const embedder = records.vectorSearch ? configured : undefined;
  const clock = checkedClock(options.clock, component);
  const rules = keepOutRules(options.keepOut ?? {});
  const ranked = createRecallSearch({
    records,
    scope,
    ranking: options,
    ...(embedder ? { embedder } : {}),
    defaultLimit: options.limit ?? 10,
    recallFilter: rules.recallFilter,
    clock,
    component,
  });
  /** Whether this memory records self facts (it then settles their ends: recordSelfFacts). */
  const selfFactsOn = (options.selfFacts ?? true) && recording !== 'none';
  /** Whether this memory's self facts were settled over every key (its first search or recording does it). */
  let settledEveryKey = false;
  let settling: Promise<void> | undefined;
  /**
   * The self facts of every key settled once, before this memory's first search reads them: a process killed between
   * a new value's write and the end of the one it replaces left both current, and the next process's first read
   * (an agent's recall before its first recording) would show both. Tried by one search only: a failure (a
   * read-only store with an end due) is reported to `onError` and the search goes on; the first recording settles.
   */
  const settleFirst = (): Promise<void> | undefined => {
    if (!selfFactsOn || settledEveryKey) return undefined;
    settling ??= recordSelfFacts(
      selfFactsPlace(() => undefined),
      [],
      true,
    ).then(
      () => {
        settledEveryKey = true;
      },
      (error: unknown) => options.onError?.(error),
    );
    return settling;
  };
  const search: typeof ranked = async (query, searchOptions) => {
    await settleFirst();
    return ranked(query, searchOptions);
  };
  let counter = options.counter;
  const retrieve = createRecallRetrieve({
    search,
    defaultLimit: options.limit,
    counter: (): TokenCounter => {
      counter ??= createTokenCounter({ encoding: 'o200k_base' });
      return counter;
    },
    component,
  });
  const schedule = createBackgroundWork({
    records,
    scope,
    ...(embedder ? { embedder } : {}),
    ...(recording === 'facts' && options.extractor ? { extractor: options.extractor } : {}),
    ...(options.session === undefined ? {} : { session: options.session }),
    skipToolDerived: Boolean(options.keepOut?.toolDerived),
    maxFacts: options.maxFactsPerRun ?? 20,
    clock,
    state: cursorStateOf(options.store),
    similar: (text) => search(text, { limit: 10, filter: { kinds: ['fact'] } }),
    ...(options.onError ? { onError: options.onError } : {}),
  });

  /** Where this memory's self facts are recorded and settled. */
  const selfFactsPlace = (turnOf: (messageId: string) => string | undefined) => ({
    records,
    scope,
    ...(options.session === undefined ? {} : { session: options.session }),
    turnOf,
    now: () => clock.now(),
  });

  const add = async (input: string | NewLongTermRecord | readonly (string | NewLongTermRecord)[]) => {
    const list = (Array.isArray(input) ? input : [input]) as (string | NewLongTermRecord)[];
    const prepared = list.map((x, i) =>
      prepareRecord(typeof x === 'string' ? { text: x } : x, component, `records[${i}]`),
    );
    prepared.forEach((r, i) => {
      if (rules.keptOut(r.provenance, 'memory'))
        throw new MemoryError({
          code: 'INVALID_ARGUMENT',
          component,
          message: `records[${i}] is ${r.provenance.origin === 'agent' && options.keepOut?.agentRecorded === 'memory' ? 'recorded by the model (origin agent)' : 'tool-derived'}, and this memory keeps such text out (keepOut)`,
        });
    });
    const out = await records.addRecords(scope, prepared, clock.now());
    if (embedder) void schedule();
    return out;
  };

  const recorder = createRecorder({
    options,
    rules,
    clock,
    add,
    storedBefore: (ids) => storedBefore(records, scope, ids),
    schedule,
    ...(selfFactsOn
      ? {
          async selfFacts(messages, turnOf) {
            const { added } = await recordSelfFacts(selfFactsPlace(turnOf), messages, !settledEveryKey);
            settledEveryKey = true;
            if (added > 0 && embedder) void schedule();
          },
        }
      : {}),
  });

  const memory: EngramLongTermMemory = {
    records,
    scope,
    record: recorder.record,
    retrieve,
    search,
    add,
    async get(id) {
      return records.getRecord(scope, id);
    },
    async update(id, change) {
      const prepared = prepareChange(typeof change === 'string' ? { text: change } : change, component);
      checkChangesSomething(prepared, component);
      const out = await records.updateRecord(scope, id, prepared, clock.now());
      if (embedder && prepared.text !== undefined) {
        // The version is committed (its old vectors dropped with it): a failed embedding is the catch-up's to
        // redo (`missingEmbeddings` lists the record), reported to onError, never a failed update.
        try {
          const [vector] = await embedTexts(embedder, [out.text]);
          if (vector)
            await records.putEmbeddings(scope, [{ id, model: embedder.id, vector, hash: out.hash }]);
        } catch (error) {
          options.onError?.(error);
        }
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
  // Recording that starts no background work (embedding, extraction) may commit with an agent step's append.
  if (!embedder && recording !== 'facts')
    recordsCanRide(memory, { records, recordHeld: recorder.recordHeld });
  return memory;
}
