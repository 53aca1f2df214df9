/**
 * FTS5's `bm25()` computed outside FTS5, for rows that are not in the index yet (the tail past the watermark):
 * the same formula over the same statistics, so a tail row scores what it would score once indexed.
 */

/** Statistics of an FTS5 table: its rows and the tokens of all its columns. */
export interface Fts5Totals {
  /** Rows indexed. */
  rows: number;
  /** Tokens of every column of every row. */
  tokens: number;
}

/** FTS5's bm25 parameters (`k1`, `b`), as built into SQLite. */
const k1 = 1.2;
const b = 0.75;

/** Decodes an SQLite varint at `at`: its value and the offset after it. */
function readVarint(bytes: Uint8Array, at: number): { value: number; next: number } {
  let value = 0;
  for (let i = 0; i < 8; i++) {
    const byte = bytes[at + i] ?? 0;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return { value, next: at + i + 1 };
  }
  return { value: value * 256 + (bytes[at + 8] ?? 0), next: at + 9 };
}

/** Decodes `count` varints from the start of a blob (missing ones read as 0). */
export function readVarints(bytes: Uint8Array, count: number): number[] {
  const out: number[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at >= bytes.length) {
      out.push(0);
      continue;
    }
    const { value, next } = readVarint(bytes, at);
    out.push(value);
    at = next;
  }
  return out;
}

/**
 * The totals of an FTS5 table of `columns` columns from its averages record (`<table>_data` row 1: the row
 * count, then each column's token total); zeros when the table has never held a row.
 */
export function fts5Totals(averages: Uint8Array | undefined, columns: number): Fts5Totals {
  if (!averages || averages.length === 0) return { rows: 0, tokens: 0 };
  const [rows = 0, ...perColumn] = readVarints(averages, columns + 1);
  return { rows, tokens: perColumn.reduce((a, n) => a + n, 0) };
}

/** FTS5's inverse document frequency of a phrase found in `hits` of `rows` rows (floored at 1e-6). */
export function fts5Idf(rows: number, hits: number): number {
  const idf = Math.log((rows - hits + 0.5) / (hits + 0.5));
  return idf <= 0 ? 1e-6 : idf;
}

/**
 * `-bm25()` of one row (higher is better), as FTS5 computes it: for each phrase of the query, in order, its
 * idf times `f (k1 + 1) / (f + k1 (1 - b + b D / avgdl))`, where `f` is the phrase's count in the row, `D` the
 * row's tokens in all columns and `avgdl` the table's tokens per row.
 */
export function fts5Bm25(
  idfs: readonly number[],
  freqs: readonly number[],
  rowTokens: number,
  totals: Fts5Totals,
): number {
  const avgdl = totals.tokens / totals.rows;
  let score = 0;
  for (let i = 0; i < idfs.length; i++) {
    const f = freqs[i] ?? 0;
    score += idfs[i]! * ((f * (k1 + 1)) / (f + k1 * (1 - b + (b * rowTokens) / avgdl)));
  }
  return score;
}
