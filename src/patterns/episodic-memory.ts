import type { JSONValue, ModelMessage } from 'ai';
import {
  checkKnownKeys,
  checkMethods,
  checkNestedKeys,
  checkOptionalInteger,
  checkOptions,
} from '../core/check-options.ts';
import { describeValue } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { LogEntry } from '../core/message.ts';
import { checkScope, type Scope } from '../core/scope.ts';
import { createSerialQueue } from '../core/serial-queue.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import type { createLongTermMemory } from '../longterm/create-long-term-memory.ts';
import { toEmbedder } from '../longterm/embedder.ts';
import { checkRankingOptions, type RankingOptions, rankingOptionKeys } from '../longterm/hybrid-search.ts';
import type { LongTermRecord } from '../longterm/long-term-record.ts';
import type { HasLongTermRecords } from '../longterm/long-term-store-v1.ts';
import { ownedHits, ownedRecords } from '../longterm/owned-records.ts';
import { type ConversationMemory, createConversationMemory } from '../memory/conversation-memory.ts';
import { checkJsonValue } from '../messages/check-json-value.ts';
import { groupUnits, isUnitComplete, newestLiveUnit } from '../messages/units.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import type { TokenCounter } from '../tokens/token-counter.ts';
import { createEmbeddedRecords } from './embedded-records.ts';
import { closedEpisode, type EpisodeInfo } from './episode-record.ts';
import { coveredSeq, moveLateMessages } from './late-episode-messages.ts';

/** Options of {@link openEpisodicMemory}. */
export interface EpisodicMemoryOptions {
  /** Where episodes live: their logs and their long-term `episode` records. @default a new in-process store */
  store?: MemoryStoreV1 & HasLongTermRecords;
  /** Whose episodes. @default { tenant: 'default' } */
  scope?: Scope;
  /** The series: episode `k` is the session `<series>/episode-<k>`. Reopening a series continues it. */
  series: string;
  /** Counts each message once, when it is stored. @default exact o200k_base counts */
  counter?: TokenCounter;
  /** Ranking options of `recallEpisode` (full text over episode records; vectors when `embedding` is set). */
  ranking?: RankingOptions & { embedding?: Parameters<typeof createLongTermMemory>[0]['embedding'] };
  /** Characters of the opening and closing message kept in an episode's summary (an integer >= 0). @default 80 */
  previewChars?: number;
}

export type { EpisodeInfo } from './episode-record.ts';

/** Seed 003's `EpisodicMemory`, durable: each episode is a session of the store; closed episodes are searchable. */
export interface EpisodicMemory {
  /** The series. */
  readonly series: string;
  /** The episode being written (a conversation memory of its own). */
  readonly current: ConversationMemory;
  /** Stores messages in the current episode (one a close under way has not taken goes to the next). */
  store(message: ModelMessage | readonly ModelMessage[]): Promise<void>;
  /**
   * Closes the current episode with `metadata` (when it holds messages: an empty one stays current) and starts the
   * next; returns the episode closed, or undefined. A tool call whose result has not arrived (the step in flight,
   * with whatever was stored after it) is not closed: it goes on to the next episode, where its result joins it, so
   * the closed episode ends at its last complete unit (an episode holding only that step stays current). When the
   * embedding model fails it throws and the episode stays current, so the call can be retried. Closes and stores of one handle run one at a time, in call order;
   * when another handle (another process) closed the episode first with other messages or metadata, it throws
   * `CONFLICT` and this handle goes on with the next episode. Metadata that is not an object is `INVALID_ARGUMENT`.
   */
  startNewEpisode(metadata?: Record<string, JSONValue>): Promise<EpisodeInfo | undefined>;
  /** The closed episode most relevant to `query` (BM25 over its messages, fused with vectors when configured), or undefined. */
  recallEpisode(query: string): Promise<{ info: EpisodeInfo; memory: ConversationMemory } | undefined>;
  /** Every closed episode, oldest first. */
  episodes(): Promise<EpisodeInfo[]>;
  /** Seed 003's `summarize_episodes`: one summary per closed episode. */
  summarizeEpisodes(): Promise<string[]>;
}

const component = 'episodic';

/**
 * The entries of an episode a close covers: all of them, but for the step still in flight (the newest unit that is
 * not an orphan, when it waits for a tool result or approval response) and whatever was stored after it. That step
 * goes on to the next episode with its results, so a close never ends an episode with an unanswered call nor starts
 * one with a result whose call is gone. An older unanswered call (the conversation moved on from it: no view sends
 * it) is closed with its episode.
 */
function closedEntries(entries: readonly LogEntry[]): readonly LogEntry[] {
  const units = groupUnits(entries, { message: (e) => e.message });
  const newest = newestLiveUnit(units);
  if (newest < 0 || isUnitComplete(units[newest]!)) return entries;
  return entries.slice(
    0,
    units.slice(0, newest).reduce((n, u) => n + u.items.length, 0),
  );
}

