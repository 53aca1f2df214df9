import { describe, expect, it } from 'vitest';
import { expectMemoryError } from '../../testing/fixtures.ts';
import { startMem0TestServer } from '../../testing/mem0/index.ts';
import { createMem0Http, mem0ErrorDetail, retryAfterMs } from './mem0-http.ts';

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and ignores garbage', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('0.5')).toBe(500);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs('Wed, 01 Jan 2025 00:00:03 GMT', now)).toBe(3000);
    expect(retryAfterMs('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });
});

describe('mem0ErrorDetail', () => {
  it('reads FastAPI, DRF and platform error bodies', () => {
    expect(mem0ErrorDetail({ detail: 'Invalid token.' })).toBe('Invalid token.');
    expect(mem0ErrorDetail({ detail: [{ loc: ['body', 'query'], msg: 'Field required' }] })).toBe(
      'body.query: Field required',
    );
    expect(mem0ErrorDetail({ error: '400 Bad Request', details: { message: 'Invalid input data.' } })).toBe(
      'Invalid input data.',
    );
    expect(mem0ErrorDetail({ error: 'Memory not found!' })).toBe('Memory not found!');
    expect(mem0ErrorDetail('x'.repeat(600))).toHaveLength(501);
  });
});

describe('createMem0Http', () => {
  it('fails with STORE_ERROR saying aborted when the caller signal fires', async () => {
    const server = await startMem0TestServer({ delayMs: 1000 });
    try {
      const controller = new AbortController();
      const request = createMem0Http({
        baseUrl: server.url,
        headers: { authorization: `Token ${server.apiKey}` },
        timeoutMs: 5000,
        retries: 0,
        maxRetryDelayMs: 0,
        fetch: globalThis.fetch,
        signal: controller.signal,
      });
      setTimeout(() => controller.abort(), 50);
      const e = await expectMemoryError(request('GET', '/v1/memories/x/'), 'STORE_ERROR');
      expect(e.message).toMatch(/was aborted/);
    } finally {
      await server.close();
    }
  });

  it('does not retry a 429 when retries is 0, and says so with Mem0 detail', async () => {
    const server = await startMem0TestServer();
    try {
      const request = createMem0Http({
        baseUrl: server.url,
        headers: { authorization: `Token ${server.apiKey}` },
        timeoutMs: 5000,
        retries: 0,
        maxRetryDelayMs: 0,
        fetch: globalThis.fetch,
      });
      server.failNext(429, { detail: 'Request was throttled.' }, { 'retry-after': '30' });
      const e = await expectMemoryError(request('POST', '/v2/memories/search/', {}), 'STORE_ERROR');
      expect(e.message).toMatch(/429.*throttled/);
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
