/** One word as an FTS5 string (`"w"`, internal quotes doubled): never parsed as query syntax. */
export function fts5String(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}

/** Quotes each word as an FTS5 string; FTS5 ANDs adjacent strings. */
export function fts5MatchText(words: readonly string[]): string {
  return words.map(fts5String).join(' ');
}