function infoOf(record: LongTermRecord): EpisodeInfo {
  const m = record.metadata as Record<string, JSONValue>;
  return {
    index: m.index as number,
    sessionId: m.sessionId as string,
    metadata: (m.metadata ?? {}) as Record<string, JSONValue>,
    messageCount: m.messageCount as number,
    startedAt: new Date(m.startedAt as string),
    endedAt: new Date(m.endedAt as string),
    summary: record.context ?? '',
  };
}

/**
 * Opens seed 003's episodic memory: messages go to the current episode (a session `<series>/episode-<k>`);
 * `startNewEpisode` closes it as a long-term `episode` record (its transcript as text, its summary and metadata),
 * so `recallEpisode(query)` ranks closed episodes by relevance instead of the seed's first substring match. A
 * closing computes the episode's vector first (a model that fails writes nothing: the episode stays current and
 * the close can be retried), then writes its record (idempotent: the episode is closed from then on, so a crash
 * before it leaves it current, never half closed, and reopening the series continues where it was), then its
 * vector; a vector a crash or a failed write left out is written by the next close or the first `recallEpisode`.
 * Several handles (or processes) may share a series: a message one stores into an episode another has closed (or
 * is closing) goes on to the next episode, so a closed episode holds exactly the messages its record counts. No
 * episode splits a tool call from its result: a close leaves the step in flight (the newest unit, while it waits for
 * a tool result or approval response) to the next episode, as it does a late message, so its result joins it there
 * whichever handle stores it; a call the conversation moved on from unanswered (no view sends it) closes with the
 * episode that holds it.
 * An option it does not declare, in `options` or in `options.ranking` (a misspelt `embeding`), is
 * `INVALID_ARGUMENT`, not silently left out.
 * @example
 * const episodic = await openEpisodicMemory({ store, scope, series: 'support-bot' });
 * await episodic.store({ role: 'user', content: 'My printer jams.' });
 * await episodic.startNewEpisode({ topic: 'printer' });
 * const found = await episodic.recallEpisode('printer jam');
 */
