import { MemoryError } from '../core/errors/memory-error.ts';

/**
 * Runs `sweep` every `minutes` on an unref'd timer (it never keeps the process alive) and returns the timer. A
 * failed sweep is told to `onError`, except the store's closing under it (`STORE_CLOSED`: its owner shut down
 * without `stop()`), which calls `stop` instead of reporting the same error every interval.
 */
export function sweepEvery(
  minutes: number,
  sweep: () => Promise<unknown>,
  onError: (error: unknown) => void,
  stop: () => void,
): ReturnType<typeof setInterval> {
  const timer = setInterval(() => {
    sweep().catch((error: unknown) => (MemoryError.hasCode(error, 'STORE_CLOSED') ? stop() : onError(error)));
  }, minutes * 60_000);
  timer.unref?.();
  return timer;
}
