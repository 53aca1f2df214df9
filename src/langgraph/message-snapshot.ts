/**
 * Snapshots that tell, without serializing, whether a message object still holds what it held when it was
 * stored. A snapshot records, for the object and every object nested in it (plain objects and arrays), the
 * object itself, its own enumerable keys and their values then (primitives as they were, nested objects as
 * snapshots of their own, Dates by time). `unchanged(object, snapshot)` walks it again: the same prototype,
 * the same nested objects (not copies: a replaced nested object counts as a change), the same keys, equal
 * primitives. Two states that pass serialize the same, so an unchanged message may reuse the log entry it was
 * stored as; a changed one (a field reassigned, a nested value edited in place, a key added or removed) is
 * stored again. The check costs a walk over the object's properties, a fraction of serializing it.
 *
 * Only plain data is snapshotted: a message holding anything else (a Map, a typed array, a class instance
 * other than Date, a function, more than 64 levels) gets no snapshot, and is compared by its JSON instead. An
 * object reachable twice (a LangChain message's fields and its `lc_kwargs` share them) is recorded and walked
 * once.
 */

const maxDepth = 64;

/**
 * A recorded object: itself, its keys (undefined for an array) and the values they held. An object reachable
 * twice (a LangChain message's fields and its `lc_kwargs` share them) is one node, checked once per walk.
 */
interface Node {
  readonly ref: object;
  readonly keys: string[] | undefined;
  readonly values: unknown[];
  /** The walk that last found it unchanged. */
  seen: number;
}

/** A Date's time in a snapshot (a class of its own, so no recorded value can pass for it). */
class DateState {
  readonly ref: Date;
  readonly time: number;
  constructor(ref: Date) {
    this.ref = ref;
    this.time = ref.getTime();
  }
}

/** A snapshot of a message object: its prototype and its recorded state. */
export interface Snapshot {
  readonly proto: object | null;
  readonly root: Node;
}

class Unsupported extends Error {}

function record(value: object, depth: number, seen: Map<object, Node | DateState>): Node | DateState {
  if (depth > maxDepth) throw new Unsupported();
  const known = seen.get(value);
  if (known) return known;
  if (value instanceof Date) return new DateState(value);
  let node: Node;
  if (Array.isArray(value)) node = { ref: value, keys: undefined, values: [], seen: 0 };
  else {
    const proto = Object.getPrototypeOf(value);
    if (depth > 0 && proto !== Object.prototype && proto !== null) throw new Unsupported();
    node = { ref: value, keys: Object.keys(value), values: [], seen: 0 };
  }
  seen.set(value, node);
  const items = node.keys
    ? node.keys.map((k) => (value as Record<string, unknown>)[k])
    : (value as unknown[]);
  for (const item of items) node.values.push(recordValue(item, depth, seen));
  return node;
}

function recordValue(value: unknown, depth: number, seen: Map<object, Node | DateState>): unknown {
  if (typeof value === 'function') throw new Unsupported();
  return typeof value === 'object' && value !== null ? record(value, depth + 1, seen) : value;
}

/** A snapshot of a message object's current state, or undefined when it holds more than plain data. */
export function snapshot(value: object): Snapshot | undefined {
  try {
    return { proto: Object.getPrototypeOf(value), root: record(value, 0, new Map()) as Node };
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

function sameValue(value: unknown, recorded: unknown): boolean {
  if (recorded instanceof DateState)
    return value === recorded.ref && recorded.ref.getTime() === recorded.time;
  if (typeof recorded === 'object' && recorded !== null) return sameNode(value, recorded as Node);
  return Object.is(value, recorded);
}

/** The current walk: a node already reached in it (a second way, or around a cycle) is not walked again. */
let walk = 0;

function sameNode(value: unknown, node: Node): boolean {
  if (value !== node.ref) return false;
  if (node.seen === walk) return true;
  // Marked before its children are walked, so a cycle ends here; a failure anywhere fails the whole walk.
  node.seen = walk;
  const { keys, values } = node;
  if (keys === undefined) {
    const list = value as unknown[];
    if (list.length !== values.length) return false;
    for (let i = 0; i < values.length; i++) if (!sameValue(list[i], values[i])) return false;
  } else {
    const object = value as Record<string, unknown>;
    if (Object.keys(object).length !== keys.length) return false;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      if (!Object.hasOwn(object, key) || !sameValue(object[key], values[i])) return false;
    }
  }
  return true;
}

/** Whether an object still holds exactly what its snapshot recorded (same prototype, nested objects and values). */
export function unchanged(value: object, snap: Snapshot): boolean {
  walk++;
  return Object.getPrototypeOf(value) === snap.proto && sameNode(value, snap.root);
}
