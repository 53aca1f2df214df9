import type { MiddlewareHandler } from 'hono';
import { type ApiContext, badRequest, sendError } from './api-context.ts';

/** Whether `text` decodes as a URI component: every `%` followed by two hex digits, the bytes UTF-8. */
function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The part of a request URL (a path segment, a query name or value) whose percent-encoding is malformed, or
 * undefined when every part decodes.
 */
export function malformedPart(url: URL): string | undefined {
  const segments = url.pathname.split('/');
  const query = url.search
    .slice(1)
    .split('&')
    .flatMap((pair) => pair.split('='))
    .map((part) => part.replace(/\+/g, ' '));
  return [...segments, ...query].find((part) => !decodes(part));
}

/**
 * A middleware of the JSON API answering 400 to a request with a malformed percent-encoded id, index or query
 * parameter (`/api/sessions/%E0%A4%A`, `?kind=%ZZ`): the router would otherwise pass the undecoded text on as the
 * id, and a lookup of it would answer 404 for an id the request never named, or find another one.
 */
export function rejectMalformedEncoding(api: ApiContext): MiddlewareHandler {
  return async (c, next) => {
    const part = malformedPart(new URL(c.req.url));
    if (part === undefined) return next();
    return sendError(
      api,
      c,
      badRequest(
        `"${part}" in the request URL is not valid percent-encoding (each "%" takes two hex digits and the bytes must be UTF-8): encode ids with encodeURIComponent`,
      ),
    );
  };
}
