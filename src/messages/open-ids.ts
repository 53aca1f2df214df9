/** What holds a unit's open ids: the unit while no other absorbed it, else a forward to the one that absorbed it. */
interface Owner<U> {
  /** The unit, while it is not absorbed (dropped then: an absorbed unit is not kept alive by its ids). */
  unit: U | undefined;
  /** The owner of the unit that absorbed this one. */
  up: Owner<U> | undefined;
  /**
   * Ids of the unit's `pending` that another unit opened again (among them any left in `pending` with no owner once
   * the newer call was answered): when this unit is absorbed, those still pending and without an owner get the
   * absorbing unit as their owner, as re-pointing every absorbed id did. Absent when there are none (the usual case).
   */
  shadowed?: string[];
}

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
  /** The owner that opened each open id (or that an absorbed unit handed the id to: see `shadowed`). */
  readonly #opener = new Map<string, Owner<U>>();
  /** The owners of the units not absorbed that hold or held an open id. */
  readonly #owners = new Map<U, Owner<U>>();
  /**
   * The ids added to or deleted from a `pending` set (each one change) since a unit absorbed by another gave it up:
   * that unit's `pending`, when read, is the set as it was then (the changes since undone).
   */
  readonly #journals = new Map<Set<string>, string[]>();

  /** Records that `unit`, the newest unit, opens `id` (a tool call or approval request waiting for an answer). */
  open(unit: U, id: string): void {
    const owner = this.#ownerOf(unit);
    const before = this.#opener.get(id);
    if (before) {
      const root = this.#root(before);
      if (root !== owner) {
        root.shadowed ??= [];
        root.shadowed.push(id);
      }
    }
    this.#add(unit.pending, id);
    this.#opener.set(id, owner);
  }

  /** The unit (not absorbed) that holds `id` open, or undefined when none does. */
  owner(id: string): U | undefined {
    const opener = this.#opener.get(id);
    return opener && this.#root(opener).unit;
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
    const from = this.#owners.get(later);
    if (from) {
      const to = this.#ownerOf(target);
      this.#owners.delete(later);
      from.unit = undefined;
      from.up = to;
      for (const id of from.shadowed ?? []) {
        if (later.pending.has(id) && !this.#opener.has(id)) this.#opener.set(id, to);
      }
      from.shadowed = undefined;
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

  #ownerOf(unit: U): Owner<U> {
    let owner = this.#owners.get(unit);
    if (!owner) {
      owner = { unit, up: undefined };
      this.#owners.set(unit, owner);
    }
    return owner;
  }

  /** The owner not forwarded that `owner` forwards to, every owner on the way made to forward to it directly. */
  #root(owner: Owner<U>): Owner<U> {
    let root = owner;
    while (root.up) root = root.up;
    for (let at = owner; at.up && at.up !== root; ) {
      const next = at.up;
      at.up = root;
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
