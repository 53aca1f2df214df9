import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkInteger, checkKnownKeys, checkOptions } from '../../core/check-options.ts';
import { handleOss } from './mem0-oss-routes.ts';
import { handlePlatform } from './mem0-platform-routes.ts';
import { Mem0TestStore } from './mem0-test-store.ts';

/** Options of {@link startMem0TestServer}. */
export interface Mem0TestServerOptions {
  /** The key clients must send (`Authorization: Token <key>` on the platform paths, `X-API-Key` on the OSS ones). @default a random key */
  apiKey?: string;
  /** Delay before every response, in milliseconds (to trigger client timeouts); can be changed later. @default 0 */
  delayMs?: number;
}

/** A request the server received, as it saw it. */
export interface Mem0RecordedRequest {
  /** `GET`, `POST`, … */
  method: string;
  /** The path with its query string. */
  path: string;
  /** The request headers (lower-case names). */
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body, the raw text when it is not JSON, or undefined when empty. */
  body: unknown;
}

/** A response the test code wants served next instead of the real one. */
export interface Mem0InjectedFault {
  /** The status. */
  status: number;
  /** A JSON value, or a string sent as-is (`text/html`, to simulate a non-JSON proxy page). */
  body?: unknown;
  /** Extra headers, e.g. `{ 'retry-after': '1' }`. */
  headers?: Record<string, string>;
}

/** Which request {@link Mem0TestServer.failOn} fails: the fields given must all match. */
export interface Mem0FaultMatch {
  /** The method, e.g. `DELETE`. @default any method */
  method?: string;
  /** The path with its query string, whole, or a pattern it must match. @default any path */
  path?: string | RegExp;
  /** How many matching requests from now to answer first (as they would be without this fault). @default 0 */
  skip?: number;
}

/** A fault waiting in the queue: the request it fails, and how many more matching ones to answer first. */
interface QueuedFault extends Mem0InjectedFault {
  match: Mem0FaultMatch;
  skip: number;
}

const matches = (m: Mem0FaultMatch, method: string, path: string) =>
  (m.method === undefined || m.method.toUpperCase() === method) &&
  (m.path === undefined || (typeof m.path === 'string' ? m.path === path : path.search(m.path) >= 0));

/** A running Mem0 test server. */
export interface Mem0TestServer {
  /** The base URL, e.g. `http://127.0.0.1:54321`. */
  url: string;
  /** The key it accepts. */
  apiKey: string;
  /** Every request received, oldest first. */
  requests: Mem0RecordedRequest[];
  /** Delay before every response, in milliseconds. */
  delayMs: number;
  /** Serves `status` (with `body` and `headers`) for the next request, whatever it is; calls queue up. */
  failNext(status: number, body?: unknown, headers?: Record<string, string>): void;
  /**
   * Serves `status` (with `body` and `headers`) for a later request: the next one matching `match`, after `skip`
   * matching ones (counted from now, whatever they are answered). Calls queue up with `failNext`'s: each request is
   * served the oldest queued fault that matches it and has nothing left to skip; e.g. `failOn({ method: 'POST',
   * skip: 1 }, 500)` fails the second add from now, `failOn({ method: 'DELETE' }, 500)` the next delete.
   */
  failOn(match: Mem0FaultMatch, status: number, body?: unknown, headers?: Record<string, string>): void;
  /** Stops the server, dropping open connections. */
  close(): Promise<void>;
}

const maxBody = 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > maxBody) {
        resolve(undefined);
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed || res.headersSent) return;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const type = typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json';
  res.writeHead(status, { 'content-type': type, ...headers });
  res.end(text);
}

/**
 * Starts an HTTP server on 127.0.0.1 (a free port) that implements Mem0's memory endpoints in memory: the
 * platform paths (`POST /v1/memories/`, `POST /v2/memories/search/`, `GET|PUT|DELETE /v1/memories/{id}/`,
 * `GET /v1/memories/{id}/history/`, auth `Authorization: Token <key>`) and the open-source server's
 * (`POST /memories`, `POST /search`, `GET|PUT|DELETE /memories/{id}`, `GET /memories/{id}/history`, auth
 * `X-API-Key`). Memories are scoped by `user_id` / `agent_id` / `run_id`; `infer: true` stores one memory per
 * user sentence (a deterministic stand-in for Mem0's LLM); search scores by shared words. `delayMs`,
 * `failNext` and `failOn` inject faults. For tests only.
 */
export async function startMem0TestServer(options: Mem0TestServerOptions = {}): Promise<Mem0TestServer> {
  checkOptions(options, 'startMem0TestServer', 'testing');
  checkKnownKeys(options, { apiKey: true, delayMs: true }, 'startMem0TestServer', 'testing');
  const store = new Mem0TestStore();
  const faults: QueuedFault[] = [];
  const apiKey = options.apiKey ?? `m0-test-${randomUUID()}`;
  const requests: Mem0RecordedRequest[] = [];
  const handle: Mem0TestServer = {
    url: '',
    apiKey,
    requests,
    delayMs: options.delayMs ?? 0,
    failNext(status, body, headers) {
      faults.push({ status, body, headers, match: {}, skip: 0 });
    },
    failOn(match, status, body, headers) {
      // A misspelt key (`methd`) would fail whatever request comes next: refused, naming it.
      checkKnownKeys(match, { method: true, path: true, skip: true }, 'failOn', 'testing', 'failOn(match)');
      const skip = checkInteger(match.skip ?? 0, 'failOn(match).skip', 'testing', 0);
      faults.push({ status, body, headers, match: { ...match }, skip });
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  /** The fault to serve for a request, removed from the queue; every other matching fault counts it as skipped. */
  const takeFault = (method: string, path: string): Mem0InjectedFault | undefined => {
    const fits = faults.filter((f) => matches(f.match, method, path));
    const served = fits.find((f) => f.skip === 0);
    for (const f of fits) if (f !== served && f.skip > 0) f.skip--;
    if (served) faults.splice(faults.indexOf(served), 1);
    return served;
  };

  const server = createServer(async (req, res) => {
    const raw = await readBody(req).catch(() => undefined);
    const path = req.url ?? '/';
    let body: unknown;
    if (raw !== undefined && raw !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    requests.push({ method: req.method ?? 'GET', path, headers: { ...req.headers }, body });
    if (handle.delayMs > 0) await new Promise((r) => setTimeout(r, handle.delayMs));
    const fault = takeFault(req.method ?? 'GET', path);
    if (fault) return send(res, fault.status, fault.body ?? { detail: 'injected fault' }, fault.headers);
    if (raw === undefined) return send(res, 413, { detail: 'Request body too large.' });
    const url = new URL(path, 'http://localhost');
    const invalidJson = typeof body === 'string';
    try {
      const result = url.pathname.startsWith('/v')
        ? handlePlatform(store, req.method ?? 'GET', url.pathname, body, invalidJson, req.headers, apiKey)
        : handleOss(store, req.method ?? 'GET', url.pathname, body, invalidJson, req.headers, apiKey);
      send(res, result.status, result.body);
    } catch (error) {
      // A request the routes did not foresee is answered, never left hanging with an unhandled rejection.
      send(res, 500, {
        detail: `Mem0 test server error: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  handle.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return handle;
}
