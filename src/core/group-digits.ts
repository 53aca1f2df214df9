/**
 * An integer with its digits grouped by thousands, as `n.toLocaleString('en-US')` writes it (`12,345`, `-1,000`), without
 * ICU: the first `toLocaleString` or `Intl.NumberFormat` of a process loads ICU's data (~19 ms), which a citation or
 * a cut marker in a view's first read would pay. A value that is not a safe integer is written as `toLocaleString` does.
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 || Object.is(n, -0) ? `-${digits}` : digits;
}
