/** What a route handler answers: a status and a JSON body. */
export interface Mem0RouteResult {
  /** The HTTP status. */
  status: number;
  /** The JSON body. */
  body: unknown;
}

/**
 * The memory id of a path segment, percent-decoded; undefined when the segment is not valid percent-encoding
 * (`%E0%A4%A`, `%ZZ`), which the routes answer with a 400 rather than letting `decodeURIComponent` throw.
 */
export function decodeMemoryId(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
