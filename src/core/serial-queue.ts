/** Runs async tasks one at a time, in the order they were queued. */
export interface SerialQueue {
  /** Queues `task`; resolves or rejects with its result once every earlier task has settled. */
  run<T>(task: () => Promise<T>): Promise<T>;
}

/**
 * A queue that runs async tasks one after another: a failed task does not stop the ones after it.
 * @example
 * const queue = createSerialQueue();
 * await Promise.all([queue.run(a), queue.run(b)]); // b starts after a settles
 */
export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const result = tail.then(task, task);
      tail = result.catch(() => undefined);
      return result;
    },
  };
}
