import { redactValue } from '../redact-value.ts';

/** A search text's words as {@link foundOutsideSecrets} compares them: lower-cased runs of letters and digits. */
const wordsOf = (text: string): string[] => [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];

/**
 * Whether a search by `query` that found `stored` may show it while secrets are hidden: every word of the query
 * that `stored` (any JSON value: a record, an item with its content) holds is still in its redacted form. A hit
 * found by a word only a secret held would confirm a guessed secret (that it matched, its count, its score), though
 * its text shows `[redacted]`: such a hit is left out of the answer.
 */
export async function foundOutsideSecrets(query: string, stored: unknown): Promise<boolean> {
  const words = wordsOf(query);
  const text = JSON.stringify(stored).toLowerCase();
  if (!words.some((w) => text.includes(w))) return true;
  const shown = JSON.stringify(await redactValue(stored)).toLowerCase();
  return words.every((w) => !text.includes(w) || shown.includes(w));
}
