import { AsyncLocalStorage } from 'node:async_hooks';
import { checkFunction } from './check-options.ts';
import { withDeferredDurability } from './deferred-durability.ts';

/** The writes waiting, in one async context, for the next append that can take them. */
interface Ride {
  /** Set once an append took the ride (later offers are refused: their callers write alone). */
  closed: boolean;
  /** How to write alone what each channel still holds. */
  flushes: Set<() => Promise<void>>;
  /** Whether its leftover writes of carrying channels wait for a later ride (`withRide`'s `keep`). */
  keeps?: boolean;
}

const rides = new AsyncLocalStorage<Ride>();

/** For each channel whose offers can wait for a later ride: moves what `from` holds into `to`; how many it moved. */
const carriers = new Set<(from: Ride, to: Ride) => number>();

/** Options of {@link createRideChannel}. */
export interface RideChannelOptions {
  /**
   * Whether offers left by a ride that keeps its writes for a later one (`withRide`'s `carry` with `keep`) wait for
   * that ride instead of being written alone: for writes a later read can make again when they are lost (a view's
   * derived state), never for writes something may already cite (content offloads). @default false
   */
  carries?: boolean;
}

/**
 * A typed channel of writes derived from the log (content offloads) that ride on the next append of the
 * caller's context ({@link withRide}): the layer that makes them offers them; a store whose append can write them
 * in its own transaction takes them by `sink` (the object that would have written them, e.g. its content items).
 */
export interface RideChannel<P> {
  /**
   * Offers `payload` for `sink` to the caller's open ride: true when it was taken in (the caller keeps it visible
   * to its own reads until `written` is called), false when there is no open ride (the caller writes it now).
   * `writeAlone` writes it when no append takes it.
   */
  offer(sink: object, payload: P, writeAlone: () => Promise<void>): boolean;
  /** Whether the caller's open ride holds payloads for `sink` (that `which` accepts, when given). */
  has(sink: object, which?: (payload: P) => boolean): boolean;
  /**
   * For a store's append: takes the payloads riding for `sink` in the caller's context (those `which` accepts,
   * when given): the append writes them.
   */
  take(sink: object, which?: (payload: P) => boolean): P[];
  /** Gives back payloads an append took and then rolled back: they are written alone, as if never taken. */
  giveBack(sink: object, payloads: readonly P[], writeAlone: (payload: P) => Promise<void>): void;
}

interface Offer<P> {
  sink: object;
  payload: P;
  writeAlone: () => Promise<void>;
}

/** Creates a {@link RideChannel} (one per kind of write: the kind's layer owns it). */
export function createRideChannel<P>(options: RideChannelOptions = {}): RideChannel<P> {
  const held = new WeakMap<Ride, Offer<P>[]>();
  const holding = (ride: Ride): Offer<P>[] => {
    let list = held.get(ride);
    if (!list) {
      const mine: Offer<P>[] = [];
      list = mine;
      held.set(ride, mine);
      ride.flushes.add(async () => {
        // Each is tried: one that fails does not drop the others; the first failure is thrown once all were tried.
        let failure: { error: unknown } | undefined;
        for (const o of mine.splice(0))
          await o.writeAlone().catch((error: unknown) => {
            failure ??= { error };
          });
        if (failure) throw failure.error;
      });
    }
    return list;
  };
  if (options.carries)
    carriers.add((from, to) => {
      const moved = held.get(from)?.splice(0) ?? [];
      if (moved.length > 0) holding(to).push(...moved);
      return moved.length;
    });
  return {
    offer(sink, payload, writeAlone) {
      const ride = rides.getStore();
      if (!ride || ride.closed) return false;
      holding(ride).push({ sink, payload, writeAlone });
      return true;
    },
    has(sink, which) {
      const ride = rides.getStore();
      const list = ride && held.get(ride);
      return list?.some((o) => o.sink === sink && (!which || which(o.payload))) ?? false;
    },
    take(sink, which) {
      const ride = rides.getStore();
      const list = ride && held.get(ride);
      if (!list) return [];
      const taken: P[] = [];
      for (let i = list.length - 1; i >= 0; i--) {
        const o = list[i]!;
        if (o.sink === sink && (!which || which(o.payload))) taken.unshift(list.splice(i, 1)[0]!.payload);
      }
      return taken;
    },
    giveBack(sink, payloads, writeAlone) {
      const ride = rides.getStore();
      if (!ride) return;
      for (const payload of payloads)
        holding(ride).push({ sink, payload, writeAlone: () => writeAlone(payload) });
    },
  };
}

/**
 * Where writes a ride kept wait for a later ride of the same work (an agent's runs on one view): see
 * {@link withRide}'s options. Created with {@link createRideCarry}.
 */
export interface RideCarry {
  /** The writes waiting (held as a closed ride holds them). */
  readonly waiting: Ride;
  /** Writes them alone once they have waited {@link carryWaitMs} (unref'd: it keeps no process alive). */
  timer?: ReturnType<typeof setTimeout>;
  /** The write of what it held, alone, while in flight: a later ride of the carry waits for it before its work. */
  writing?: Promise<void>;
  /** Called once what it held has been written alone (it is then idle, unless a ride kept more meanwhile). */
  readonly written?: () => void;
}

