import { CL100K_TOKEN_SPLIT_REGEX, O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { createPreTokenSplitter, type PreTokenSplitter } from './ascii-pre-tokens.ts';
import { createKeptTextCounts, type KeptTextCounts } from './kept-text-counts.ts';
import type { BpeEncoding } from './model-encodings.ts';
import { createRankTableBuilder, NO_RANK, type RankTable } from './rank-table.ts';
import { importBpeRanks, readRankModule, readRankModuleSync, requireBpeRanks } from './read-bpe-ranks.ts';
import { scanBpeRanks } from './scan-bpe-ranks.ts';

/**
 * The longest piece, in UTF-8 bytes, that BPE merges as a whole. A pre-token (one match of the
 * encoding's split regex) longer than this — a run of letters, CJK, DNA, base64 or emoji with no break —
 * is cut at character boundaries into pieces of at most this many bytes, each counted on its own.
 * BPE on one piece costs O(piece²), so the cut keeps counting linear in the text; it changes a count
 * only where a merge would have crossed a cut (see BENCHMARKS.md, "Token counting").
 */
export const MAX_BPE_PIECE_BYTES = 128;

/** Counts the tokens of a text the way the encoding does, with long pre-tokens cut into pieces. */
export type CountText = (text: string) => number;

interface Tables {
  /** Rank of each token by its bytes (a range of a latin1 string: one char per byte). */
  readonly ranks: RankTable;
  /** Rank of each single byte. */
  readonly byteRanks: Int32Array;
  /** The encoding's split regex, its ASCII text scanned by hand. */
  readonly split: PreTokenSplitter;
  /** Counts of recent pre-tokens: ordinary text repeats its words. Cleared whole when full (no LRU walk). */
  readonly cache: Map<string, number>;
  /**
   * A direct-mapped cache of the counts of ASCII pre-tokens of up to `2 * SHORT_CHARS` characters (most words),
   * keyed by their characters packed into two numbers (the first `SHORT_CHARS`, the rest), so that a hit needs
   * neither the piece's string nor its hash. A key of 0: an empty slot.
   */
  readonly shortKeys: Float64Array;
  readonly shortRests: Float64Array;
  readonly shortCounts: Int32Array;
  /** A direct-mapped cache of pair merges: tokens (left, right) → rank of their concatenation, or -1. */
  readonly pairLeft: Int32Array;
  readonly pairRight: Int32Array;
  readonly pairRank: Int32Array;
}

// Loaded on first use from gpt-tokenizer's rank tables and split regexes (synchronously, or ahead of it in slices
// by `loadBpeTables`), then cached.
const splitRegexes: Record<BpeEncoding, RegExp> = {
  o200k_base: O200K_TOKEN_SPLIT_REGEX,
  cl100k_base: CL100K_TOKEN_SPLIT_REGEX,
};
const tables = new Map<BpeEncoding, Tables>();
const loading = new Map<BpeEncoding, Promise<void>>();
const PAIR_BITS = 18;
const SHORT_BITS = 15;
/**
 * Characters packed into one number of a short cache key: a leading 1 then 7 bits a character, exact in a double
 * (below 2^50) up to 7 characters.
 */
const SHORT_CHARS = 7;

/** The bytes of `text` in UTF-8, as a latin1 string; ASCII text is returned as is. */
function utf8Key(text: string): string {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7f) return Buffer.from(text, 'utf8').toString('latin1');
  }
  return text;
}

function tablesOf(encoding: BpeEncoding, ranks: RankTable): Tables {
  const byteRanks = new Int32Array(256);
  for (let byte = 0; byte < 256; byte++) {
    const rank = ranks.rankOf(String.fromCharCode(byte), 0, 1);
    byteRanks[byte] = rank === NO_RANK ? -1 : rank;
  }
  const source = splitRegexes[encoding];
  return {
    ranks,
    byteRanks,
    split: createPreTokenSplitter(encoding, source),
    cache: new Map(),
    shortKeys: new Float64Array(1 << SHORT_BITS),
    shortRests: new Float64Array(1 << SHORT_BITS),
    shortCounts: new Int32Array(1 << SHORT_BITS),
    pairLeft: new Int32Array(1 << PAIR_BITS).fill(-1),
    pairRight: new Int32Array(1 << PAIR_BITS),
    pairRank: new Int32Array(1 << PAIR_BITS),
  };
}

