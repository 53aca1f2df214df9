/**
 * `work`, or its signal's abort reason as soon as `signal` aborts, whichever comes first (at once when it is
 * already aborted). The work is not stopped: it settles later unobserved (a rejection then is not unhandled), so
 * a caller waiting in a queue is answered when it aborts, not when its turn comes.
 * @example
 * const result = await untilAborted(queue.run(task), abortSignal);
 */
export async function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  work.catch(() => undefined);
  signal.throwIfAborted();
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
