import type { EmbeddingModel } from 'ai';
import { loadAiSdk } from '../core/ai-sdk-module.ts';
import { checkKnownKeys, checkOptionalInteger, checkOptions } from '../core/check-options.ts';
import { describeValue, errorText } from '../core/errors/describe-value.ts';
import { MemoryError } from '../core/errors/memory-error.ts';

/** Turns texts into vectors for long-term memory (any AI SDK `EmbeddingModel` through {@link embedderFromModel}). */
export interface LongTermEmbedder {
  /** The model's identity (`provider:modelId`), stored with each vector so vectors of different models never mix. */
  readonly id: string;
  /** The longest text embedded in one piece, in characters; longer texts are split and their vectors averaged. */
  readonly maxChars: number;
  /** How many texts one call may take. */
  readonly batchSize: number;
  /** One vector per text, in order. */
  embed(texts: readonly string[], abortSignal?: AbortSignal): Promise<number[][]>;
}

/** Options of {@link embedderFromModel}. */
export interface EmbedderFromModelOptions {
  /** The longest piece of text sent, in characters (well under the model's input limit). @default 2000 */
  maxChars?: number;
  /** Texts per call. @default the model's `maxEmbeddingsPerCall`, else 64 */
  batchSize?: number;
  /** Parallel calls. @default 2 */
  maxParallelCalls?: number;
}

/**
 * An embedder over an AI SDK embedding model (`embedMany`, batched, with the SDK's retries). Throws
 * `INVALID_ARGUMENT` unless `model` is an embedding model object and each option a positive integer, and for an
 * option it does not declare (a misspelt `maxChar`).
 */
export function embedderFromModel(
  model: EmbeddingModel,
  options: EmbedderFromModelOptions = {},
): LongTermEmbedder {
  if (typeof model === 'string')
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'longterm',
      message: 'pass an embedding model object, not a model id string',
    });
  const m = model as Partial<Record<'doEmbed' | 'provider' | 'modelId', unknown>> | null;
  if (typeof m !== 'object' || m === null || typeof m.doEmbed !== 'function')
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'longterm',
      message: `embedderFromModel(model): expected an AI SDK embedding model (with doEmbed), got ${describeValue(model)}`,
    });
  checkOptions(options, 'embedderFromModel(model, options)', 'longterm');
  checkKnownKeys(
    options,
    { maxChars: true, batchSize: true, maxParallelCalls: true },
    'embedderFromModel',
    'longterm',
  );
  for (const key of ['maxChars', 'batchSize', 'maxParallelCalls'] as const)
    checkOptionalInteger(options[key], `embedderFromModel(options): ${key}`, 'longterm', 1);
  const limit = (model as { maxEmbeddingsPerCall?: number }).maxEmbeddingsPerCall;
  return {
    id: `${errorText(m.provider)}:${errorText(m.modelId)}`,
    maxChars: options.maxChars ?? 2000,
    batchSize: options.batchSize ?? (typeof limit === 'number' && limit > 0 ? Math.min(limit, 256) : 64),
    async embed(texts, abortSignal) {
      const { embedMany } = await loadAiSdk();
      const { embeddings } = await embedMany({
        model,
        values: [...texts],
        maxParallelCalls: options.maxParallelCalls ?? 2,
        ...(abortSignal ? { abortSignal } : {}),
      });
      return embeddings;
    },
  };
}

/**
 * An embedder as given (one with an `embed` method and a string `id`), else one over the AI SDK model
 * (`embedderFromModel`). `where` names the option it came from (`createLongTermMemory(options).embedding`): anything
 * that is neither is `INVALID_ARGUMENT` naming it.
 */
export function toEmbedder(
  embedding: EmbeddingModel | LongTermEmbedder,
  where = 'embedderFromModel(model)',
): LongTermEmbedder {
  const e = embedding as Partial<LongTermEmbedder & { doEmbed: unknown }> | null;
  if (typeof e === 'object' && e !== null && typeof e.embed === 'function' && typeof e.id === 'string')
    return e as LongTermEmbedder;
  if (typeof e !== 'object' || e === null || typeof e.doEmbed !== 'function')
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'longterm',
      message: `${where} must be an embedder ({ id, embed }) or an AI SDK embedding model object (with doEmbed)${typeof e === 'string' ? ', not a model id string' : ''}, got ${describeValue(embedding)}`,
    });
  return embedderFromModel(embedding as EmbeddingModel);
}

/** Pieces of at most `maxChars` characters, cut at whitespace where one is near. */
export function chunkText(text: string, maxChars: number): string[] {
  if (text.length <= maxChars) return [text];
  const out: string[] = [];
  let rest = text;
  while (rest.length > maxChars) {
    let cut = rest.lastIndexOf(' ', maxChars);
    if (cut < maxChars * 0.5) cut = maxChars;
    if (rest.charCodeAt(cut - 1) >= 0xd800 && rest.charCodeAt(cut - 1) <= 0xdbff) cut--;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  if (rest) out.push(rest);
  return out;
}

/** Whether a model's vector can be stored and searched: a non-empty array of finite numbers. */
const usableVector = (v: unknown): v is number[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number' && Number.isFinite(x));

/**
 * One vector per text, each text split into pieces that fit the embedder and the pieces' unit vectors averaged;
 * calls are made in batches of the embedder's size. Throws `STORE_ERROR` naming the embedder when the model
 * returns a wrong count, or a vector that is not a non-empty array of finite numbers (NaN, Infinity); with
 * `onUnusable`, such a text's vector is `[]` instead and its index is passed to it.
 */
export async function embedTexts(
  embedder: LongTermEmbedder,
  texts: readonly string[],
  abortSignal?: AbortSignal,
  onUnusable?: (index: number) => void,
): Promise<number[][]> {
  const pieces: { owner: number; text: string }[] = [];
  texts.forEach((t, i) => {
    for (const p of chunkText(t, embedder.maxChars)) pieces.push({ owner: i, text: p });
  });
  const vectors: number[][] = [];
  for (let i = 0; i < pieces.length; i += embedder.batchSize) {
    const batch = pieces.slice(i, i + embedder.batchSize);
    const out = await embedder.embed(
      batch.map((p) => p.text),
      abortSignal,
    );
    if (out.length !== batch.length)
      throw new MemoryError({
        code: 'STORE_ERROR',
        component: 'longterm',
        message: `embedder ${embedder.id} returned ${out.length} vectors for ${batch.length} texts`,
      });
    vectors.push(...out);
  }
  const unusable = new Set<number>();
  pieces.forEach((p, i) => {
    if (usableVector(vectors[i]) || unusable.has(p.owner)) return;
    if (!onUnusable)
      throw new MemoryError({
        code: 'STORE_ERROR',
        component: 'longterm',
        message: `embedder ${embedder.id} returned a vector that is not an array of finite numbers for text ${p.owner}: ${describeValue(vectors[i])}`,
      });
    unusable.add(p.owner);
    onUnusable(p.owner);
  });
  const sums = texts.map(() => undefined as number[] | undefined);
  pieces.forEach((p, i) => {
    if (unusable.has(p.owner)) return;
    const v = vectors[i] as number[];
    const norm = Math.hypot(...v) || 1;
    const sum = sums[p.owner] ?? new Array<number>(v.length).fill(0);
    v.forEach((x, j) => {
      sum[j] = (sum[j] ?? 0) + x / norm;
    });
    sums[p.owner] = sum;
  });
  return sums.map((s) => s ?? []);
}
