import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { type CorpusRecord, writeCorpus } from '../../../test-support/longterm/ranking-corpus.ts';
import { joinedRanking } from '../../../test-support/longterm/sqlite-rank-rigs.ts';
import type { Scope } from '../../core/scope.ts';
import { analyzeText } from '../../longterm/analyze-text.ts';
import { getLongTermRecords } from '../../longterm/long-term-store-v1.ts';
import type { LongTermTextSearch } from '../sql/dialect-longterm-index.ts';
import { filterSql, liveWhere, scopeTokens } from '../sql/sql-longterm-rows.ts';
import { createSqliteClient } from './sqlite-client.ts';
import { openSqliteStore } from './sqlite-driver.ts';
import { rankSqliteLongTerm } from './sqlite-longterm-rank.ts';

const dir = mkdtempSync(join(tmpdir(), 'engram-sqlite-spare-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Many records over three words, so scores tie in long runs (every tie cut by a batch, a chunk, or the memo's length). */
const tiedCorpus: CorpusRecord[] = Array.from({ length: 90 }, (_, i) => ({
  user: i % 5 === 0 ? 'u2' : 'u1',
  id: `r${i}`,
  kind: (['turn', 'turn', 'episode', 'fact'] as const)[i % 4]!,
  text: ['apple', 'apple river', 'river stone', 'apple apple', 'stone'][i % 5]!,
  ...(i % 3 === 0 ? { context: 'apple' } : {}),
  speaker: 'Bob',
  ...(i % 11 === 0 ? { later: { text: 'apple stone' } } : {}),
}));

describe('rankSqliteLongTerm with spare rows, one handle, no writes', () => {
  it('every search after another of the same terms (a memo holding more rows than asked, complete or not) equals the joined ranking', async () => {
    const path = join(dir, 'spare.db');
    const store = await openSqliteStore({ path });
    await writeCorpus(getLongTermRecords(store), 'spare', tiedCorpus);
    const client = createSqliteClient(new DatabaseSync(path));
    const search = fc.record({
      words: fc.constantFrom(['apple'], ['apple', 'river'], ['stone']),
      user: fc.constantFrom<Scope['user']>(undefined, 'u1'),
      limit: fc.integer({ min: 1, max: 30 }),
      firstBatch: fc.integer({ min: 1, max: 120 }),
      chunk: fc.constantFrom(1, 3, 500),
      contextWeight: fc.constantFrom(0, 0.5),
      kinds: fc.constantFrom(undefined, ['turn'], ['episode'], ['fact', 'turn']),
    });
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(search, { minLength: 2, maxLength: 6 }), async (searches) => {
          for (const s of searches) {
            const scope: Scope =
              s.user === undefined ? { tenant: 'spare' } : { tenant: 'spare', user: s.user };
            const query: LongTermTextSearch = {
              scope,
              terms: [...new Set(analyzeText(s.words.join(' ')))],
              contextWeight: s.contextWeight,
              where: liveWhere(scope, filterSql(client.dialect, s.kinds ? { kinds: s.kinds } : {})),
              ...(s.kinds ? { kinds: s.kinds } : {}),
              scopeTokens: scopeTokens(scope),
              limit: s.limit,
            };
            const expected = await joinedRanking(client, query);
            const got = await rankSqliteLongTerm(client, query, {
              smallScope: 0,
              firstBatch: s.firstBatch,
              chunk: s.chunk,
            });
            expect(got.map(({ rid, score }) => ({ rid, score }))).toEqual(expected);
          }
        }),
        { numRuns: 150 },
      );
    } finally {
      await client.close(true);
      await store.close();
    }
  });
});
