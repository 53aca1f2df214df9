/**
 * Where {@link sentencesOf} splits, as a pattern (its test holds the scan to it): after `.`, `!`, `?` or `;` a
 * run of spaces followed by more text, a run of line breaks, or a dash between spaces. As a `split` separator it
 * is retried at every space of a run and each try reads to the run's end looking for the dash: quadratic on a
 * long run of spaces (16 KB, the most a message is read for, took 0.25 s; 50 KB 2.3 s).
 */
export const sentenceBreakPattern = /(?<=[.!?;])\s+(?=\S)|\n+|\s+[-–—]\s+/;

/** A run of `\s` from `lastIndex` (maybe empty): its end is `lastIndex` after `exec`. */
const spaces = /\s*/y;
const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);

/** The end of the run of `\s` starting at `at` (`at` itself when none is there). */
function spacesEnd(text: string, at: number): number {
  spaces.lastIndex = at;
  spaces.exec(text);
  return spaces.lastIndex;
}

/**
 * A message's sentences: split after `.`, `!`, `?`, `;` and line breaks (not inside "she/her" or "St. "-like
 * abbreviations), and at a dash between spaces; each trimmed, empty ones dropped. The same as splitting at
 * {@link sentenceBreakPattern}, in one forward pass: a run of spaces is measured once, however many of its
 * positions are tried.
 */
export function sentencesOf(text: string): string[] {
  const pieces: string[] = [];
  let start = 0; // where the current piece starts
  let runEnd = 0; // the end of the run of spaces holding `at`, once measured
  let at = 0;
  while (at < text.length) {
    const c = text[at];
    let breakEnd = -1;
    if (isSpace(c)) {
      if (at >= runEnd) runEnd = spacesEnd(text, at);
      if ('.!?;'.includes(text[at - 1] ?? 'x') && runEnd < text.length) breakEnd = runEnd;
      else if (c === '\n') {
        breakEnd = at;
        while (text[breakEnd] === '\n') breakEnd++;
      } else if ('-–—'.includes(text[runEnd] ?? 'x') && isSpace(text[runEnd + 1]))
        breakEnd = spacesEnd(text, runEnd + 1);
    }
    if (breakEnd < 0) {
      at++;
      continue;
    }
    pieces.push(text.slice(start, at));
    start = at = breakEnd;
  }
  pieces.push(text.slice(start));
  return pieces.map((s) => s.trim()).filter((s) => s.length > 0);
}
