/**
 * A lower bound of a text's BPE token count, without counting: the number of ASCII letters and digits that start
 * the text or follow an ASCII space, tab, CR or LF.
 *
 * Why it holds for the encodings engram counts with (o200k_base, cl100k_base): their split regexes cut text into
 * pre-tokens that BPE never merges across, and a pre-token is one of: an optional single non-letter, non-digit,
 * non-newline character then letters (and a contraction suffix); one to three digits; an optional space, then
 * punctuation, then CR / LF / `/`; or whitespace. So a pre-token holds at most one whitespace-then-letter-or-digit
 * step, only at its first two characters, and none when it starts with the letter or digit; each such start of a
 * word is therefore in a different pre-token, and every pre-token is at least one token. Cutting long pre-tokens
 * into pieces (`MAX_BPE_PIECE_BYTES`) only adds tokens.
 * @example wordStartBound('Hello, big world') // 3 (the count is 4)
 */
export function wordStartBound(text: string): number {
  let n = 0;
  // 1 while the last character was a space (or at the start): a letter or digit then starts a word.
  let afterSpace = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const k = c < 128 ? (asciiClass[c] as number) : 0;
    n += k & afterSpace;
    afterSpace = k >> 1;
  }
  return n;
}

/** Per ASCII code: 1 for a letter or digit, 2 for a space, tab, CR or LF, 0 otherwise (a branch-free scan). */
const asciiClass = (() => {
  const classes = new Uint8Array(128);
  for (const [from, to] of [
    [48, 57],
    [65, 90],
    [97, 122],
  ] as const)
    classes.fill(1, from, to + 1);
  for (const c of [32, 9, 10, 13]) classes[c] = 2;
  return classes;
})();