/** Tokens of each encoding (the rank tables are sized for them; a table grows if a module holds more). */
const tokenCounts: Record<BpeEncoding, number> = { o200k_base: 199_998, cl100k_base: 100_256 };

/** Tokens the asynchronous load scans between two checks of its time slice. */
const scanSlice = 512;

/** The rank table from the module as parsed (`require` or `import`): each token a JS string or array first. */
function tableOfDecoder(decoder: readonly (string | readonly number[])[]): RankTable {
  const ranks = createRankTableBuilder(decoder.length);
  for (const token of decoder) ranks.add(token);
  return ranks.done();
}

/**
 * The rank table scanned from the module's text (`scanBpeRanks`: each token decoded straight into the table's
 * bytes, no JS value per token), else from the module required (a module not on disk, not readable, or in
 * another form).
 */
function loadTables(encoding: BpeEncoding): Tables {
  const text = readRankModuleSync(encoding);
  const scan = text === undefined ? undefined : scanBpeRanks(text);
  if (scan) {
    const ranks = createRankTableBuilder(tokenCounts[encoding]);
    if (scan.next(ranks, Number.POSITIVE_INFINITY) === 'done') return tablesOf(encoding, ranks.done());
  }
  return tablesOf(encoding, tableOfDecoder(requireBpeRanks(encoding)));
}

/**
 * Loads an encoding's tables ahead of its first count without blocking the event loop for long: the rank
 * module's text read asynchronously and scanned into the rank table in slices of about 8 ms (`scanBpeRanks`;
 * else the module imported and its tokens added), with `setImmediate` turns between. Resolves at once when they
 * are loaded; a count meanwhile loads them synchronously as without it.
 */
export function loadBpeTables(encoding: BpeEncoding): Promise<void> {
  if (tables.has(encoding)) return Promise.resolve();
  let pending = loading.get(encoding);
  if (!pending) {
    pending = (async () => {
      const ranks = await scanInSlices(encoding);
      if (tables.has(encoding)) return; // a count loaded them meanwhile
      tables.set(encoding, tablesOf(encoding, ranks ?? tableOfDecoder(await importBpeRanks(encoding))));
    })().finally(() => loading.delete(encoding));
    loading.set(encoding, pending);
  }
  return pending;
}

/** The rank table scanned from the module's text a slice at a time; undefined where it cannot be (see `loadBpeTables`). */
async function scanInSlices(encoding: BpeEncoding): Promise<RankTable | undefined> {
  const text = await readRankModule(encoding);
  if (text === undefined) return undefined;
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  await turn(); // the read decoded the module's text: the loop's turn before the scan starts
  const scan = scanBpeRanks(text);
  if (!scan) return undefined;
  await turn();
  const ranks = createRankTableBuilder(tokenCounts[encoding]);
  let start = performance.now();
  for (;;) {
    const state = scan.next(ranks, scanSlice);
    if (state === 'done') return ranks.done();
    if (state === 'invalid') return undefined;
    if (performance.now() - start > 8) {
      await turn();
      if (tables.has(encoding)) return undefined; // a count loaded them meanwhile
      start = performance.now();
    }
  }
}

/** Rank of the token `bytes[from, to)`, the concatenation of tokens `left` and `right`, or NONE. */
function mergedRank(t: Tables, left: number, right: number, bytes: string, from: number, to: number): number {
  const slot = (Math.imul(left, 0x9e3779b1) ^ Math.imul(right, 0x85ebca6b)) >>> (32 - PAIR_BITS);
  if (t.pairLeft[slot] === left && t.pairRight[slot] === right) return t.pairRank[slot]!;
  const rank = t.ranks.rankOf(bytes, from, to);
  t.pairLeft[slot] = left;
  t.pairRight[slot] = right;
  t.pairRank[slot] = rank;
  return rank;
}

