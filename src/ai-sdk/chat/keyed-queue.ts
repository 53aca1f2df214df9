/** Runs async tasks one at a time per key, in call order; different keys run concurrently. */
export interface KeyedQueue {
  /** Queues `task` behind every earlier task of `key`; settles with it. */
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Resolves once no task of any key is queued or running (tasks queued meanwhile included). */
  idle(): Promise<void>;
}

/**
 * A queue per key that forgets a key once its last task settled (so it holds only keys with work in flight).
 * @example
 * const turns = createKeyedQueue();
 * await Promise.all([turns.run('chat-1', a), turns.run('chat-1', b)]); // b starts after a settles
 */
export function createKeyedQueue(): KeyedQueue {
  const tails = new Map<string, Promise<void>>();
  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const result = (tails.get(key) ?? Promise.resolve()).then(task);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    async idle() {
      while (tails.size > 0) await Promise.all(tails.values());
    },
  };
}
