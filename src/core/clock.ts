import { describeValue } from './errors/describe-value.ts';
import { MemoryError } from './errors/memory-error.ts';

/** A source of time, injectable for tests. */
export interface Clock {
  /** The current time. */
  now(): Date;
}

/** The system clock. */
export const systemClock: Clock = { now: () => new Date() };

/**
 * A `clock` option as given: undefined, or anything whose `now` is a function; else `INVALID_ARGUMENT` from
 * `component`, naming `where` (`createConversationMemory(options)`) and the value.
 */
export function checkClock(clock: unknown, where: string, component: string): Clock | undefined {
  if (clock === undefined || typeof (clock as Partial<Clock> | null)?.now === 'function')
    return clock as Clock | undefined;
  throw new MemoryError({
    code: 'INVALID_ARGUMENT',
    component,
    message: `${where}: clock must be an object with a now() method, got ${describeValue(clock)}`,
  });
}
