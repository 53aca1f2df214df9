/**
 * A short, printable description of any value for an error message, which never throws: strings quoted (cut at
 * `max` characters), numbers, booleans, null and undefined as written, a BigInt with its `n`, a symbol as
 * `Symbol(…)`, and other values by kind (`an array`, `an object`, `a function`, `a Date`, …). Safe for the
 * values bad input brings (BigInts, symbols, cyclic objects, proxies that throw on access), where
 * `JSON.stringify` or a template literal would throw a raw `TypeError` while the error is being built.
 */
export function describeValue(value: unknown, max = 60): string {
  try {
    switch (typeof value) {
      case 'string':
        return JSON.stringify(value.length > max ? `${value.slice(0, max)}…` : value);
      case 'bigint':
        return `${value}n`;
      case 'symbol':
        return value.toString().slice(0, max);
      case 'function':
        return 'a function';
      case 'object':
        if (value === null) return 'null';
        if (Array.isArray(value)) return 'an array';
        if (value instanceof Date) return 'a Date';
        return 'an object';
      default:
        return String(value);
    }
  } catch {
    return typeof value === 'object' ? 'an object' : typeof value;
  }
}

/** `value` when it is a string, else its {@link describeValue}: for text an error message interpolates. */
export function errorText(value: unknown): string {
  return typeof value === 'string' ? value : describeValue(value);
}
