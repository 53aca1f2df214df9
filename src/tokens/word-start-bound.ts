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
  let afterSpace = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const alnum = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (alnum && afterSpace) n++;
    afterSpace = c === 32 || c === 9 || c === 10 || c === 13;
  }
  return n;
}
