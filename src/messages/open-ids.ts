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
  /** Records that `unit`, the newest unit, opens `id` (a tool call or approval request waiting for an answer). */
  open(unit: U, id: string): void {
    const before = this.owner(id);
    if (before !== undefined && before !== unit) {
      const ids = this.#shadowed.get(before);
      if (ids) ids.push(id);
      else this.#shadowed.set(before, [id]);
    }
    unit.pending.add(id);
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
    unit.pending.delete(id);
    this.#opener.delete(id);
  }

  /**
   * Makes `target` absorb `later` (a newer unit, not absorbed): `later`'s ids become `target`'s, owned by it. The
   * smaller `pending` set is added to the larger, which becomes `target.pending`; `later.pending`, of a unit no
   * longer grouped, is left unspecified (it may be the set `target` took).
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
      for (const id of mine) theirs.add(id);
      target.pending = theirs;
    } else for (const id of theirs) mine.add(id);
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
}
