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