const NONE = NO_RANK;
// Scratch space of one piece, indexed by each part's start offset: its token, the next part's start,
// the previous part's start, and the rank of merging it with the next part (NONE when they do not merge).
const tok = new Int32Array(MAX_BPE_PIECE_BYTES);
const next = new Int32Array(MAX_BPE_PIECE_BYTES);
const prev = new Int32Array(MAX_BPE_PIECE_BYTES);
const pair = new Int32Array(MAX_BPE_PIECE_BYTES);
// A binary min-heap of candidate merges, each `rank * SLOT + start` so that ties go to the leftmost pair.
const SLOT = 1024;
const heap = new Float64Array(3 * MAX_BPE_PIECE_BYTES);
let heapSize = 0;

function push(key: number): void {
  let i = heapSize++;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (heap[parent]! <= key) break;
    heap[i] = heap[parent]!;
    i = parent;
  }
  heap[i] = key;
}

function pop(): number {
  const top = heap[0]!;
  const last = heap[--heapSize]!;
  let i = 0;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= heapSize) break;
    if (child + 1 < heapSize && heap[child + 1]! < heap[child]!) child++;
    if (heap[child]! >= last) break;
    heap[i] = heap[child]!;
    i = child;
  }
  heap[i] = last;
  return top;
}

/** Recomputes the merge of part `at` with the part after it, and queues it when the pair merges. */
function queuePair(t: Tables, bytes: string, at: number): void {
  const after = next[at]!;
  const rank = after < bytes.length ? mergedRank(t, tok[at]!, tok[after]!, bytes, at, next[after]!) : NONE;
  pair[at] = rank;
  if (rank !== NONE) push(rank * SLOT + at);
}

/**
 * Tokens of one piece (at most `MAX_BPE_PIECE_BYTES` bytes) by byte-pair merging: repeatedly merge the
 * adjacent pair of lowest rank (leftmost on a tie), as tiktoken and gpt-tokenizer do; O(n log n) with a heap.
 */
