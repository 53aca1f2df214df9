import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { type Mem0TestServer, startMem0TestServer } from '../../testing/mem0/index.ts';
import type { LongTermSearchOptions } from '../long-term-memory.ts';
import { createMem0LongTermMemory } from './mem0-long-term-memory.ts';
import type { Mem0Api } from './mem0-options.ts';

let server: Mem0TestServer;
beforeAll(async () => {
  server = await startMem0TestServer();
});
afterAll(() => server.close());

/** Options Mem0 cannot honour, or that are not options at all: each must be refused, not ignored. */
const bad: [string, unknown][] = [
  ['options', null],
  ['options', 'fast'],
  ['options', [10]],
  ['knownAt', { knownAt: new Date('2020-01-01') }],
  ['now', { now: 'yesterday' }],
  ['now', { now: new Date(Number.NaN) }],
  ['limt', { limt: 1 }],
  ['abortSignal', { abortSignal: 'stop' }],
];

describe.each<Mem0Api>(['platform', 'oss'])('createMem0LongTermMemory search options (%s API)', (api) => {
  it('refuses bad search and retrieve options with INVALID_ARGUMENT naming them, before any request', async () => {
    const mem = createMem0LongTermMemory({
      baseUrl: server.url,
      apiKey: server.apiKey,
      api,
      ids: { userId: `u-${crypto.randomUUID()}` },
    });
    await mem.add('I drink tea every morning');
    const before = server.requests.length;
    for (const [where, options] of bad) {
      const named = (e: unknown) => MemoryError.hasCode(e, 'INVALID_ARGUMENT') && e.message.includes(where);
      await expect(mem.search('tea', options as LongTermSearchOptions), where).rejects.toSatisfy(named);
      await expect(mem.retrieve('tea', options as LongTermSearchOptions), where).rejects.toSatisfy(named);
    }
    expect(server.requests.length).toBe(before);
    // What it supports still works: a limit, and `now` as a Date (Mem0 resolves no relative dates, so unused).
    const hits = await mem.search('tea', { limit: 1, now: new Date() });
    expect(hits.map((h) => h.record.text)).toEqual(['I drink tea every morning']);
  });
});

describe('createMem0LongTermMemory search with an abortSignal (what agent() passes for its run)', () => {
  it('is accepted, and aborting it stops the request: STORE_ERROR saying aborted', async () => {
    const slow = await startMem0TestServer({ delayMs: 1000 });
    try {
      const mem = createMem0LongTermMemory({
        baseUrl: slow.url,
        apiKey: slow.apiKey,
        ids: { userId: `u-${crypto.randomUUID()}` },
      });
      const controller = new AbortController();
      const started = Date.now();
      setTimeout(() => controller.abort(), 50);
      const error = await mem.search('tea', { abortSignal: controller.signal }).catch((e: unknown) => e);
      expect(MemoryError.hasCode(error, 'STORE_ERROR') && /was aborted/.test(String(error))).toBe(true);
      expect(Date.now() - started).toBeLessThan(900);
      expect(await mem.search('tea', { abortSignal: new AbortController().signal })).toEqual([]);
    } finally {
      await slow.close();
    }
  });
});
