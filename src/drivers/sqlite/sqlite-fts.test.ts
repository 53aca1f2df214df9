import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Scope } from '../../core/scope.ts';
import { maxSearchTextLength, maxSearchWords, toSearchWords } from '../../messages/search-text.ts';
import { expectMemoryError, makeMessage, toInputs } from '../../testing/fixtures.ts';
import { createSqliteStore } from './sqlite-driver.ts';
import { fts5MatchText } from './sqlite-fts5.ts';

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

describe('sqlite full-text search', () => {
  it('stems with porter and ranks by bm25, hidden tombstones leave the index', async () => {
    const store = createSqliteStore({ path: ':memory:' });
    const s = { tenant: 'fts' };
    await store.createSession(s, { id: 'a' });
    const ms = [
      'she was running fast',
      'runs runs runs and more runs',
      'a single run among many many unrelated filler words in a long sentence here',
      'walking only',
    ].map((t) => makeMessage('user', t));
    await store.append(s, 'a', toInputs(ms));
    const hits = await store.searchMessages(s, { text: 'RUN' });
    expect(hits.map((h) => h.entry.seq)).toEqual([2, 1, 3]);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    expect(hits[1]!.score).toBeGreaterThan(hits[2]!.score);

    await store.deleteMessages(s, 'a', [ms[1]!.id]);
    expect((await store.searchMessages(s, { text: 'runner' })).map((h) => h.entry.seq)).toEqual([]);
    expect((await store.searchMessages(s, { text: 'running' })).map((h) => h.entry.seq)).toEqual([1, 3]);
    // The FTS index itself lost the tombstoned row (not only filtered at query time).
    const indexed = store.database
      .prepare(`SELECT rowid FROM engram_messages_fts WHERE engram_messages_fts MATCH 'runs'`)
      .all();
    expect(indexed).toHaveLength(2);
    await store.deleteSession(s, 'a');
    expect(
      store.database
        .prepare(`SELECT rowid FROM engram_messages_fts WHERE engram_messages_fts MATCH 'run'`)
        .all(),
    ).toEqual([]);
    await store.close();
  });

  it('quotes every word as an FTS5 string', () => {
    expect(fts5MatchText(['NEAR', 'a"b'])).toBe('"NEAR" "a""b"');
    expect(toSearchWords('"brown fox" AND (quick*) col:x NEAR(y)')).toEqual([
      'brown',
      'fox',
      'quick',
      'col',
      'x',
      'y',
    ]);
    expect(toSearchWords('AND OR')).toEqual(['AND', 'OR']);
    expect(toSearchWords('-- ^ * ( )')).toEqual([]);
  });

  it('10,000 fuzzed queries never leave the tenant, every hit holds every query word, and only queries past the limits throw (INVALID_QUERY)', async () => {
    const store = createSqliteStore({ path: ':memory:' });
    const corpus = [
      'alpha bravo delta',
      'near the col and or not',
      'quoted "alpha" with NEAR(bravo delta) and col:alpha',
      'café naïve élan',
      '日本語 テキスト alpha',
      'x1 y2 z3 bravo',
      'alpha AND bravo OR delta NOT echo',
      'echo foxtrot',
    ];
    const tenants = ['acme', 'Acme', 'acme ', 'acme%', 'acme_', 'acm'];
    const owner = new Map<string, string>();
    for (const tenant of tenants) {
      for (const sid of ['s1', 's2']) {
        await store.createSession({ tenant }, { id: sid });
        const ms = corpus.map((t) => makeMessage('user', t));
        for (const m of ms) owner.set(m.id, tenant);
        await store.append({ tenant }, sid, toInputs(ms));
      }
      // A fork: inherited hits are reported under the fork too.
      await store.createSession({ tenant }, { id: 'f', fork: { parentId: 's1', atSeq: 4 } });
    }
    const caller: Scope = { tenant: 'acme' };
    const pieces = fc.constantFrom(
      '"',
      'NEAR(',
      'NEAR',
      '*',
      'col:',
      'text:',
      'AND',
      'OR',
      'NOT',
      '(',
      ')',
      '^',
      '-',
      ' ',
      ' ',
      '""',
      ':',
      '+',
      '{',
      '}',
      "'",
      '\\',
      '\u0000',
      'alpha',
      'bravo',
      'delta',
      'echo',
      'near',
      'and',
      'not',
      'or',
      'col',
      'café',
      'CAFE',
      '日本語',
      'テキスト',
      'x1',
      '🧠',
      '\u0301',
    );
    const junk = fc.string({
      unit: fc.constantFrom(...'"*^-()[]{}:;,.!?~`@#$%&=+<>|/\\0123456789 \t\n日本🧠ßø\u200b\u0301'),
    });
    const long = fc.constantFrom(
      'alpha '.repeat(682),
      'alpha '.repeat(1500),
      'x'.repeat(4096),
      'x'.repeat(20_000),
      '"('.repeat(2048),
      '"('.repeat(5000),
      'NEAR('.repeat(800),
      'NEAR('.repeat(2000),
      Array.from({ length: 64 }, (_, i) => `w${i}`).join(' '),
      Array.from({ length: 65 }, (_, i) => `w${i}`).join(' '),
    );
    const query = fc.oneof(
      { weight: 20, arbitrary: fc.array(fc.oneof(pieces, junk), { maxLength: 12 }).map((a) => a.join('')) },
      { weight: 1, arbitrary: long },
      { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    );
    let withHits = 0;
    await fc.assert(
      fc.asyncProperty(query, async (text) => {
        const words = toSearchWords(text).map(fold);
        if (text.length > maxSearchTextLength || words.length > maxSearchWords) {
          await expectMemoryError(store.searchMessages(caller, { text, limit: 50 }), 'INVALID_QUERY');
          return;
        }
        const hits = await store.searchMessages(caller, { text, limit: 50 });
        if (hits.length > 0) withHits++;
        for (const h of hits) {
          expect(owner.get(h.entry.message.id)).toBe('acme');
          expect(['s1', 's2', 'f']).toContain(h.sessionId);
          const tokens = new Set(fold(String(h.entry.message.content)).match(/[\p{L}\p{M}\p{N}]+/gu));
          for (const w of words) expect(tokens.has(w), `${JSON.stringify(text)} → ${w}`).toBe(true);
        }
      }),
      { numRuns: 10_000 },
    );
    expect(withHits).toBeGreaterThan(100);
    await store.close();
  });
});
