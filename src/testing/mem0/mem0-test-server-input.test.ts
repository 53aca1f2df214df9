import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mem0TestServer, startMem0TestServer } from './mem0-test-server.ts';

/**
 * Requests a client under test may send the Mem0 test server by mistake: each is answered with a 4xx JSON error
 * (never left unanswered, never a thrown error in the test process), and a search never reaches past the
 * entities its filters name.
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

describe('startMem0TestServer: a search stays within every entity its filters name', () => {
  it('an entity beside AND, or AND that is not a list, narrows the search or is refused, never ignored', async () => {
    const added = await call('POST', '/v1/memories/', platform, {
      messages: [{ role: 'user', content: 'Alice lives in Paris.' }],
      user_id: 'alice',
      agent_id: 'travel',
      infer: false,
      async_mode: false,
    });
    expect(added.status).toBe(200);
    const search = (path: string, headers: Record<string, string>, body: object) =>
      call('POST', path, headers, { query: 'Paris', ...body });
    // Alice's memory is the travel agent's: a search for another agent of Alice's finds nothing.
    for (const [path, headers] of [
      ['/v2/memories/search/', platform],
      ['/search', oss],
    ] as const) {
      const beside = await search(path, headers, {
        filters: { AND: [{ user_id: 'alice' }], agent_id: 'billing' },
      });
      expect(beside, path).toEqual({ status: 200, body: path === '/search' ? { results: [] } : [] });
      const notList = await search(path, headers, {
        filters: { AND: { agent_id: 'billing' }, user_id: 'alice' },
      });
      expect(notList.status, path).toBe(400);
    }
    const topLevel = await search('/search', oss, {
      filters: { AND: [{ user_id: 'alice' }] },
      agent_id: 'billing',
    });
    expect(topLevel).toEqual({ status: 200, body: { results: [] } });
    const twice = await search('/search', oss, { filters: { user_id: 'alice' }, user_id: 'bob' });
    expect(twice.status).toBe(400);
    const own = await search('/v2/memories/search/', platform, {
      filters: { AND: [{ user_id: 'alice' }], agent_id: 'travel' },
    });
    expect((own.body as { memory: string }[]).map((m) => m.memory)).toEqual(['Alice lives in Paris.']);
  });
});
