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
 * Whether `value` is a message {@link markKnownValid} marked (any other value, of any type: false) and still
 * valid: freezing a `Date` does not fix its time (`setTime` still works), so a marked message whose `createdAt` was
 * set to an invalid time is not known valid. (Its `Date` is the only one a `MemoryMessage` holds: JSON values hold
 * none; its URLs and bytes are sealed by `freezeMessage`, their prototype fixed.)
 */
export const isKnownValid = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  known.has(value) &&
  validTime((value as { createdAt?: unknown }).createdAt);

const validTime = (at: unknown): boolean => at instanceof Date && Number.isFinite(at.getTime());
