import { performance } from 'node:perf_hooks';

/** Lets long synchronous work give the event loop a turn now and then. */
export interface TimeSlicer {
  /** Yields to the event loop (a `setImmediate` turn) when the current slice ran past its length; else returns at once. */
  tick(): Promise<void> | undefined;
}

/**
 * A slicer of `sliceMs`-long slices: call `tick()` (and await it when it returns a promise) between units of
 * work, so timers and I/O run at least every `sliceMs` plus one unit.
 * @example
 * const slicer = createTimeSlicer(20);
 * for (const x of xs) { work(x); await slicer.tick(); }
 */
export function createTimeSlicer(sliceMs = 20): TimeSlicer {
  let start = performance.now();
  return {
    tick() {
      if (performance.now() - start < sliceMs) return undefined;
      return new Promise<void>((resolve) =>
        setImmediate(() => {
          start = performance.now();
          resolve();
        }),
      );
    },
  };
}
