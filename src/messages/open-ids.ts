/** A unit as the open ids see it: its set of ids still waiting for an answer. */
interface Holder {
  pending: Set<string>;
}

/**
 * The open ids of a unit grouper and their owners, with the units' `pending` sets kept up to date. A merge costs
 * O(1) for the owners (an absorbed unit forwards to the one that absorbed it; a look-up follows the forwards and
 * shortens them) and the smaller of the two `pending` sets for the ids (the larger one becomes the absorbing unit's),
 * so a log costs O(n log n) in its ids whatever order its results come in.
 */
export class OpenIds<U extends Holder> {
  /** The unit that opened each open id (or that an absorbed unit handed the id to: see `#shadowed`). */
  readonly #opener = new Map<string, U>();
  /**
   * The unit that absorbed each absorbed unit (weakly held: an absorbed unit no open id names can go, and one
   * that is named keeps the units it forwards to).
   */
  readonly #forward = new WeakMap<U, U>();
  /** Whether any unit was absorbed (until then a unit's owner is the unit: no forward to look up). */
  #absorbed = false;
  /**
   * Of a unit not absorbed, ids of its `pending` that a newer unit opened again (among them any left in `pending`
   * with no owner once the newer call was answered): when the unit is absorbed, those still pending and without an
   * owner get the absorbing unit as their owner, as re-pointing every absorbed id did. Usually empty.
   */
  readonly #shadowed = new Map<U, string[]>();
  /**
   * The ids added to or deleted from a `pending` set (each one change) since a unit absorbed by another gave it up:
   * that unit's `pending`, when read, is the set as it was then (the changes since undone).
   */
  readonly #journals = new Map<Set<string>, string[]>();

  /** Records that `unit`, the newest unit, opens `id` (a tool call or approval request waiting for an answer). */
  open(unit: U, id: string): void {
    const before = this.owner(id);
    if (before !== undefined && before !== unit) {
      const ids = this.#shadowed.get(before);
      if (ids) ids.push(id);
      else this.#shadowed.set(before, [id]);
    }
    this.#add(unit.pending, id);
    this.#opener.set(id, unit);
  }

  /** The unit (not absorbed) that holds `id` open, or undefined when none does. */
  owner(id: string): U | undefined {
    const opener = this.#opener.get(id);
    return opener === undefined || !this.#absorbed ? opener : this.#root(opener);
  }

  /** Closes `id` (answered) when `unit` holds it open: it leaves the unit's `pending` and has no owner any more. */
  close(unit: U, id: string): void {
    if (this.owner(id) !== unit) return;
    this.#delete(unit.pending, id);
    this.#opener.delete(id);
  }

  /**
   * Makes `target` absorb `later` (a newer unit, not absorbed): `later`'s ids become `target`'s, owned by it. The
   * smaller `pending` set is added to the larger, which becomes `target.pending`; `later.pending` keeps reading as
   * it was.
   */
  absorb(target: U, later: U): void {
    this.#forward.set(later, target);
    this.#absorbed = true;
    const shadowed = this.#shadowed.get(later);
    if (shadowed) {
      for (const id of shadowed) {
        if (later.pending.has(id) && !this.#opener.has(id)) this.#opener.set(id, target);
      }
      this.#shadowed.delete(later);
    }
    const mine = target.pending;
    const theirs = later.pending;
    if (theirs.size > mine.size) {
      this.#keepAsOfNow(later, theirs);
      for (const id of mine) this.#add(theirs, id);
      this.#journals.delete(mine);
      target.pending = theirs;
    } else if (theirs.size > 0) {
      for (const id of theirs) this.#add(mine, id);
      this.#journals.delete(theirs); // no longer changed: it is only `later`'s
    }
  }

  /** The unit not absorbed that `unit` forwards to, every unit on the way made to forward to it directly. */
  #root(unit: U): U {
    let root = unit;
    for (let up = this.#forward.get(root); up !== undefined; up = this.#forward.get(root)) root = up;
    for (let at = unit; at !== root; ) {
      const next = this.#forward.get(at)!;
      if (next !== root) this.#forward.set(at, root);
      at = next;
    }
    return root;
  }

  #add(ids: Set<string>, id: string): void {
    if (this.#journals.size === 0) ids.add(id);
    else if (!ids.has(id)) {
      ids.add(id);
      this.#journals.get(ids)?.push(id);
    }
  }

  #delete(ids: Set<string>, id: string): void {
    if (ids.delete(id) && this.#journals.size > 0) this.#journals.get(ids)?.push(id);
  }

  /** Makes `unit.pending` read as `ids` holds now, though `ids` changes from now on (another unit takes it). */
  #keepAsOfNow(unit: U, ids: Set<string>): void {
    const changes = this.#journals.get(ids) ?? [];
    this.#journals.set(ids, changes);
    const mark = changes.length;
    const settle = (value: Set<string>) =>
      Object.defineProperty(unit, 'pending', { value, writable: true, enumerable: true, configurable: true });
    Object.defineProperty(unit, 'pending', {
      get: () => {
        // Each change added an id absent or deleted one present: an id changed an odd number of times flips back.
        const then = new Set(ids);
        for (let i = mark; i < changes.length; i++) {
          const id = changes[i]!;
          if (!then.delete(id)) then.add(id);
        }
        settle(then);
        return then;
      },
      set: settle,
      enumerable: true,
      configurable: true,
    });
  }
}
