import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mem0TestServer, startMem0TestServer } from './mem0-test-server.ts';

/**
 * Requests a client under test may send the Mem0 test server by mistake: each is answered with a 4xx JSON error
 * (never left unanswered, never a thrown error in the test process).
 */
let server: Mem0TestServer;
const platform = { authorization: 'Token k', 'content-type': 'application/json' };
const oss = { 'x-api-key': 'k', 'content-type': 'application/json' };
const thrown: unknown[] = [];
const onRejection = (error: unknown) => thrown.push(error);

beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  server = await startMem0TestServer({ apiKey: 'k' });
});
afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  await server.close();
});

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(2_000),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('startMem0TestServer: bad requests are 4xx JSON answers', () => {
  it.each([
    ['GET', '/v1/memories/%E0%A4%A/', platform],
    ['DELETE', '/v1/memories/%ZZ/history/', platform],
    ['GET', '/memories/%E0%A4%A', oss],
    ['DELETE', '/memories/%ZZ', oss],
    ['GET', '/memories/%/history', oss],
  ])(
    '%s %s (an id that is not percent-encoding) is answered 400, not left hanging',
    async (method, path, headers) => {
      const answer = await call(method, path, headers);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toMatch(/memory id|percent/i);
      expect(thrown).toEqual([]);
    },
  );
});
