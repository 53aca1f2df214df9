/**
 * Snapshots that tell, without serializing, whether a message object still holds what it held when it was
 * stored. A snapshot copies the object's own enumerable state (plain objects and arrays copied, strings,
 * numbers and other primitives shared, Dates by time) and remembers its prototype; `unchanged(object,
 * snapshot)` compares the two in one walk. Two objects with the same prototype and equal own state serialize
 * the same, so an unchanged message may reuse the log entry it was stored as, even after it was mutated and
 * changed back; a changed one (a field reassigned, a nested value edited in place) is stored again.
 *
 * Only plain data is snapshotted: a message holding anything else (a Map, a typed array, a class instance
 * other than Date, a cycle, more than 64 levels) gets no snapshot, and is compared by its JSON instead.
 */

/** A copy of an object's state, or undefined when it holds something a snapshot cannot copy. */
export interface Snapshot {
  /** The object's prototype. */
  readonly proto: object | null;
  /** Its own enumerable state. */
  readonly state: unknown;
}

const maxDepth = 64;
const unsupported = Symbol('unsupported');

/** A Date's time in a snapshot (a class of its own, so no plain object can pass for it). */
class DateState {
  readonly time: number;
  constructor(time: number) {
    this.time = time;
  }
}

function copy(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return typeof value === 'function' ? unsupported : value;
  if (depth > maxDepth) return unsupported;
  if (value instanceof Date) return new DateState(value.getTime());
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const c = copy(value[i], depth + 1);
      if (c === unsupported) return unsupported;
      out[i] = c;
    }
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (depth > 0 && proto !== Object.prototype && proto !== null) return unsupported;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const c = copy((value as Record<string, unknown>)[key], depth + 1);
    if (c === unsupported) return unsupported;
    out[key] = c;
  }
  return out;
}

/** A snapshot of a message object's current state, or undefined when it holds more than plain data. */
export function snapshot(value: object): Snapshot | undefined {
  const state = copy(value, 0);
  return state === unsupported ? undefined : { proto: Object.getPrototypeOf(value), state };
}

function same(value: unknown, state: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null) return Object.is(value, state);
  if (typeof state !== 'object' || state === null || depth > maxDepth) return false;
  if (value instanceof Date) return state instanceof DateState && Object.is(state.time, value.getTime());
  if (state instanceof DateState) return false;
  if (Array.isArray(value)) {
    if (!Array.isArray(state) || state.length !== value.length) return false;
    for (let i = 0; i < value.length; i++) if (!same(value[i], state[i], depth + 1)) return false;
    return true;
  }
  if (Array.isArray(state)) return false;
  const proto = Object.getPrototypeOf(value);
  if (depth > 0 && proto !== Object.prototype && proto !== null) return false;
  const keys = Object.keys(value);
  const stateKeys = state as Record<string, unknown>;
  if (keys.length !== Object.keys(stateKeys).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(stateKeys, key)) return false;
    if (!same((value as Record<string, unknown>)[key], stateKeys[key], depth + 1)) return false;
  }
  return true;
}

/** Whether an object still holds exactly what its snapshot copied (same prototype, equal own state). */
export function unchanged(value: object, snap: Snapshot): boolean {
  return Object.getPrototypeOf(value) === snap.proto && same(value, snap.state, 0);
}
