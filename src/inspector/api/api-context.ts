import type { Context } from 'hono';
import { notDecimalInteger, parseDecimalInteger } from '../../core/decimal-integer.ts';
import { errorReason } from '../../core/errors/error-reason.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { checkId } from '../../core/ids.ts';
import type { Scope } from '../../core/scope.ts';
import type { InspectorSource } from '../read-only-source.ts';
import { redactValue } from '../redact-value.ts';

/** What every route of the JSON API gets: the read-only source, and whether secrets are shown. */
export interface ApiContext {
  /** What the inspector reads. */
  readonly source: InspectorSource;
  /** Send texts as stored (`--show-secrets`); otherwise API-key-shaped strings are redacted. */
  readonly showSecrets: boolean;
}

/** A request the API cannot answer as asked: an `INVALID_ARGUMENT` error (answered with 400). */
export function badRequest(message: string): MemoryError {
  return new MemoryError({ code: 'INVALID_ARGUMENT', component: 'inspector', message });
}

/**
 * The value as the API may show it: as stored when secrets are shown, else redacted. A text the API shows only in
 * part (cut, or an excerpt) goes through here whole before it is cut: a cut inside a secret would leave a part
 * of it that no rule recognises any more.
 */
export async function shown<T>(api: ApiContext, value: T): Promise<T> {
  return api.showSecrets ? value : redactValue(value);
}

/** A JSON answer, every text in it redacted unless secrets are shown. */
export async function send(api: ApiContext, c: Context, value: unknown): Promise<Response> {
  return c.json((await shown(api, value)) as object);
}

const notFound = new Set(['SESSION_NOT_FOUND', 'MESSAGE_NOT_FOUND', 'ITEM_NOT_FOUND', 'RECORD_NOT_FOUND']);
const badInput = new Set(['INVALID_ARGUMENT', 'INVALID_QUERY']);

/** The HTTP answer to an error: 404 for what the scope cannot see, 400 for a bad parameter, else 500. */
export async function sendError(api: ApiContext, c: Context, error: unknown): Promise<Response> {
  const code = MemoryError.isInstance(error) ? error.code : undefined;
  const status = code && notFound.has(code) ? 404 : code && badInput.has(code) ? 400 : 500;
  const message = errorReason(error);
  return c.json(await shown(api, { error: message, code }), status);
}

/**
 * An integer query parameter within [min, max] (`fallback` when absent): plain decimal digits only
 * ({@link parseDecimalInteger}), else a 400 naming the parameter, the range and the value.
 */
export function intParam(c: Context, name: string, fallback: number, min: number, max: number): number {
  const raw = c.req.query(name);
  return raw === undefined ? fallback : decimalParam(name, raw, min, max);
}

/** `raw`, the value of the request's parameter `name`, as an integer within [min, max], else a 400 naming both. */
export function decimalParam(name: string, raw: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = parseDecimalInteger(raw, min, max);
  if (n === undefined) throw badRequest(notDecimalInteger(name, raw, min, max));
  return n;
}

/**
 * An id-like query parameter (`?message=`, `?kind=`, `?user=`, …), undefined when absent or empty: otherwise a
 * valid id ({@link checkId}), else a 400 naming the parameter as the request gave it (a store would name its own
 * argument, such as `ids[0]`).
 */
export function idQuery(c: Context, name: string): string | undefined {
  const value = c.req.query(name) || undefined;
  if (value !== undefined) checkId(value, name, 'inspector');
  return value;
}

/**
 * The owner scope of a session the request names (`?user=`, `?agent=`), never wider than or outside the
 * inspector's scope: what the scope names is fixed, the request only fills in what it leaves open.
 */
export function ownerScope(source: InspectorSource, c: Context): Scope {
  const { tenant, user, agent } = source.scope;
  const u = user ?? idQuery(c, 'user');
  const a = agent ?? idQuery(c, 'agent');
  return { tenant, ...(u === undefined ? {} : { user: u }), ...(a === undefined ? {} : { agent: a }) };
}

/** Runs a handler, answering its errors with {@link sendError}. */
export function handle(api: ApiContext, fn: (c: Context) => Promise<unknown>) {
  return async (c: Context): Promise<Response> => {
    try {
      return await send(api, c, await fn(c));
    } catch (error) {
      return await sendError(api, c, error);
    }
  };
}

/** A path parameter of the route (always present when the route matched). */
export function param(c: Context, name: string): string {
  const value = c.req.param(name);
  if (value === undefined) throw badRequest(`missing ${name}`);
  return value;
}
