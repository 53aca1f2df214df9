/** Options of {@link failedAttempts}. */
export interface FailedAttemptsOptions {
  /** Failed attempts a client may make within `windowMs`; past it, its requests are refused until one expires. @default 10 */
  limit?: number;
  /** The sliding window failures are counted in, in milliseconds. @default 60_000 */
  windowMs?: number;
  /** The clock (tests set it). @default Date.now */
  now?: () => number;
}

/** A per-client budget of failed attempts over a sliding window. */
export interface FailedAttempts {
  /** Milliseconds until the client may try again, or 0 when it is within its budget. */
  waitMs(client: string): number;
  /** Counts a failed attempt by the client. */
  fail(client: string): void;
}

/**
 * A budget of failed attempts per client over a sliding window (by default 10 a minute): once spent, the client
 * waits until its oldest failure leaves the window. Memory is bounded: clients with no failure in the window are
 * dropped on the next failure of any client.
 */
export function failedAttempts(options: FailedAttemptsOptions = {}): FailedAttempts {
  const limit = options.limit ?? 10;
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  const failures = new Map<string, number[]>();
  const recent = (client: string, t: number) => {
    const kept = (failures.get(client) ?? []).filter((at) => at > t - windowMs);
    if (kept.length === 0) failures.delete(client);
    else failures.set(client, kept);
    return kept;
  };
  return {
    waitMs(client) {
      const t = now();
      const kept = recent(client, t);
      return kept.length < limit ? 0 : kept[kept.length - limit]! + windowMs - t;
    },
    fail(client) {
      const t = now();
      for (const other of [...failures.keys()]) recent(other, t);
      failures.set(client, [...recent(client, t), t].slice(-limit));
    },
  };
}
