import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { type FailedAttemptsOptions, failedAttempts } from './failed-attempts.ts';

/** The cookie a browser keeps the token in after opening the inspector's URL with `?token=`. */
export const tokenCookie = 'engram_inspector_token';

/** Host names that reach only this machine. */
export const loopbackHosts: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Whether a host name or address is a loopback one (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  return loopbackHosts.has(host) || /^127(\.\d{1,3}){3}$/.test(host);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares two strings in time that does not depend on where they differ (or on their lengths). */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** The address of the client that sent the request (Node's socket), or `'unknown'` on a server that gives none. */
const clientAddress = (env: unknown): string =>
  (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
    ?.remoteAddress ?? 'unknown';

/** The host name of a `Host` header (`127.0.0.1:4870` → `127.0.0.1`, `[::1]:80` → `[::1]`). */
const hostName = (header: string) =>
  header.startsWith('[') ? header.slice(0, header.indexOf(']') + 1) : header.split(':')[0]!;

/**
 * The inspector's guard, before every route: only GET and HEAD (anything else is 405, so the server cannot
 * be asked to change anything); with a token, every request must carry it (`Authorization: Bearer`, the
 * `X-Engram-Token` header, `?token=`, or the cookie set when the page was opened with `?token=`), compared in
 * constant time, else 401; a client whose failures spent its budget ({@link failedAttempts}: 10 a minute by
 * default) gets 429 with `Retry-After` and its token is not even compared; without a token the server answers only requests addressed to a loopback name
 * (a page elsewhere cannot reach it through DNS rebinding), else 403. Answers carry a strict content policy.
 */
export function accessGuard(options: {
  token?: string;
  attempts?: FailedAttemptsOptions;
}): MiddlewareHandler {
  const { token } = options;
  const budget = failedAttempts(options.attempts);
  return async (c, next) => {
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header(
      'Content-Security-Policy',
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
    );
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      c.header('Allow', 'GET, HEAD');
      return c.json({ error: 'the inspector is read-only: only GET' }, 405);
    }
    if (token === undefined) {
      if (!isLoopback(hostName(c.req.header('host') ?? '')))
        return c.json({ error: 'not a loopback host' }, 403);
      return next();
    }
    const client = clientAddress(c.env);
    const waitMs = budget.waitMs(client);
    if (waitMs > 0) {
      c.header('Retry-After', String(Math.ceil(waitMs / 1000)));
      return c.json({ error: 'too many failed attempts: try again later' }, 429);
    }
    const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const fromQuery = c.req.query('token');
    const given = bearer ?? c.req.header('x-engram-token') ?? fromQuery ?? getCookie(c, tokenCookie);
    if (given === undefined || !sameSecret(given, token)) {
      if (given !== undefined) budget.fail(client);
      return c.json({ error: 'a valid token is required' }, 401);
    }
    if (fromQuery !== undefined)
      setCookie(c, tokenCookie, fromQuery, { httpOnly: true, sameSite: 'Strict', path: '/' });
    return next();
  };
}
