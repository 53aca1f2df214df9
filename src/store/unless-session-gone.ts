import { MemoryError } from '../core/errors/memory-error.ts';

/**
 * What `read` gives, or undefined when it fails with `SESSION_NOT_FOUND`: for a listing that reads each session it
 * listed (its stats, its artifacts), where one deleted after the listing (by the application, by an import that
 * failed and removed its session) is left out instead of failing the whole listing. Any other error is thrown.
 */
export async function unlessSessionGone<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (MemoryError.hasCode(error, 'SESSION_NOT_FOUND')) return undefined;
    throw error;
  }
}
