/** What a route handler answers: a status and a JSON body. */
export interface Mem0RouteResult {
  /** The HTTP status. */
  status: number;
  /** The JSON body. */
  body: unknown;
}