function mergeCount(bytes: string, t: Tables): number {
  const n = bytes.length;
  if (n < 2) return n;
  heapSize = 0;
  for (let i = 0; i < n; i++) {
    tok[i] = t.byteRanks[bytes.charCodeAt(i)]!;
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  for (let i = 0; i < n - 1; i++) queuePair(t, bytes, i);
  pair[n - 1] = NONE;
  let parts = n;
  while (heapSize > 0) {
    const key = pop();
    const rank = Math.floor(key / SLOT);
    const at = key - rank * SLOT;
    // A stale entry: the part was merged away (pair NONE) or its pair changed since it was queued.
    if (pair[at] !== rank) continue;
    const gone = next[at]!;
    pair[gone] = NONE;
    tok[at] = rank;
    const after = next[gone]!;
    next[at] = after;
    if (after < n) prev[after] = at;
    parts--;
    queuePair(t, bytes, at);
    if (at > 0) queuePair(t, bytes, prev[at]!);
  }
  return parts;
}

/** Tokens of one pre-token's bytes, cut into pieces of at most `MAX_BPE_PIECE_BYTES` at character starts. */
function countPreToken(bytes: string, t: Tables): number {
  if (bytes.length <= MAX_BPE_PIECE_BYTES) return mergeCount(bytes, t);
  let total = 0;
  let from = 0;
  while (from < bytes.length) {
    let to = Math.min(bytes.length, from + MAX_BPE_PIECE_BYTES);
    // Back off to the first byte of a character (not a UTF-8 continuation byte 10xxxxxx).
    while (to < bytes.length && to > from + 1 && (bytes.charCodeAt(to) & 0xc0) === 0x80) to--;
    total += mergeCount(bytes.slice(from, to), t);
    from = to;
  }
  return total;
}

/** Entries of a `Tables.cache` before it is cleared. */
const CACHE_LIMIT = 50_000;

function tablesFor(encoding: BpeEncoding): Tables {
  let t = tables.get(encoding);
  if (!t) {
    t = loadTables(encoding);
    tables.set(encoding, t);
  }
  return t;
}

/**
 * Texts of at least this many characters are counted once while kept (a tool result is counted when stored, when
 * sent and when offloaded); shorter ones cost about their lookup to count.
 */
const KEPT_TEXT_MIN_CHARS = 2048;
/** Characters of long texts whose counts are kept per encoding (a few steps' tool results). */
const KEPT_TEXT_CHARS = 2_000_000;
const keptTexts = new Map<BpeEncoding, KeptTextCounts>();

/**
 * Forgets the kept counts of long texts, of every encoding: the next count of each text runs BPE again (the
 * token-counting benchmark times counting, not the lookup).
 */
export function forgetKeptTextCounts(): void {
  for (const kept of keptTexts.values()) kept.clear();
}

/**
 * A counter for `encoding` that is linear in the text for any input: the encoding's own split regex,
 * then BPE over each pre-token, with pre-tokens over `MAX_BPE_PIECE_BYTES` bytes cut into pieces.
 * Identical to gpt-tokenizer's count (special-token text counted as plain text) when no pre-token is longer, except
 * where a pre-token starts with U+FEFF: gpt-tokenizer's decoding drops a leading byte-order mark, engram counts
 * its bytes as tiktoken (js-tiktoken) does.
 * The counts of long texts are kept per encoding, shared by every counter of it, by exact text.
 */
export function boundedBpeCounter(encoding: BpeEncoding): CountText {
  let kept = keptTexts.get(encoding);
  if (!kept) {
    kept = createKeptTextCounts({ minChars: KEPT_TEXT_MIN_CHARS, keptChars: KEPT_TEXT_CHARS });
    keptTexts.set(encoding, kept);
  }
  const long = kept;
  const countAll = (text: string): number => {
    const t = tablesFor(encoding);
    const { ranks, split, cache } = t;
    let total = 0;
    for (let at = 0; at < text.length; ) {
      const next = split(text, at);
      if (next > 0 && next - at <= 2 * SHORT_CHARS) {
        // A short ASCII pre-token: its characters are its bytes, and they pack exactly into `key` and `rest`.
        let key = 1;
        let rest = 1;
        let h = 0;
        const mid = Math.min(next, at + SHORT_CHARS);
        for (let i = at; i < mid; i++) {
          const c = text.charCodeAt(i);
          key = key * 128 + c;
          h = Math.imul(h ^ c, 0x01000193);
        }
        for (let i = mid; i < next; i++) {
          const c = text.charCodeAt(i);
          rest = rest * 128 + c;
          h = Math.imul(h ^ c, 0x01000193);
        }
        const slot = Math.imul(h ^ (next - at), 0x9e3779b1) >>> (32 - SHORT_BITS);
        if (t.shortKeys[slot] === key && t.shortRests[slot] === rest) total += t.shortCounts[slot]!;
        else {
          const piece = text.slice(at, next);
          const n =
            cache.get(piece) ?? (ranks.rankOf(piece, 0, piece.length) !== NONE ? 1 : countPreToken(piece, t));
          t.shortKeys[slot] = key;
          t.shortRests[slot] = rest;
          t.shortCounts[slot] = n;
          total += n;
        }
        at = next;
        continue;
      }
      // A negative end: the pre-token may hold characters outside ASCII, whose UTF-8 bytes are the key.
      const end = next < 0 ? -next : next;
      const piece = text.slice(at, end);
      const bytes = next < 0 ? utf8Key(piece) : piece;
      at = end;
      let n = cache.get(bytes);
      if (n === undefined) {
        n = ranks.rankOf(bytes, 0, bytes.length) !== NONE ? 1 : countPreToken(bytes, t);
        if (bytes.length <= MAX_BPE_PIECE_BYTES) {
          if (cache.size >= CACHE_LIMIT) cache.clear();
          cache.set(bytes, n);
        }
      }
      total += n;
    }
    return total;
  };
  return (text: string): number => (text ? long.countOf(text, countAll) : 0);
}
