/**
 * Appends `items` to `target`, in order: what `target.push(...items)` does, for any number of items (a spread
 * passes each as an argument, and past about 120,000 V8 throws `RangeError: Maximum call stack size exceeded`).
 */
export function pushAll<T>(target: T[], items: Iterable<T>): void {
  for (const item of items) target.push(item);
}
