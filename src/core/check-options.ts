import { describeValue } from './errors/describe-value.ts';
import { MemoryError } from './errors/memory-error.ts';

/**
 * The first check of a factory: throws `INVALID_ARGUMENT` naming the factory unless `options` is an object
 * (not null, not an array), so a missing or wrong-type options argument is a typed error, not a raw
 * `TypeError` from reading one of its fields. Returns `options`.
 */
export function checkOptions<T>(options: T, factory: string, component: string): T {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `${factory}(options): options must be an object, got ${describeValue(options)}`,
    });
  }
  return options;
}
