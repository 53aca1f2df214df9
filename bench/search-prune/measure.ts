/**
 * The timed parts of the search and prune benchmarks, each over stores made by one {@link Engram}: searches of
 * a built database, `memory.prune()` calls over a log with many tombstones, and single-message appends.
 */

import { collectGarbage, median } from '../report.ts';
import { target } from './build.ts';
import { messageRanks, prng, textOf, word } from './corpus.ts';
import { type Engram, type MemoryStoreV1, textInput } from './engram.ts';

/** Milliseconds of each call of `fn` over `inputs`, `reps` rounds, after one untimed warm-up call per input. */
export async function timeEach<T>(
  inputs: readonly T[],
  reps: number,
  fn: (input: T) => Promise<unknown>,
): Promise<number[]> {
  for (const input of inputs) await fn(input);
  collectGarbage();
  const times: number[] = [];
  for (let r = 0; r < reps; r++) {
    for (const input of inputs) {
      const started = performance.now();
      await fn(input);
      times.push(performance.now() - started);
    }
  }
  return times;
}

/** Search timings (ms per call) on one database. */
export interface SearchTimes {
  /** `store.searchMessages` of the target session. */
  session: number[];
  /** `store.searchMessages` of the target's tenant (the target and 40 short sessions: more logs than a query names). */
  tenant: number[];
  /** `memory.search(text)` with its default options, on the target session. */
  memory: number[];
  /** The most frequent word of the corpus, session-scoped (every message holds it). */
  worst: number[];
  /** SQLite only: `session` again after FTS5 `optimize` merged the index into one segment. */
  sessionOptimized?: number[];
  /** SQLite only, after `optimize`: FTS5 alone, each query's rows in the session's rowid range, counted. */
  ftsCount?: number[];
  /** SQLite only, after `optimize`: FTS5 alone, the same rows ranked by bm25, the best 20. */
  ftsRanked?: number[];
}

/** The two databases a search is timed on. */
export type Which = 'alone' | 'big';

/**
 * Milliseconds of each call of `fn` over `inputs` on both databases, `reps` rounds: each input runs on one
 * database and then at once on the other (which goes first alternates), after one untimed warm-up call on
 * each, so a change in the machine's speed during the run falls on both alike and their ratio stays fair.
 */
export async function timePaired<T>(
  inputs: readonly T[],
  reps: number,
  fn: (which: Which, input: T) => Promise<unknown>,
): Promise<Record<Which, number[]>> {
  for (const input of inputs) {
    await fn('alone', input);
    await fn('big', input);
  }
  collectGarbage();
  const times: Record<Which, number[]> = { alone: [], big: [] };
  let flip = false;
  for (let r = 0; r < reps; r++) {
    for (const input of inputs) {
      for (const which of flip ? (['big', 'alone'] as const) : (['alone', 'big'] as const)) {
        const started = performance.now();
        await fn(which, input);
        times[which].push(performance.now() - started);
      }
      flip = !flip;
    }
  }
  return times;
}

/** Times the searches of `queries` on both built stores, paired; `memoryQueries` of them for `memory.search`. */
export async function timeSearches(
  engram: Engram,
  stores: Record<Which, MemoryStoreV1>,
  queries: readonly string[],
  reps: number,
  memoryQueries: number,
): Promise<Record<Which, SearchTimes>> {
  const { scope, sessionId } = target;
  const memories = {
    alone: engram.createConversationMemory({ store: stores.alone, scope, sessionId }),
    big: engram.createConversationMemory({ store: stores.big, scope, sessionId }),
  };
  const session = await timePaired(queries, reps, (w, text) =>
    stores[w].searchMessages(scope, { text, sessionId, limit: 20 }),
  );
  const tenant = await timePaired(queries, reps, (w, text) =>
    stores[w].searchMessages(scope, { text, limit: 20 }),
  );
  const memory = await timePaired(
    queries.slice(0, memoryQueries),
    memoryQueries < queries.length ? 1 : reps,
    (w, text) => memories[w].search(text),
  );
  const worst = await timePaired([word(0)], reps * 3, (w, text) =>
    stores[w].searchMessages(scope, { text, sessionId, limit: 20 }),
  );
  const of = (w: Which): SearchTimes => ({
    session: session[w],
    tenant: tenant[w],
    memory: memory[w],
    worst: worst[w],
  });
  return { alone: of('alone'), big: of('big') };
}

/**
 * Milliseconds per `memory.prune()` call on a session whose oldest `tombstones` messages are deleted, each
 * call removing the oldest live message (a unit of one user message).
 */
export async function timePrune(
  engram: Engram,
  store: MemoryStoreV1,
  tombstones: number,
  calls: number,
): Promise<number[]> {
  const scope = { tenant: 'prune' };
  const sessionId = `p${tombstones}`;
  await store.createSession(scope, { id: sessionId });
  const random = prng(3);
  const total = tombstones + calls + 200;
  for (let from = 0; from < total; from += 1000) {
    const inputs = Array.from({ length: Math.min(1000, total - from) }, (_, i) => {
      const ranks = messageRanks(random);
      // Even n: user messages only, so each is a unit of its own.
      return textInput(2 * (from + i), textOf(ranks), ranks.length);
    });
    await store.append(scope, sessionId, inputs);
  }
  for (let from = 0; from < tombstones; from += 1000) {
    const ids = Array.from({ length: Math.min(1000, tombstones - from) }, (_, i) => `m${2 * (from + i)}`);
    await store.deleteMessages(scope, sessionId, ids);
  }
  const memory = engram.createConversationMemory({ store, scope, sessionId });
  await memory.prune(Number.MAX_SAFE_INTEGER); // opens the session
  collectGarbage();
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const tokens = await memory.tokens();
    const started = performance.now();
    const removed = await memory.prune(tokens - 1);
    times.push(performance.now() - started);
    if (removed.length !== 1) throw new Error(`prune removed ${removed.length} messages, expected 1`);
  }
  return times;
}

/** One contender of an append run: appends one message per awaited call to its own store. */
export interface Appender {
  /** Its label. */
  label: string;
  /** Appends message `n`. */
  append(n: number): Promise<unknown>;
}

/** Runs appenders in interleaved rounds of `perRound` calls each (machine load falls on all alike); ms per call. */
export async function timeAppends(
  appenders: readonly Appender[],
  rounds: number,
  perRound: number,
): Promise<Map<string, number[]>> {
  const times = new Map(appenders.map((a) => [a.label, [] as number[]]));
  let n = 0;
  for (let round = 0; round < rounds; round++) {
    for (const a of appenders) {
      collectGarbage();
      for (let i = 0; i < perRound; i++) {
        const started = performance.now();
        await a.append(n + i);
        times.get(a.label)!.push(performance.now() - started);
      }
    }
    n += perRound;
  }
  return times;
}

/** p50 of a list, or NaN. */
export const p50 = (values: readonly number[]): number => median(values);
