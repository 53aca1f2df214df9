import { describe, expect, it } from 'vitest';
import { expectMemoryError } from '../fixtures.ts';
import { startMem0TestServer } from './mem0-test-server.ts';

describe('startMem0TestServer', () => {
  it('refuses a misspelt option (apikey: a random key, so every request of the test failed with 401) naming it', async () => {
    const error = await expectMemoryError(
      () => startMem0TestServer({ apikey: 'k' } as never),
      'INVALID_ARGUMENT',
    );
    expect(error.message).toMatch(/startMem0TestServer\(options\)\.apikey: not an option/);
    const server = await startMem0TestServer({ apiKey: 'k', delayMs: 0 });
    expect(server.apiKey).toBe('k');
    await server.close();
  });
});

describe('Mem0TestServer.failOn', () => {
  const call = (server: { url: string; apiKey: string }, method: string, path: string) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' },
      ...(method === 'POST' ? { body: JSON.stringify({ query: 'q', filters: { user_id: 'u' } }) } : {}),
    }).then((r) => r.status);

  it('fails the matching request after skipping some, leaving others and failNext served in turn', async () => {
    const server = await startMem0TestServer();
    try {
      server.failOn({ method: 'POST', skip: 1 }, 503);
      server.failOn({ path: /^\/memories\/[^/]+$/ }, 502);
      server.failNext(500);
      expect(await call(server, 'GET', '/memories')).toBe(500); // failNext: matches any request
      expect(await call(server, 'POST', '/search')).toBe(200); // the skipped POST
      expect(await call(server, 'GET', '/memories/00000000-0000-4000-8000-000000000000')).toBe(502);
      expect(await call(server, 'POST', '/search')).toBe(503);
      expect(await call(server, 'POST', '/search')).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('refuses a misspelt match key or a bad skip, naming it', async () => {
    const server = await startMem0TestServer();
    try {
      const e1 = await expectMemoryError(
        () => server.failOn({ methd: 'DELETE' } as never, 500),
        'INVALID_ARGUMENT',
      );
      expect(e1.message).toContain('failOn(match).methd');
      const e2 = await expectMemoryError(() => server.failOn({ skip: -1 }, 500), 'INVALID_ARGUMENT');
      await expectMemoryError(() => server.failOn(undefined as never, 500), 'INVALID_ARGUMENT');
      expect(e2.message).toContain('failOn(match).skip');
    } finally {
      await server.close();
    }
  });
});
