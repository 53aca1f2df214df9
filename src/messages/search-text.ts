import { MemoryError } from '../core/errors/memory-error.ts';

/** The longest search text, in UTF-16 code units (JavaScript string length). */
export const maxSearchTextLength = 4096;
/** The most distinct words a search text may hold (after dropping connectives and repeats). */
export const maxSearchWords = 64;

const operatorWords = new Set(['AND', 'OR', 'NOT', 'NEAR']);

/**
 * The words of a search text: maximal runs of Unicode letters, marks and digits. Everything else (quotes,
 * operators, parentheses, punctuation) separates words, so no input reaches the engine as query syntax; a
 * run of marks alone is no word.
 * Upper-case operator keywords (`AND`, `OR`, `NOT`, `NEAR`) are dropped as connectives unless nothing else
 * is left; every remaining word is required (repeats count once).
 */
export function toSearchWords(text: string): string[] {
  const words = (text.normalize('NFC').match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).filter((w) =>
    /[\p{L}\p{N}]/u.test(w),
  );
  const plain = words.filter((w) => !operatorWords.has(w));
  const seen = new Set<string>();
  return (plain.length > 0 ? plain : words).filter((w) => {
    const key = w.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Bounds the work of one search on every driver (and `ConversationMemory.search`): throws `INVALID_QUERY`
 * unless `text` is a string of at most {@link maxSearchTextLength} characters holding at most
 * {@link maxSearchWords} distinct words ({@link toSearchWords}). Returns those words.
 */
export function checkSearchText(text: unknown, component: string): string[] {
  const fail = (message: string) => new MemoryError({ code: 'INVALID_QUERY', component, message });
  if (typeof text !== 'string') throw fail('search text must be a string');
  if (text.length > maxSearchTextLength) {
    throw fail(`search text is ${text.length} characters; the limit is ${maxSearchTextLength}`);
  }
  const words = toSearchWords(text);
  if (words.length > maxSearchWords) {
    throw fail(`search text has ${words.length} distinct words; the limit is ${maxSearchWords}`);
  }
  return words;
}
