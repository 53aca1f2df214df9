/**
 * What a list held when another absorbed it: the first `length` items of `items`, then the first `restLength`
 * pieces of `rest`. Both arrays only ever grow at the end afterwards, so the piece never changes.
 */
interface Piece<T> {
  readonly items: readonly T[];
  readonly length: number;
  readonly rest: readonly Piece<T>[];
  readonly restLength: number;
}

const noPieces: readonly Piece<never>[] = [];

/**
 * The items of a unit that absorbed later units: an item, a whole other list or an array is appended in O(1), and
 * the items are laid out in the list's array when it is read, each once. Copying each absorbed unit's items (a unit
 * absorbing the ever larger units after it, as tool results answered newest first make it) was quadratic.
 */
export class UnitItems<T> {
  /** The items laid out so far (the array `read` returns, grown only at its end). */
  readonly #items: T[];
  /** What was appended since the last read, in order (then `#tail`). */
  #rest: Piece<T>[] = [];
  /** Items pushed after the pieces in `#rest`, until the next append or read. */
  #tail: T[] | undefined;

  /** A list holding `items`: the array itself, which later reads extend. */
  constructor(items: T[]) {
    this.#items = items;
  }

  /** Appends one item. */
  push(item: T): void {
    if (this.#rest.length === 0) this.#items.push(item);
    else if (this.#tail) this.#tail.push(item);
    else this.#tail = [item];
  }

  /**
   * Appends what `other` holds now (a list, or an array), in O(1): what is appended to `other` later does not
   * show here, and reading either list later changes neither list's items.
   */
  append(other: UnitItems<T> | readonly T[]): void {
    this.#seal();
    if (Array.isArray(other)) {
      this.#rest.push({ items: other, length: other.length, rest: noPieces, restLength: 0 });
      return;
    }
    const list = other as UnitItems<T>;
    list.#seal();
    this.#rest.push({
      items: list.#items,
      length: list.#items.length,
      rest: list.#rest,
      restLength: list.#rest.length,
    });
  }

  /**
   * The items in order: always the same array (the one the list was made with), the items appended since the
   * last read pushed to its end. An array read earlier catches up at the next read.
   */
  read(): T[] {
    const out = this.#items;
    if (this.#rest.length === 0) return out;
    this.#seal();
    // Depth first, without recursion: a unit absorbing units that absorbed others nests as deep as the log is long.
    const stack: Piece<T>[] = [];
    for (let i = this.#rest.length - 1; i >= 0; i--) stack.push(this.#rest[i]!);
    this.#rest = []; // a new array: a list that absorbed this one holds the old one
    for (let piece = stack.pop(); piece; piece = stack.pop()) {
      for (let i = 0; i < piece.length; i++) out.push(piece.items[i]!);
      for (let i = piece.restLength - 1; i >= 0; i--) stack.push(piece.rest[i]!);
    }
    return out;
  }

  /** Ends the tail: its items become a piece (no longer pushed to). */
  #seal(): void {
    const tail = this.#tail;
    if (!tail) return;
    this.#rest.push({ items: tail, length: tail.length, rest: noPieces, restLength: 0 });
    this.#tail = undefined;
  }
}
