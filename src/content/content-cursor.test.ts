/** A content query's cursor: a forged one is a typed `INVALID_QUERY` on every store, never a raw error or a wrong page. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createEstimateTokenCounter } from '../tokens/estimate-token-counter.ts';
import { createContentStore } from './create-content-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-content-cursor-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const scope = { tenant: 't', user: 'u' };
const counter = createEstimateTokenCounter();
const stores = [
  ['in-process', () => createMemoryStore()],
  ['SQLite', () => createSqliteStore({ path: join(dir, `c-${Math.random().toString(36).slice(2)}.db`) })],
] as const;

/** A cursor as a caller could forge one: base64url of any JSON. */
const forged = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

describe('content query cursors', () => {
  for (const [name, open] of stores)
    it(`refuses forged cursors with INVALID_QUERY and still pages with its own (${name})`, async () => {
      const store = open();
      const content = createContentStore({ store, scope, counter });
      for (let i = 0; i < 5; i++) await content.store({ type: 'note', source: 'test', content: `note ${i}` });
      // Its own cursors page through every item once.
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await content.query({ limit: 2, ...(cursor ? { cursor } : {}) });
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(new Set(seen).size).toBe(5);
      expect(seen).toHaveLength(5);
      // A forged id (NUL, a lone surrogate, 100 KB, not a string) or anything else is refused before any store reads it.
      for (const bad of [
        forged([1, 'a\u0000b']),
        forged([1, '\ud800']),
        forged([1, 'x'.repeat(5000)]),
        forged([1, '']),
        forged([1, 7]),
        forged(['1', 'a']),
        forged({ timestampMs: 1, id: 'a' }),
        'not base64 at all!',
      ])
        await expect(content.query({ cursor: bad })).rejects.toMatchObject({ code: 'INVALID_QUERY' });
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.string({ unit: 'binary' }),
            fc.jsonValue().map(forged),
            fc.tuple(fc.integer(), fc.string({ unit: 'binary' })).map(forged),
          ),
          async (cursor) => {
            try {
              await content.query({ cursor, limit: 2 });
            } catch (error) {
              expect(MemoryError.isInstance(error)).toBe(true);
            }
          },
        ),
        { numRuns: 200 },
      );
      await store.close();
    });
});
