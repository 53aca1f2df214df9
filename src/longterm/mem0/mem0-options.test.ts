import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mem0TestServer, startMem0TestServer } from '../../testing/mem0/index.ts';
import { createMem0LongTermMemory } from './mem0-long-term-memory.ts';
import type { Mem0LongTermMemoryOptions } from './mem0-options.ts';

let server: Mem0TestServer;
beforeAll(async () => {
  server = await startMem0TestServer();
});
afterAll(() => server.close());

describe('createMem0LongTermMemory options', () => {
  it('refuses a misspelt top-level key (apikey) instead of sending no key, before any request', () => {
    const before = server.requests.length;
    for (const key of ['apikey', 'baseURL', 'timeout']) {
      const options = { baseUrl: server.url, ids: { userId: 'u' }, [key]: 'x' };
      expect(() => createMem0LongTermMemory(options as Mem0LongTermMemoryOptions), key).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringContaining(`createMem0LongTermMemory(options).${key}: not an option`),
        }),
      );
    }
    expect(server.requests.length).toBe(before);
  });

  it('names every bad option as createMem0LongTermMemory(options).<option>', () => {
    const base = { baseUrl: server.url, ids: { userId: 'u' } };
    const cases: [string, Record<string, unknown>][] = [
      ['api', { api: 'cloud' }],
      ['baseUrl', { baseUrl: 'not a url' }],
      ['apiKey', { apiKey: 5 }],
      ['ids', { ids: 'u' }],
      ['ids', { ids: {} }],
      ['roles', { roles: ['robot'] }],
      ['metadata', { metadata: { d: Number.NaN } }],
      ['infer', { infer: 'yes' }],
      ['fetch', { fetch: 'fetch' }],
      ['limit', { limit: 0 }],
      ['timeoutMs', { timeoutMs: -1 }],
      ['retries', { retries: 1.5 }],
      ['maxRetryDelayMs', { maxRetryDelayMs: 'soon' }],
    ];
    for (const [name, bad] of cases)
      expect(() => createMem0LongTermMemory({ ...base, ...bad } as Mem0LongTermMemoryOptions), name).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringContaining(`createMem0LongTermMemory(options).${name}`),
        }),
      );
  });

  it('refuses a baseUrl with a query, a fragment or credentials, which every path was appended after', () => {
    // `${baseUrl}/v1/memories/` of 'http://host/?region=eu' is 'http://host/?region=eu/v1/memories/': an add was
    // sent to the root and answered as an authentication failure, or as 'no such memory'.
    const before = server.requests.length;
    const host = new URL(server.url).host;
    for (const baseUrl of [
      `${server.url}/?region=eu`,
      `${server.url}?a=1`,
      `${server.url}#x`,
      `http://u:p@${host}`,
    ])
      expect(() => createMem0LongTermMemory({ baseUrl, apiKey: 'k', ids: { userId: 'u' } }), baseUrl).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringMatching(/baseUrl must not have a query, a fragment or credentials/),
        }),
      );
    expect(server.requests.length).toBe(before);
    // A base path is kept: the calls go under it.
    expect(() =>
      createMem0LongTermMemory({ baseUrl: `${server.url}/mem0/`, ids: { userId: 'u' } }),
    ).not.toThrow();
  });

  it('retrieve refuses a bad maxTokens or inContext before it sends the search', async () => {
    const m = createMem0LongTermMemory({
      baseUrl: server.url,
      apiKey: server.apiKey,
      ids: { userId: `u-${crypto.randomUUID()}` },
    });
    const before = server.requests.length;
    for (const options of [{ maxTokens: -1 }, { maxTokens: 'many' }, { inContext: 'r1' }])
      await expect(m.retrieve('tea', options as never), JSON.stringify(options)).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
      });
    expect(server.requests.length).toBe(before);
  });

  it('refuses a signal that is no AbortSignal at construction, before any request', async () => {
    // It was kept as given, and every call then threw a raw TypeError from AbortSignal.any (nothing sent).
    const before = server.requests.length;
    for (const signal of ['abort', 5, {}, { aborted: false }])
      expect(
        () => createMem0LongTermMemory({ baseUrl: server.url, ids: { userId: 'u' }, signal } as never),
        JSON.stringify(signal),
      ).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringContaining('createMem0LongTermMemory(options).signal must be an AbortSignal'),
        }),
      );
    expect(server.requests.length).toBe(before);
  });

  it('refuses an apiKey no HTTP header can carry at construction, without repeating the key', async () => {
    // It was kept, and every call failed as STORE_ERROR with fetch's message, which quoted the key ("Token …").
    const before = server.requests.length;
    for (const apiKey of ['sk-\u0000secret', 'sk-secret\ud800', 'sk-sécret', 'sk-\nsecret'])
      expect(
        () => createMem0LongTermMemory({ baseUrl: server.url, ids: { userId: 'u' }, apiKey }),
        JSON.stringify(apiKey),
      ).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringMatching(/apiKey must be printable ASCII(?![\s\S]*secret)/),
        }),
      );
    expect(server.requests.length).toBe(before);
    // Whitespace around it is what a key read from a file has: fetch drops it, and so is it taken.
    const m = createMem0LongTermMemory({
      baseUrl: server.url,
      apiKey: `${server.apiKey}\n`,
      ids: { userId: `u-${crypto.randomUUID()}` },
    });
    expect(await m.search('tea')).toEqual([]);
  });

  it('accepts every declared key', async () => {
    const m = createMem0LongTermMemory({
      baseUrl: server.url,
      api: 'platform',
      apiKey: server.apiKey,
      ids: { userId: `u-${crypto.randomUUID()}` },
      infer: false,
      roles: ['user', 'assistant'],
      metadata: { source: 'test' },
      limit: 5,
      timeoutMs: 10_000,
      retries: 1,
      maxRetryDelayMs: 100,
      fetch: globalThis.fetch,
      signal: new AbortController().signal,
    });
    await m.add('I drink tea every morning');
    expect((await m.search('tea')).length).toBeGreaterThan(0);
  });
});
