/** What {@link RankTable.rankOf} returns for bytes that are no token. */
export const NO_RANK = 0x7fffffff;

/**
 * A BPE encoding's ranks keyed by token bytes, in typed arrays: every token's bytes in one pool and an
 * open-addressing hash table of ranks. It answers what a `Map` keyed by each token's bytes as a latin1 string would,
 * for a range of a latin1 string (one character per byte) without slicing it. Measured for o200k's 200,000 tokens
 * in a fresh process: built in 61–78 ms against 114–151 ms for such a map, and the heap after loading the
 * encoding is 23 MB against 41 MB.
 */
export interface RankTable {
  /** The rank of the token whose bytes are `key`'s characters `from` to `to` (each below 256), else {@link NO_RANK}. */
  rankOf(key: string, from: number, to: number): number;
}

/** Takes a token's bytes, in rank order: what a reader of a rank table feeds ({@link RankTableBuilder} is one). */
export interface RankBytesSink {
  /** Adds the next rank's token: `bytes[0, length)` (copied). */
  addBytes(bytes: Uint8Array, length: number): void;
}

/** Builds a {@link RankTable} a token at a time, in rank order. */
export interface RankTableBuilder extends RankBytesSink {
  /** Adds the next rank's token: its text (its UTF-8 bytes), or its bytes. */
  add(token: string | readonly number[]): void;
  /** The table of the tokens added. */
  done(): RankTable;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const encoder = new TextEncoder();

/** The FNV-1a hash of `pool[from, to)`. */
function hashBytes(pool: Uint8Array, from: number, to: number): number {
  let hash = FNV_OFFSET;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ pool[i]!, FNV_PRIME);
  return hash;
}

/** A builder of a table sized for `tokens` tokens (more may be added: the table then grows). */
export function createRankTableBuilder(tokens: number): RankTableBuilder {
  // At most ~40% full when built for `tokens`, at most half full after growing; a power of two, so that a slot is
  // the hash's top bits.
  let bits = 10;
  while (1 << bits < tokens * 2.5) bits++;
  let shift = 32 - bits;
  let mask = (1 << bits) - 1;
  /** Per slot: rank + 1, 0 when empty. */
  let slots = new Int32Array(1 << bits);
  let pool = new Uint8Array(Math.max(1024, tokens * 8));
  let starts = new Int32Array(Math.max(16, tokens + 1));
  let count = 0;
  let used = 0;
  const reserve = (bytes: number) => {
    if (used + bytes > pool.length) {
      const grown = new Uint8Array(Math.max(pool.length * 2, used + bytes));
      grown.set(pool);
      pool = grown;
    }
    if (count + 2 > starts.length) {
      const grown = new Int32Array(starts.length * 2);
      grown.set(starts);
      starts = grown;
    }
  };
  const insert = (rank: number, hash: number) => {
    let slot = Math.imul(hash, 0x9e3779b1) >>> shift;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = rank + 1;
  };
  /** Doubles the slots and places every token again (from its bytes in the pool). */
  const grow = () => {
    bits++;
    shift = 32 - bits;
    mask = (1 << bits) - 1;
    slots = new Int32Array(1 << bits);
    for (let rank = 0; rank < count; rank++) insert(rank, hashBytes(pool, starts[rank]!, starts[rank + 1]!));
  };
  /** Ends the token written into the pool from `from`: its place, then its slot. */
  const close = (from: number) => {
    starts[count + 1] = used;
    if (2 * (count + 1) > slots.length) grow();
    insert(count, hashBytes(pool, from, used));
    count++;
  };
  return {
    add(token) {
      const from = used;
      if (typeof token === 'string') {
        // ASCII as is; anything else through TextEncoder (at most 3 bytes a UTF-16 unit).
        reserve(token.length * 3);
        let ascii = 0;
        while (ascii < token.length && token.charCodeAt(ascii) <= 0x7f)
          pool[used++] = token.charCodeAt(ascii++);
        if (ascii < token.length) used += encoder.encodeInto(token.slice(ascii), pool.subarray(used)).written;
      } else {
        reserve(token.length);
        for (const b of token) pool[used++] = b;
      }
      close(from);
    },
    addBytes(bytes, length) {
      const from = used;
      reserve(length);
      for (let k = 0; k < length; k++) pool[used++] = bytes[k]!;
      close(from);
    },
    done() {
      const bytes = pool;
      const ends = starts;
      const table = slots;
      const tableShift = shift;
      const tableMask = mask;
      return {
        rankOf(key, from, to) {
          let hash = FNV_OFFSET;
          for (let i = from; i < to; i++) hash = Math.imul(hash ^ key.charCodeAt(i), FNV_PRIME);
          const length = to - from;
          for (let slot = Math.imul(hash, 0x9e3779b1) >>> tableShift; ; slot = (slot + 1) & tableMask) {
            const entry = table[slot]!;
            if (entry === 0) return NO_RANK;
            const rank = entry - 1;
            const start = ends[rank]!;
            if (ends[rank + 1]! - start !== length) continue;
            let i = 0;
            while (i < length && bytes[start + i] === key.charCodeAt(from + i)) i++;
            if (i === length) return rank;
          }
        },
      };
    },
  };
}
