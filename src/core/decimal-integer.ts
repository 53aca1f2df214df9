/** Plain decimal digits, a minus sign first: no `0x`, exponent, `+`, point, `_` or space. */
const decimalDigits = /^-?[0-9]+$/;

/**
 * `text` as an integer when it is plain decimal digits (`-` first only when `min` is negative) making a safe
 * integer from `min` to `max`; else undefined. `Number()` alone would take `0x10`, `1e2`, ` 10`, `+5`, `10.0` and
 * `""` (as 0), which are not what a person typing a count means. The command line's numeric flags and the
 * inspector's numeric parameters read their values with it.
 */
export function parseDecimalInteger(
  text: string,
  min: number,
  max: number = Number.MAX_SAFE_INTEGER,
): number | undefined {
  const n = decimalDigits.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max || (min >= 0 && text.startsWith('-'))) return undefined;
  return n;
}

/**
 * The message for a value {@link parseDecimalInteger} refused, naming what gave it and the range:
 * `--limit: expected a decimal integer from 1 to 100, got "0x10"`.
 */
export function notDecimalInteger(
  name: string,
  text: string,
  min: number,
  max: number = Number.MAX_SAFE_INTEGER,
): string {
  const range =
    max < Number.MAX_SAFE_INTEGER
      ? ` from ${min} to ${max}`
      : min > -Number.MAX_SAFE_INTEGER
        ? ` at least ${min}`
        : '';
  return `${name}: expected a decimal integer${range}, got "${text}"`;
}
