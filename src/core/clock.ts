/** A source of time, injectable for tests. */
export interface Clock {
  /** The current time. */
  now(): Date;
}

/** The system clock. */
export const systemClock: Clock = { now: () => new Date() };
