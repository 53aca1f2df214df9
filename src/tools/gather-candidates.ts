/** A candidate found by a store's word search, with the query words it holds. */
export interface Candidate<T> {
  /** The document. */
  doc: T;
  /** How many of the query's words the store matched in it. */
  held: number;
  /** The sum of those words' idf (rarer words weigh more): the order candidates are scored in. */
  weight: number;
}

/**
 * The first, cheap stage of a relevance search: the documents a store's word search returns for each word of a
 * query, merged, ordered by the summed idf of the words each holds (a word in few documents weighs more; idf
 * from how many documents each word's search returned among `total`), then by first appearance in the lists
 * (the store's order). Nothing is read but the lists; the best of them are then scored on their text. A document
 * holding every word has the largest weight, so the documents an all-words search finds come first.
 */
export function gatherCandidates<T>(
  lists: readonly (readonly T[])[],
  keyOf: (doc: T) => string,
  total: number,
): Candidate<T>[] {
  const byKey = new Map<string, Candidate<T> & { first: number }>();
  let order = 0;
  const n = Math.max(total, ...lists.map((l) => l.length), 1);
  for (const list of lists) {
    const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
    const seen = new Set<string>();
    for (const doc of list) {
      const key = keyOf(doc);
      if (seen.has(key)) continue;
      seen.add(key);
      const c = byKey.get(key);
      if (c) {
        c.held++;
        c.weight += idf;
      } else byKey.set(key, { doc, held: 1, weight: idf, first: order++ });
    }
  }
  return [...byKey.values()]
    .sort((a, b) => b.weight - a.weight || a.first - b.first)
    .map(({ first: _first, ...c }) => c);
}
