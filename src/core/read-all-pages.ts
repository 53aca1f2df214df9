import { MemoryError } from './errors/memory-error.ts';

/**
 * Reads a paged listing to its end: `read(cursor)` from no cursor, then from each page's `nextCursor` until a
 * page has none; returns the pages in order. An engine's fallback reads a driver's listing this way, so it
 * throws `STORE_ERROR` naming `what` when a cursor comes back a second time (the listing would never end).
 */
export async function readAllPages<P extends { nextCursor?: string }>(
  read: (cursor: string | undefined) => Promise<P>,
  what: string,
  component: string,
): Promise<P[]> {
  const pages: P[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    pages.push(page);
    cursor = page.nextCursor;
    if (cursor === undefined) break;
    if (seen.has(cursor))
      throw new MemoryError({
        code: 'STORE_ERROR',
        component,
        message: `${what} returned the cursor "${cursor}" twice; the listing would not end`,
      });
    seen.add(cursor);
  } while (cursor !== undefined);
  return pages;
}
