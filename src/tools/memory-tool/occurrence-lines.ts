/**
 * The 1-based line of each offset (ascending, as `occurrencesOf` gives them), in one pass over the text's
 * line breaks: counting them from the start for each offset was quadratic in a file of many short lines.
 */
export function linesOf(text: string, offsets: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let nextBreak = text.indexOf('\n');
  for (const offset of offsets) {
    while (nextBreak !== -1 && nextBreak < offset) {
      line++;
      nextBreak = text.indexOf('\n', nextBreak + 1);
    }
    lines.push(line);
  }
  return lines;
}