/** Creates an empty {@link RideCarry}; `written` is called each time what it held has been written alone. */
export function createRideCarry(options: { written?: () => void } = {}): RideCarry {
  return {
    waiting: { closed: true, flushes: new Set() },
    ...(options.written ? { written: options.written } : {}),
  };
}

/**
 * How long kept writes wait for a later ride before they are written alone: runs in a row (an agent loop, a batch)
 * share the next run's commit; a run a user answers later writes them between runs, off the request path.
 */
export const carryWaitMs = 1000;

/** Carries holding writes (until taken in, written after the wait, or written before a normal exit). */
const holdingCarries = new Set<RideCarry>();
let exitHooked = false;

/** Writes what `carry` holds, alone (derived writes a later read makes again: a store closed meanwhile loses them). */
function writeCarried(carry: RideCarry): Promise<void> {
  clearTimeout(carry.timer);
  holdingCarries.delete(carry);
  const writing = withDeferredDurability(async () => {
    for (const flush of carry.waiting.flushes) await flush().catch(() => {});
  }).finally(() => {
    if (carry.writing === writing) carry.writing = undefined;
    carry.written?.();
  });
  carry.writing = writing;
  return writing;
}

/** Whether `carry` holds writes or is writing them (a caller keeping carries by key may drop an idle one). */
export function carryInUse(carry: RideCarry): boolean {
  return holdingCarries.has(carry) || carry.writing !== undefined;
}

/** Starts `carry`'s wait: written alone after {@link carryWaitMs}, or before the process exits normally. */
function hold(carry: RideCarry): void {
  clearTimeout(carry.timer);
  holdingCarries.add(carry);
  carry.timer = setTimeout(() => void writeCarried(carry), carryWaitMs);
  carry.timer.unref();
  if (exitHooked) return;
  exitHooked = true;
  // Once the event loop is empty (an unref'd wait pending), before a normal exit.
  process.on('beforeExit', () => {
    for (const waiting of [...holdingCarries]) void writeCarried(waiting);
  });
}

/** Options of {@link withRide}. */
export interface WithRideOptions {
  /**
   * Writes left by an earlier ride that kept them: the ride takes them in at its start (its append writes them), and
   * with `keep` it leaves its own in the carry instead of writing them alone at its end (only channels created with
   * `carries`; the others are written as usual). What a carry holds is written alone once it has waited
   * {@link carryWaitMs} for a ride, or when the process is about to exit normally (`beforeExit`); a crash loses it,
   * and a later read makes it again.
   */
  carry?: RideCarry;
  /** With `carry`: keep this ride's leftover writes of carrying channels for the next ride. @default false */
  keep?: boolean;
}

/**
 * Runs `work` with an open ride: writes derived from the log that `work` offers on a {@link RideChannel} wait for
 * the next append inside it that takes them ({@link closeRide}), and commit in its transaction. What no append
 * took is written alone after `work`, whatever its outcome (it is derived from the log, and may already be cited),
 * unless the ride keeps it for a later one ({@link WithRideOptions}). A ride inside another (a sub-agent's step
 * inside a tool call of its parent's step) is its own: the outer one's writes wait for the outer step's append.
 */
export async function withRide<T>(work: () => Promise<T>, options: WithRideOptions = {}): Promise<T> {
  checkFunction(work, 'withRide(work)', 'store');
  const { carry, keep = false } = options;
  const ride: Ride = { closed: false, flushes: new Set(), keeps: carry !== undefined && keep };
  if (carry) {
    // What it held is being written alone (its wait ran out): this ride's writes (a newer version of an artifact)
    // come after it.
    if (carry.writing) await carry.writing;
    for (const move of carriers) move(carry.waiting, ride);
    clearTimeout(carry.timer);
    holdingCarries.delete(carry);
  }
  try {
    return await rides.run(ride, work);
  } finally {
    ride.closed = true;
    if (carry && keep) {
      let moved = 0;
      for (const move of carriers) moved += move(ride, carry.waiting);
      if (moved > 0) hold(carry);
    }
    // Derived from the log: durable with the next durable commit.
    await withDeferredDurability(async () => {
      for (const flush of ride.flushes) await flush();
    });
  }
}

/**
 * Runs `work` outside the caller's ride: its appends take nothing offered there, and its offers are written by
 * their callers (an agent's prompt stored inside another agent's step — a sub-agent called by a tool — must not
 * take the caller's step's writes, nor close its ride).
 */
export function outsideRide<T>(work: () => Promise<T>): Promise<T> {
  checkFunction(work, 'outsideRide(work)', 'store');
  return rides.exit(work);
}

/**
 * Whether the caller's open ride keeps its leftover writes for a later ride (an agent run's closing read): a write
 * that no later read can make again (an assembly record) is written alone there, not offered.
 */
export function isKeepingRide(): boolean {
  const ride = rides.getStore();
  return ride !== undefined && !ride.closed && ride.keeps === true;
}

/** Whether the caller's context has an open ride (an append may take its writes). */
export function hasOpenRide(): boolean {
  const ride = rides.getStore();
  return ride !== undefined && !ride.closed;
}

/** Closes the caller's ride (the append taking its writes does): later offers are written by their callers. */
export function closeRide(): void {
  const ride = rides.getStore();
  if (ride) ride.closed = true;
}