export async function openEpisodicMemory(options: EpisodicMemoryOptions): Promise<EpisodicMemory> {
  checkOptions(options, 'openEpisodicMemory', 'patterns');
  checkKnownKeys(
    options,
    { store: true, scope: true, series: true, counter: true, ranking: true, previewChars: true },
    'openEpisodicMemory',
    'patterns',
  );
  checkNestedKeys(
    options.ranking,
    { ...rankingOptionKeys, embedding: true },
    'openEpisodicMemory(options).ranking',
    'patterns',
  );
  if (options.ranking !== undefined)
    checkRankingOptions(options.ranking, 'openEpisodicMemory(options).ranking', 'patterns');
  const scope = checkScope(options.scope ?? { tenant: 'default' }, component);
  // A falsy counter (0, NaN) was dropped without a word: the default counter ran in its place.
  if (options.counter !== undefined)
    checkMethods(options.counter, 'openEpisodicMemory(options).counter', 'patterns', ['count', 'countText']);
  if (typeof options.series !== 'string' || !/^[\w.:-]{1,100}$/.test(options.series))
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: 'series must be 1–100 characters of letters, digits, _ . : -',
    });
  checkOptionalInteger(options.previewChars, 'openEpisodicMemory(options).previewChars', 'patterns', 0);
  const store = options.store ?? createMemoryStore();
  const { embedding, ...ranking } = options.ranking ?? {};
  const embedder =
    embedding === undefined
      ? undefined
      : toEmbedder(embedding, 'openEpisodicMemory(options).ranking.embedding');
  const records = createEmbeddedRecords(
    { store, scope, recording: 'none', ...ranking, ...(embedder ? { embedding: embedder } : {}) },
    component,
  );
  const { longTerm } = records;
  /** Before the first recall: vectors a crash (or a failed write) left out of closed episodes. */
  let caughtUp: Promise<void> | undefined;
  /**
   * Whether a catch-up ran and no write of this memory failed since: a close then skips the catch-up (a scan of the
   * scope's records for ones without a vector). Only a catch-up sets it and only a failed write clears it, so closes
   * that overlap cannot hide each other's failure.
   */
  let checked = false;
  const seriesFilter = { kinds: ['episode'], metadata: { pattern: 'episodic', series: options.series } };
  const max = options.previewChars ?? 80;
  const sessionOf = (k: number) => `${options.series}/episode-${k}`;
  const open = (sessionId: string) =>
    createConversationMemory({
      store,
      scope,
      sessionId,
      ...(options.counter === undefined ? {} : { counter: options.counter }),
    });

  const closed = async (): Promise<EpisodeInfo[]> => {
    const out: EpisodeInfo[] = [];
    let cursor: string | undefined;
    do {
      const page = await longTerm.records.listRecords(scope, {
        filter: seriesFilter,
        limit: 1000,
        ...(cursor ? { cursor } : {}),
      });
      // The scope's own episodes: a tenant's listing also holds its users' series of the same name.
      out.push(...(await ownedRecords(longTerm.records, scope, page.records)).map(infoOf));
      cursor = page.nextCursor;
    } while (cursor);
    return out.sort((a, b) => a.index - b.index);
  };

  /** The episode after the newest closed one (numbering goes on after a gap an earlier version could leave). */
  const next = async () => (await closed()).reduce((n, e) => Math.max(n, e.index), 0) + 1;
  let index = await next();
  let current = open(sessionOf(index));
  /**
   * If the episode `sessionId` is closed: its messages past what its record covers go to the current episode
   * (after moving on to the next episode when it is this handle's current one, whose close another handle made).
   */
  const settleClosed = async (sessionId: string): Promise<void> => {
    const record = await longTerm.records.getRecord(scope, `episode_${sessionId}`);
    if (record === undefined) return;
    if (sessionId === current.sessionId) {
      index = await next();
      current = open(sessionOf(index));
    }
    const lastSeq = coveredSeq(record);
    if (lastSeq !== undefined) await moveLateMessages(store, scope, { sessionId, lastSeq }, current);
  };
  // Messages a crashed handle stored after the newest close, or left in both places mid-move.
  if (index > 1) await settleClosed(sessionOf(index - 1));
  /** Stores and closes, one at a time: a close reads, writes and moves on to the next episode as one step. */
  const steps = createSerialQueue();

  /**
   * Closes the current episode (a step of `steps`): its record written, the next episode current. Its vector is
   * written by `vector()`, outside the step, so a store or close after it does not wait for it.
   */
  const close = async (
    metadata: Record<string, JSONValue>,
  ): Promise<{ info: EpisodeInfo; vector: () => Promise<void> } | undefined> => {
    const entries = closedEntries(await current.entries());
    if (entries.length === 0) return undefined;
    const { info, record } = closedEpisode(
      entries.map((e) => e.message),
      {
        index,
        sessionId: current.sessionId,
        series: options.series,
        metadata,
        previewChars: max,
        lastSeq: entries.at(-1)!.seq,
      },
    );
    const { id, text } = record;
    // The vector first: a model that fails writes nothing, and the episode stays current to be closed again.
    const vectors = await records.embed([text]);
    if (!checked) {
      await records.catchUp();
      checked = true;
    }
    caughtUp ??= Promise.resolve();
    try {
      await records.add([record]);
    } catch (error) {
      checked = false;
      // Another handle closed this episode first, seeing other messages or metadata: go on after it.
      if ((await longTerm.records.getRecord(scope, id)) === undefined) throw error;
      const taken = index;
      index = await next();
      current = open(sessionOf(index));
      throw new MemoryError({
        code: 'CONFLICT',
        component,
        message: `episode ${taken} of series "${options.series}" was closed by another writer first, with other messages or metadata; this memory goes on with episode ${index}`,
        cause: error,
      });
    }
    // Closed once its record is written; its vector, if this write fails, is written by the next close (whose
    // catch-up runs again: `checked` is cleared then), not by a recall (this handle's recall caught up once).
    index++;
    current = open(sessionOf(index));
    // The step in flight, and what another handle stored after `entries` was read, go to the new episode.
    await settleClosed(info.sessionId);
    const vector = () =>
      records.putVectors([id], vectors).catch((error: unknown) => {
        checked = false;
        throw error;
      });
    return { info, vector };
  };

  return {
    series: options.series,
    get current() {
      return current;
    },
    async store(message) {
      await steps.run(async () => {
        const into = current.sessionId;
        await current.store(message);
        // Another handle closed this episode meanwhile: the message goes on to the next one.
        await settleClosed(into);
      });
    },
    async startNewEpisode(metadata = {}) {
      if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))
        throw new MemoryError({
          code: 'INVALID_ARGUMENT',
          component,
          message: `startNewEpisode(metadata): metadata must be an object, got ${describeValue(metadata)}`,
        });
      // Named as the caller wrote it (the episode record's checks would name `records[0].metadata.metadata`).
      checkJsonValue(metadata, 'startNewEpisode(metadata)', component);
      const closing = await steps.run(() => close(metadata));
      if (closing) await closing.vector();
      return closing?.info;
    },
    async recallEpisode(query) {
      caughtUp ??= records.catchUp().catch((error: unknown) => {
        caughtUp = undefined; // retried by the next recall
        throw error;
      });
      await caughtUp;
      // The best of the scope's own episodes: a wide scope's search ranks its users' and agents' too.
      const [own] = await ownedHits(longTerm.records, scope, 1, (limit) =>
        longTerm.search(query, { limit, filter: seriesFilter }),
      );
      if (!own) return undefined;
      const info = infoOf(own);
      return { info, memory: open(info.sessionId) };
    },
    episodes: closed,
    async summarizeEpisodes() {
      return (await closed()).map((e) => e.summary);
    },
  };
}
