import { checkMethods } from './check-options.ts';
import { describeValue } from './errors/describe-value.ts';
import { MemoryError } from './errors/memory-error.ts';

/**
 * The check an engine makes of the driver it wraps: `specificationVersion` `'v1'`, a non-empty string `name`,
 * a function under each of `required`, and under each of `optional` a function or nothing. Throws
 * `INVALID_ARGUMENT` naming `what` and the first problem. Returns `driver`.
 */
export function checkDriver<T>(
  driver: T,
  what: string,
  component: string,
  required: readonly string[],
  optional: readonly string[],
): T {
  checkMethods(driver, what, component, required);
  const fields = driver as Record<string, unknown>;
  const invalid = (problem: string) =>
    new MemoryError({ code: 'INVALID_ARGUMENT', component, message: `${what}: ${problem}` });
  if (fields.specificationVersion !== 'v1')
    throw invalid(`specificationVersion must be 'v1', got ${describeValue(fields.specificationVersion)}`);
  if (typeof fields.name !== 'string' || fields.name === '')
    throw invalid(`name must be a non-empty string, got ${describeValue(fields.name)}`);
  for (const m of optional)
    if (fields[m] !== undefined && typeof fields[m] !== 'function')
      throw invalid(`${m} must be a function when present, got ${describeValue(fields[m])}`);
  return driver;
}
