/** A buffered, single-producer event channel: every reader gets every event from the start, in order. */
export interface EventChannel<T> {
  /** Adds an event. */
  push(event: T): void;
  /** Ends the stream (after the buffered events). */
  close(): void;
  /** Ends the stream with an error (thrown to readers after the buffered events). */
  fail(error: unknown): void;
  /** The events. */
  readonly iterable: AsyncIterable<T>;
}

/** Creates an {@link EventChannel}. */
export function createEventChannel<T>(): EventChannel<T> {
  const events: T[] = [];
  let done = false;
  let failure: { error: unknown } | undefined;
  const waiting = new Set<() => void>();
  const notify = () => {
    for (const wake of waiting) wake();
    waiting.clear();
  };
  return {
    push(event) {
      if (done) return;
      events.push(event);
      notify();
    },
    close() {
      done = true;
      notify();
    },
    fail(error) {
      if (done) return;
      failure = { error };
      done = true;
      notify();
    },
    iterable: {
      async *[Symbol.asyncIterator]() {
        let i = 0;
        for (;;) {
          if (i < events.length) {
            yield events[i++] as T;
            continue;
          }
          if (done) {
            if (failure) throw failure.error;
            return;
          }
          await new Promise<void>((resolve) => {
            waiting.add(resolve);
          });
        }
      },
    },
  };
}
