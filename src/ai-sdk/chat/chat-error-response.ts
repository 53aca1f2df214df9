import { MemoryError } from '../../core/errors/memory-error.ts';

/** The HTTP status of a chat request's `MemoryError`: 409 for a conflict, 413 over a limit, 400 for bad input, else 500. */
function statusOf(error: MemoryError): number {
  if (error.code === 'DUPLICATE_MESSAGE_ID' || error.code === 'CONFLICT') return 409;
  if (error.code === 'PAYLOAD_TOO_LARGE') return 413;
  return error.code.startsWith('INVALID') ? 400 : 500;
}

/** The chat route's answer to a `MemoryError`: JSON `{ error: { code, message } }` with its status ({@link statusOf}). */
export function chatErrorResponse(error: MemoryError, init: ResponseInit = {}): Response {
  return Response.json(
    { error: { code: error.code, message: error.message } },
    { status: statusOf(error), ...init },
  );
}

/**
 * The chat route's answer to a request that is not a POST (`useChat` only posts): 405 with `Allow: POST` and an
 * `INVALID_ARGUMENT` error naming the method; the body is not read, so a PUT or a GET with a chat body stores nothing.
 */
export function wrongMethodResponse(method: string): Response {
  const error = new MemoryError({
    code: 'INVALID_ARGUMENT',
    component: 'chat',
    message: `the chat route takes POST requests (useChat's), got ${method}`,
  });
  return chatErrorResponse(error, { status: 405, headers: { Allow: 'POST' } });
}
