import { errorReason } from '../../core/errors/error-reason.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';

const component = 'mem0';

/** How {@link createMem0Http} talks to a Mem0 server. */
export interface Mem0HttpConfig {
  /** The server's base URL, without a trailing slash. */
  baseUrl: string;
  /** Headers sent with every request (auth). */
  headers: Record<string, string>;
  /** The deadline of one call, retries included, in milliseconds. */
  timeoutMs: number;
  /** How many times a 429 or 5xx answer is retried. */
  retries: number;
  /** The longest wait between retries, in milliseconds (caps `Retry-After`). */
  maxRetryDelayMs: number;
  /** The fetch to use. */
  fetch: typeof globalThis.fetch;
  /** Aborts every call when it fires. */
  signal?: AbortSignal;
}

/** A Mem0 call: method, path, and an optional JSON body; `notFound: 'undefined'` makes a 404 return undefined. */
export type Mem0Request = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options?: { notFound?: 'undefined'; signal?: AbortSignal },
) => Promise<unknown>;

const truncate = (s: string, n = 500) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** The error text of a Mem0 error body: `detail` (FastAPI / DRF), `details.message`, `error`, or `message`. */
export function mem0ErrorDetail(body: unknown): string {
  if (typeof body === 'string') return truncate(body.trim());
  if (typeof body !== 'object' || body === null) return '';
  const b = body as Record<string, unknown>;
  if (typeof b.detail === 'string') return truncate(b.detail);
  if (Array.isArray(b.detail))
    return truncate(
      b.detail
        .map((d) => {
          const e = d as { loc?: unknown[]; msg?: unknown };
          return `${Array.isArray(e.loc) ? `${e.loc.join('.')}: ` : ''}${String(e.msg ?? JSON.stringify(d))}`;
        })
        .join('; '),
    );
  const details = b.details as Record<string, unknown> | undefined;
  if (typeof details?.message === 'string') return truncate(details.message);
  if (typeof b.error === 'string') return truncate(b.error);
  if (typeof b.message === 'string') return truncate(b.message);
  return truncate(JSON.stringify(body));
}

/** The wait a `Retry-After` header asks for (seconds or an HTTP date), in milliseconds, or undefined. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

function statusError(status: number, what: string, body: unknown): MemoryError {
  const detail = mem0ErrorDetail(body);
  const suffix = detail ? `: ${detail}` : '';
  if (status === 400 || status === 422)
    return new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `Mem0 rejected ${what}${suffix}`,
    });
  if (status === 401 || status === 403)
    return new MemoryError({
      code: 'STORE_ERROR',
      component,
      message: `Mem0 authentication failed (${status}) on ${what}; check the API key${suffix}`,
    });
  return new MemoryError({
    code: 'STORE_ERROR',
    component,
    message: `Mem0 answered ${status} to ${what}${suffix}`,
  });
}

/**
 * A JSON-over-HTTP caller for Mem0 with a deadline per call (retries included), retries of 429 and 5xx
 * answers with exponential backoff that honours `Retry-After`, and every failure as a `MemoryError`
 * (component `mem0`): 400/422 `INVALID_ARGUMENT` with Mem0's detail, 401/403 `STORE_ERROR` saying
 * authentication failed (the key is never in a message), a timeout, a network error or a body that is not
 * JSON `STORE_ERROR`. A 404 throws `RECORD_NOT_FOUND` unless `notFound: 'undefined'`.
 * A 5xx is retried for every method, so an add the server applied before failing may be applied twice.
 */
export function createMem0Http(config: Mem0HttpConfig): Mem0Request {
  return async (method, path, body, options = {}) => {
    const what = `${method} ${path}`;
    const deadline = AbortSignal.timeout(config.timeoutMs);
    // The call's own signal (a search's abortSignal) stops it as the client's does.
    const stops = [config.signal, options.signal].filter((s): s is AbortSignal => s !== undefined);
    const signal = stops.length > 0 ? AbortSignal.any([deadline, ...stops]) : deadline;
    const fail = (error: unknown): never => {
      if (MemoryError.isInstance(error)) throw error;
      if (deadline.aborted)
        throw new MemoryError({
          code: 'STORE_ERROR',
          component,
          message: `Mem0 call ${what} timed out after ${config.timeoutMs} ms`,
          cause: error,
        });
      if (stops.some((s) => s.aborted))
        throw new MemoryError({
          code: 'STORE_ERROR',
          component,
          message: `Mem0 call ${what} was aborted`,
          cause: error,
        });
      const reason = errorReason(error);
      throw new MemoryError({
        code: 'STORE_ERROR',
        component,
        message: `Mem0 call ${what} failed: ${reason}`,
        cause: error,
      });
    };
    try {
      for (let attempt = 0; ; attempt++) {
        const response = await config.fetch(`${config.baseUrl}${path}`, {
          method,
          headers: {
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...config.headers,
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal,
        });
        const text = await response.text();
        let json: unknown;
        let isJson = true;
        try {
          json = text === '' ? null : JSON.parse(text);
        } catch {
          isJson = false;
        }
        const retryable = response.status === 429 || response.status >= 500;
        if (retryable && attempt < config.retries) {
          const asked = retryAfterMs(response.headers.get('retry-after'));
          const backoff = 250 * 2 ** attempt * (0.5 + Math.random() / 2);
          await sleep(Math.min(asked ?? backoff, config.maxRetryDelayMs), signal);
          continue;
        }
        if (response.status === 404 && options.notFound === 'undefined') return undefined;
        if (response.status === 404)
          throw new MemoryError({
            code: 'RECORD_NOT_FOUND',
            component,
            message: `Mem0 has no such memory (${what})${isJson ? `: ${mem0ErrorDetail(json)}` : ''}`,
          });
        if (!response.ok) {
          const tries = attempt > 0 ? ` after ${attempt + 1} attempts` : '';
          const error = statusError(response.status, what, isJson ? json : text);
          if (tries) error.message += tries;
          throw error;
        }
        if (!isJson)
          throw new MemoryError({
            code: 'STORE_ERROR',
            component,
            message: `Mem0 answered ${what} with a body that is not JSON (${response.headers.get('content-type') ?? 'no content type'}): ${truncate(text, 200)}`,
          });
        return json;
      }
    } catch (error) {
      return fail(error);
    }
  };
}
