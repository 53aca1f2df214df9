import { monitorEventLoopDelay } from 'node:perf_hooks';

/** The event-loop delay of a stretch of work, in ms. */
export interface LoopDelay {
  /** The 99th percentile (the longest gap when the loop never turned). */
  p99: number;
  /** The longest delay seen. */
  max: number;
}

/**
 * Starts measuring the event-loop delay (for a child script's work); the returned function stops and reports it. The
 * histogram gets no sample while the loop never turns, so a 5 ms ticker's longest gap covers that case.
 */
export function measureLoopDelay(): () => LoopDelay {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let tick = performance.now();
  let longestGap = 0;
  const ticker = setInterval(() => {
    longestGap = Math.max(longestGap, performance.now() - tick);
    tick = performance.now();
  }, 5);
  return () => {
    clearInterval(ticker);
    delay.disable();
    const max = Math.max(longestGap, performance.now() - tick, delay.max / 1e6);
    // No sample at all means the loop never turned while working: the whole stretch was one delay.
    return { p99: delay.count > 0 ? delay.percentile(99) / 1e6 : max, max };
  };
}
