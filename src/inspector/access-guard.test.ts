import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createInspectorApp } from './inspector-app.ts';
import {
  assertStrongToken,
  generateInspectorToken,
  minTokenBits,
  tokenEntropyBits,
} from './inspector-token.ts';
import { readOnlySource } from './read-only-source.ts';
import { startInspector } from './start-inspector.ts';

const store = createSqliteStore({ path: ':memory:' });
const source = readOnlySource(store, { tenant: 'acme', user: 'ada' });
const strong = 'f3a9c27e1b8d4065a2c7e9f1b3d5a7c9';
afterAll(() => store.close());

/** The code of the error a promise rejects with (or 'resolved'). */
const rejection = (p: Promise<unknown>) =>
  p.then(
    async (r) => {
      await (r as { close(): Promise<void> }).close();
      return 'resolved';
    },
    (e: unknown) => (MemoryError.isInstance(e) ? e.code : `raw ${String(e)}`),
  );

describe('the inspector token', () => {
  it('refuses weak tokens on 0.0.0.0 with INVALID_ARGUMENT: spaces, short, repetitive, low-entropy', async () => {
    for (const token of [
      '        ',
      ' '.repeat(40),
      `${strong} `,
      'short',
      'a'.repeat(64),
      'ab'.repeat(20),
      'password',
      '12345678901234567890',
      'tok\ten-with-a-control-0123456789',
    ])
      expect(await rejection(startInspector(source, { host: '0.0.0.0', port: 0, token })), token).toBe(
        'INVALID_ARGUMENT',
      );
  });

  it('accepts random tokens: every 16 random bytes as hex or base64url pass', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 32 }), (bytes) => {
        assertStrongToken(Buffer.from(bytes).toString('hex'));
        if (bytes.length >= 20) assertStrongToken(Buffer.from(bytes).toString('base64url'));
      }),
    );
    expect(tokenEntropyBits(generateInspectorToken())).toBeGreaterThan(2 * minTokenBits);
  });

  it('generates a strong token when 0.0.0.0 is bound without one, and every request needs it', async () => {
    const running = await startInspector(source, { host: '0.0.0.0', port: 0 });
    try {
      const token = running.token!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(running.url).toBe(`http://0.0.0.0:${running.port}/?token=${token}`);
      const at = `http://127.0.0.1:${running.port}/api/info`;
      expect((await fetch(at)).status).toBe(401);
      expect((await fetch(at, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      const other = await startInspector(source, { host: '0.0.0.0', port: 0 });
      expect(other.token).not.toBe(token);
      await other.close();
    } finally {
      await running.close();
    }
  });
});

describe('failed token attempts', () => {
  it('3,000 wrong guesses over HTTP: 10 are answered 401, every later one 429 with Retry-After', async () => {
    const running = await startInspector(source, { port: 0, token: strong });
    try {
      const at = `http://127.0.0.1:${running.port}/api/info`;
      const statuses = new Map<number, number>();
      let retryAfter: string | null = null;
      for (let i = 0; i < 3000; i += 100)
        await Promise.all(
          Array.from({ length: 100 }, async (_, j) => {
            const r = await fetch(at, { headers: { 'x-engram-token': `guess-${i + j}-0123456789abcdef` } });
            statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
            if (r.status === 429) retryAfter = r.headers.get('retry-after');
            await r.body?.cancel();
          }),
        );
      expect(Object.fromEntries(statuses)).toEqual({ 401: 10, 429: 2990 });
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(Number(retryAfter)).toBeLessThanOrEqual(60);
      // Locked out, the right token is not even compared.
      expect((await fetch(at, { headers: { authorization: `Bearer ${strong}` } })).status).toBe(429);
    } finally {
      await running.close();
    }
  });

  it('the budget comes back as failures leave the window', async () => {
    let now = 1_000_000;
    const app = createInspectorApp(source, {
      token: strong,
      failedAttempts: { limit: 3, windowMs: 60_000, now: () => now },
    });
    const get = (token: string) => app.request('/api/info', { headers: { 'x-engram-token': token } });
    for (const t of [0, 10_000, 20_000]) {
      now = 1_000_000 + t;
      expect((await get('wrong-token-0123456789')).status).toBe(401);
    }
    const locked = await get(strong);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('40');
    now = 1_060_001; // the first failure has left the window: one more attempt is allowed
    expect((await get(strong)).status).toBe(200);
    expect((await get('wrong-token-0123456789')).status).toBe(401);
    expect((await get(strong)).status).toBe(429);
    now = 1_080_001;
    expect((await get(strong)).status).toBe(200);
    // A request without any token is refused but not counted against the budget.
    for (let i = 0; i < 10; i++) expect((await app.request('/api/info')).status).toBe(401);
    expect((await get(strong)).status).toBe(200);
  });
});
