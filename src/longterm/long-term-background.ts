import type { Clock } from '../core/clock.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { Scope } from '../core/scope.ts';
import { embedTexts, type LongTermEmbedder } from './embedder.ts';
import type { FactExtractor } from './fact-extractor.ts';
import type { CursorState } from './long-term-cursor-state.ts';
import type { LongTermSearchResult } from './long-term-memory.ts';
import type { LongTermStoreV1 } from './long-term-store-v1.ts';
import { ownedRecords } from './owned-records.ts';
import { runExtraction } from './run-extraction.ts';

/** Turn records per extraction run. */
const extractionBatch = 20;
/** Runs a batch may fail before it is passed over (its turns stay stored). */
const maxExtractionFailures = 3;

/** What a long-term memory's background work needs. */
export interface BackgroundWorkOptions {
  /** Where records live. */
  records: LongTermStoreV1;
  /** Whose records. */
  scope: Scope;
  /** Embeds records missing a vector of its model; only given for a store with vector search. */
  embedder?: LongTermEmbedder;
  /** Extracts facts from turn records (`recording: 'facts'` only). */
  extractor?: FactExtractor;
  /** The conversation whose turns are mined, or every conversation. */
  session?: string;
  /** Whether tool-derived turns are left out of extraction (kept out of recall). */
  skipToolDerived: boolean;
  /** Facts one extraction run may change at most. */
  maxFacts: number;
  /** The clock of the changes. */
  clock: Clock;
  /** Where the extraction cursor lives. */
  state: CursorState;
  /** The facts most similar to a text, for the extractor. */
  similar: (text: string) => Promise<LongTermSearchResult[]>;
  /** Called with each error of background work. */
  onError?: (error: unknown) => void;
}

/**
 * Embeds every record of the scope that has no vector of the embedder's model, a batch at a time. A record the
 * model answers no usable vector for (NaN, Infinity) stays without one, the others of its batch and the records
 * after it are stored, and the run then throws `STORE_ERROR` naming the model and those records.
 */
async function embedMissing(
  records: LongTermStoreV1,
  scope: Scope,
  embedder: LongTermEmbedder,
): Promise<void> {
  const unusable = new Set<string>();
  for (;;) {
    // The records the model answered no usable vector for this run are listed again (they still have none): asked
    // past them, so a batch of them or more does not stop the records after them.
    const ids = (await records.missingEmbeddings(scope, embedder.id, embedder.batchSize + unusable.size))
      .filter((id) => !unusable.has(id))
      .slice(0, embedder.batchSize);
    if (ids.length === 0) break;
    const before = unusable.size;
    const found = await records.getRecords(scope, ids);
    const vectors = await embedTexts(
      embedder,
      found.map((r) => r.text),
      undefined,
      (i) => unusable.add(found[i]!.id),
    );
    // Each onto the version embedded: one changed meanwhile is skipped, listed again, embedded next round.
    const embeddings = found.flatMap((r, i) =>
      vectors[i]!.length > 0 ? [{ id: r.id, model: embedder.id, vector: vectors[i]!, hash: r.hash }] : [],
    );
    const stored = embeddings.length > 0 ? await records.putEmbeddings(scope, embeddings) : 0;
    // No progress (every record changed meanwhile, so listed again as it was): the next run goes on.
    if (stored === 0 && unusable.size === before) break;
  }
  if (unusable.size > 0)
    throw new MemoryError({
      code: 'STORE_ERROR',
      component: 'longterm',
      message: `embedder ${embedder.id} returned no usable vector (not finite numbers) for ${unusable.size} record(s), left without one: ${[...unusable].slice(0, 5).join(', ')}`,
    });
}

/**
 * The background work of a long-term memory (embeddings, then fact extraction from the turn records after the
 * stored cursor), as a `schedule()` that starts it, or marks it to run again when it is running; resolves when
 * the run ends and rejects with its error (also passed to `onError`).
 */
export function createBackgroundWork(o: BackgroundWorkOptions): () => Promise<void> {
  const cursorKey = `longterm:extracted:${o.session ?? '*'}`;
  let failures = 0;
  const extract = async (extractor: FactExtractor) => {
    // Pending extraction lives in the store: the turn records after the cursor (component state) kept there.
    for (;;) {
      const cursor = await o.state.get(o.scope, cursorKey);
      const page = await o.records.listRecords(o.scope, {
        limit: extractionBatch,
        filter: { kinds: ['turn'], ...(o.session === undefined ? {} : { session: o.session }) },
        ...(typeof cursor === 'string' ? { cursor } : {}),
      });
      if (page.records.length === 0) return;
      const next = page.endCursor;
      // The scope's own turns: a wide scope's listing also holds its users' or agents' turns, never mined here.
      const own = await ownedRecords(o.records, o.scope, page.records);
      try {
        await runExtraction({
          records: o.records,
          scope: o.scope,
          extractor,
          // Tool-derived turns kept out of recall are not mined for facts either.
          turns: o.skipToolDerived ? own.filter((r) => !r.provenance.toolDerived) : own,
          clock: o.clock,
          maxFacts: o.maxFacts,
          similar: o.similar,
        });
        failures = 0;
      } catch (error) {
        // The turns stay stored and searchable; a batch that keeps failing is passed over, never retried forever.
        if (++failures < maxExtractionFailures) throw error;
        failures = 0;
        o.onError?.(error);
      }
      if (next === undefined) return;
      await o.state.put(o.scope, cursorKey, next);
    }
  };
  const work = async () => {
    if (o.embedder) await embedMissing(o.records, o.scope, o.embedder);
    if (o.extractor) await extract(o.extractor);
  };

  let running: Promise<void> | undefined;
  let again = false;
  return () => {
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
    running.catch((error: unknown) => o.onError?.(error));
    return running;
  };
}
