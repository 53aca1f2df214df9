/** BM25's term-frequency saturation, as SQLite FTS5's `bm25()` uses it. */
export const bm25K1 = 1.2;
/** BM25's length normalisation, as SQLite FTS5's `bm25()` uses it. */
export const bm25B = 0.75;

/** FTS5's inverse document frequency: `ln((N - n + 0.5) / (n + 0.5))`, at least 1e-6. */
export function bm25Idf(docs: number, withTerm: number): number {
  const idf = Math.log((docs - withTerm + 0.5) / (withTerm + 0.5));
  return idf > 0 ? idf : 1e-6;
}

/** A document as BM25 sees it: weighted term frequencies and its length in terms. */
export interface Bm25Doc {
  /** Term → weighted frequency (hits in `text` count 1, in `context` `contextWeight`). */
  tf: Map<string, number>;
  /** Terms in all fields. */
  length: number;
}

/** The weighted frequencies and length of a record's text and context terms. */
export function bm25Doc(
  terms: readonly string[],
  contextTerms: readonly string[],
  contextWeight: number,
): Bm25Doc {
  const tf = new Map<string, number>();
  for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
  if (contextWeight > 0) for (const t of contextTerms) tf.set(t, (tf.get(t) ?? 0) + contextWeight);
  return { tf, length: terms.length + contextTerms.length };
}

/**
 * BM25 scores (higher is better; 0 for no query term) of `docs` for the distinct query terms, with the
 * collection statistics taken from `docs` themselves: FTS5's formula, so in-process stores rank like SQLite.
 */
export function scoreBm25(docs: readonly Bm25Doc[], query: readonly string[]): number[] {
  const terms = [...new Set(query)];
  const n = docs.length;
  if (n === 0 || terms.length === 0) return docs.map(() => 0);
  const df = new Map<string, number>(terms.map((t) => [t, 0]));
  let total = 0;
  for (const d of docs) {
    total += d.length;
    for (const t of terms) if (d.tf.has(t)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const avg = total / n || 1;
  const idf = new Map(terms.map((t) => [t, bm25Idf(n, df.get(t) ?? 0)]));
  return docs.map((d) => {
    let score = 0;
    for (const t of terms) {
      const f = d.tf.get(t);
      if (!f) continue;
      score +=
        (idf.get(t) ?? 0) * ((f * (bm25K1 + 1)) / (f + bm25K1 * (1 - bm25B + (bm25B * d.length) / avg)));
    }
    return score;
  });
}
