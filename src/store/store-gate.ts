/**
 * A readers-writer gate over one store handle: `shared` work runs alongside other shared work, `exclusive` work
 * runs alone (after everything started before it settles, before anything queued after it starts). Waiters start
 * in the order they came, so a writer is never starved by a stream of readers.
 */
export interface StoreGate {
  /** Runs `work` alongside other shared work, never during exclusive work. */
  shared<T>(work: () => Promise<T>): Promise<T>;
  /** Runs `work` alone. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

interface Waiter {
  exclusive: boolean;
  start(): void;
}

/**
 * The gate `createLogStore` puts in front of a driver without `transaction` whose multi-step fallbacks (a
 * replace planned then written, a fork copied, fork links kept in state) must not interleave with other calls
 * of the same handle. In process only: another process, or another handle on the same data, is not held back.
 * @example
 * const gate = createStoreGate();
 * await Promise.all([gate.shared(read), gate.exclusive(rewrite)]); // rewrite starts after read settles
 */
export function createStoreGate(): StoreGate {
  let readers = 0;
  let writing = false;
  const waiting: Waiter[] = [];

  const pump = () => {
    while (waiting.length > 0) {
      const next = waiting[0]!;
      if (writing || (next.exclusive && readers > 0)) return;
      waiting.shift();
      if (next.exclusive) writing = true;
      else readers++;
      next.start();
    }
  };

  const run = <T>(exclusive: boolean, work: () => Promise<T>): Promise<T> => {
    const release = () => {
      if (exclusive) writing = false;
      else readers--;
      pump();
    };
    if (!exclusive && !writing && waiting.length === 0) {
      readers++;
      let started: Promise<T>;
      try {
        started = work();
      } catch (error) {
        release();
        return Promise.reject(error);
      }
      return started.finally(release);
    }
    return new Promise<void>((start) => {
      waiting.push({ exclusive, start });
      pump();
    })
      .then(work)
      .finally(release);
  };

  return {
    shared: (work) => run(false, work),
    exclusive: (work) => run(true, work),
  };
}
