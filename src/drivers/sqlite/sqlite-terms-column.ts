/**
 * Whether a stored terms column (or a query term) is one FTS5's tokenizer splits exactly where a split on spaces
 * does: lowercase ASCII letters and digits in words one space apart (the terms engram writes are never empty).
 */
export const isPlain = (text: unknown): boolean =>
  text === '' ||
  (typeof text === 'string' &&
    !/[^a-z0-9 ]/.test(text) &&
    text.charCodeAt(0) !== 32 &&
    text.charCodeAt(text.length - 1) !== 32 &&
    !text.includes('  '));

/** A stored terms column (`terms`, `context_terms`: analysed terms one space apart) read for a ranking. */
export interface TermsColumn {
  /** Whether FTS5 splits it as a split on spaces does ({@link isPlain}). */
  readonly plain: boolean;
  /** How many of the column's space-separated words are `term`. */
  count(term: string): number;
}

/** Columns at least this long are counted whole once per process and kept (an episode's terms run to tens of KB). */
const keptFrom = 2048;
/** Most characters of columns kept (the cache is cleared whole past it). */
const mostKeptChars = 8_000_000;
/** Long columns counted, by their exact text: a read of the same column finds its counts (one comparison). */
const kept = new Map<string, TermsColumn>();
let keptChars = 0;

/** The words of `text` (split on single spaces) that are `term`: found by `indexOf`, bounded by spaces or the ends. */
function occurrences(text: string, term: string): number {
  if (term === '' || term.includes(' ')) return text.split(' ').filter((w) => w === term).length;
  let n = 0;
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
    const end = at + term.length;
    if ((at === 0 || text.charCodeAt(at - 1) === 32) && (end === text.length || text.charCodeAt(end) === 32))
      n++;
  }
  return n;
}

/**
 * A stored terms column (anything but a string reads as empty) for counting query terms in it: a long one is
 * counted whole once per process and kept by its exact text (the same records come back search after search);
 * a short one is searched for each term asked, without splitting it.
 */
export function termsColumn(column: unknown): TermsColumn {
  const text = typeof column === 'string' ? column : '';
  if (text.length < keptFrom)
    return { plain: isPlain(text), count: (term) => (text === '' ? 0 : occurrences(text, term)) };
  const known = kept.get(text);
  if (known) return known;
  const counts = new Map<string, number>();
  for (const t of text.split(' ')) counts.set(t, (counts.get(t) ?? 0) + 1);
  const counted: TermsColumn = { plain: isPlain(text), count: (term) => counts.get(term) ?? 0 };
  if (keptChars + text.length > mostKeptChars) {
    kept.clear();
    keptChars = 0;
  }
  kept.set(text, counted);
  keptChars += text.length;
  return counted;
}

/** Most term counts a column kept by row keeps (cleared whole past it): a search asks a few dozen terms at most. */
const mostCountsKept = 64;

/** A column kept by row: whether it is plain checked once when asked, each term's count searched once and kept. */
function keptColumn(text: string): TermsColumn {
  let plain: boolean | undefined;
  const counts = new Map<string, number>();
  return {
    get plain() {
      plain ??= isPlain(text);
      return plain;
    },
    count(term) {
      let n = counts.get(term);
      if (n === undefined) {
        n = text === '' ? 0 : occurrences(text, term);
        if (counts.size >= mostCountsKept) counts.clear();
        counts.set(term, n);
      }
      return n;
    },
  };
}

/**
 * Columns at least this long (and shorter than {@link keptFrom}) are kept by row: a record with its neighbouring
 * turns as context holds about a thousand characters of context terms. Measured: on records of about 160
 * characters (the scale corpus), keeping every column by row made search slower (1.10 -> 1.39 ms p50), scanning
 * them being cheaper than the lookup.
 */
const rowKeptFrom = 256;

/**
 * Most characters a client object keeps by row ({@link rowTermsColumns}; cleared whole past it), each kept column
 * counted as its length plus {@link keptOverhead} (its entry, counts and closures: measured at about half its
 * text again for 300-character columns with 64 counts).
 */
const mostRowChars = 8_000_000;
/** What a kept column costs beyond its text, in characters of {@link mostRowChars}. */
const keptOverhead = 256;

/** A row's kept columns: its text's terms and its context's. */
interface KeptRow {
  text?: { text: string; read: TermsColumn };
  context?: { text: string; read: TermsColumn };
}

/** Per client object, the terms columns of rows it read, by row id: the text read and what was counted in it. */
const byRow = new WeakMap<object, { rows: Map<number, KeptRow>; chars: number }>();

/** Reads the terms columns of rows: see {@link rowTermsColumns}. */
export type RowTermsReader = (
  rid: number,
  terms: unknown,
  contextTerms: unknown,
) => {
  text: TermsColumn;
  context: TermsColumn;
};

/**
 * A reader of the terms columns (`terms`, `context_terms`) of rows read through the client object `client`, as
 * {@link termsColumn} reads them, keeping each column of {@link rowKeptFrom} characters or more by row id while the
 * process runs: a search that reads the row again (the same records match search after search) finds whether
 * the column is plain and the counts of the terms asked before, without scanning it. A kept column serves only a
 * read of the same text (a row id SQLite gives again after a purge holds other text); a client object keeps at
 * most {@link mostRowChars} (cleared whole past it; a SQLite handle has two, its own and the one its
 * transactions use).
 */
export function rowTermsColumns(client: object): RowTermsReader {
  let kept = byRow.get(client);
  if (!kept) {
    kept = { rows: new Map(), chars: 0 };
    byRow.set(client, kept);
  }
  const state = kept;
  const read = (rid: number, part: 'text' | 'context', column: unknown): TermsColumn => {
    const text = typeof column === 'string' ? column : '';
    // A short column costs less to scan than to look up; a long one is kept by its text (`termsColumn`).
    if (text.length < rowKeptFrom || text.length >= keptFrom) return termsColumn(text);
    const row = state.rows.get(rid);
    const known = row?.[part];
    if (known && known.text === text) return known.read;
    const fresh = keptColumn(text);
    const cost = text.length + keptOverhead;
    if (known) state.chars -= known.text.length + keptOverhead;
    if (state.chars + cost > mostRowChars) {
      state.rows.clear();
      state.chars = 0;
    }
    const entry = state.rows.get(rid) ?? {};
    entry[part] = { text, read: fresh };
    state.rows.set(rid, entry);
    state.chars += cost;
    return fresh;
  };
  return (rid, terms, contextTerms) => ({
    text: read(rid, 'text', terms),
    context: read(rid, 'context', contextTerms),
  });
}
