import { checkMethods } from '../../core/check-options.ts';

/** Errors of the developer's own options found while a turn runs: thrown to the caller, never sent as a 400. */
const misconfigurations = new WeakSet<object>();

/**
 * `value` (what an option the developer gave returned: a `view`'s view, `respond`'s stream) when it has each of
 * `methods`; else throws `INVALID_ARGUMENT` naming `what`, marked as the developer's mistake
 * ({@link isMisconfiguration}): the handler throws it to its caller instead of blaming the client's request.
 */
export function checkReturned<T>(value: T, what: string, methods: readonly string[]): T {
  try {
    return checkMethods(value, what, 'chat', methods);
  } catch (error) {
    misconfigurations.add(error as object);
    throw error;
  }
}

/** Whether `error` came from {@link checkReturned}. */
export function isMisconfiguration(error: unknown): boolean {
  return typeof error === 'object' && error !== null && misconfigurations.has(error);
}
