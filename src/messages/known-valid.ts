/**
 * Messages engram has checked, or read back from its own store, and deep-frozen: they cannot change, so a check
 * of one is not repeated. A view hands the same stored objects to every step of a long session; checking its
 * whole window again on each step would cost what the window holds, not what changed.
 */
const known = new WeakSet<object>();

/**
 * Marks a deep-frozen message as valid (a `MemoryMessage`): one engram checked before it copied and froze it, or
 * decoded from a row it wrote. Returns the message.
 */
export function markKnownValid<T extends object>(message: T): T {
  known.add(message);
  return message;
}

/**
 * Whether `value` is a message {@link markKnownValid} marked (any other value, of any type: false) whose
 * `createdAt` is still a valid date: freezing a `Date` leaves its time settable (`setTime(NaN)`), the one part of
 * a frozen message a caller can still make invalid (bytes stay bytes, a URL stays a URL).
 */
export const isKnownValid = (value: unknown): boolean => {
  if (typeof value !== 'object' || value === null || !known.has(value)) return false;
  const { createdAt } = value as { createdAt?: unknown };
  return createdAt instanceof Date && !Number.isNaN(createdAt.getTime());
};
