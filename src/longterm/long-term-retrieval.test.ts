import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createTokenCounter } from '../tokens/create-token-counter.ts';
import { createLongTermMemory } from './create-long-term-memory.ts';
import { queryTerms } from './hybrid-search.ts';
import { createConversationTime, hasRelativeDate } from './long-term-retrieval.ts';
import { getLongTermRecords, type LongTermStoreV1 } from './long-term-store-v1.ts';
import { createMemoryLongTermRecords } from './memory-long-term-records.ts';

const opened: { close(): Promise<void> }[] = [];
const dirs: string[] = [];
/** A SQLite store in a temp dir, closed after the file's tests. */
function sqlite() {
  const dir = mkdtempSync(join(tmpdir(), 'engram-conversation-time-'));
  dirs.push(dir);
  const store = createSqliteStore({ path: join(dir, 'm.db') });
  opened.push(store);
  return store;
}
afterAll(async () => {
  for (const s of opened) await s.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const day = (d: number) => new Date(Date.UTC(2023, 4, d, 12));
let n = 0;
const said = (text: string, d: number, role: 'user' | 'assistant' = 'user'): MemoryMessage =>
  ({ id: `m${++n}`, role, content: text, createdAt: day(d) }) as MemoryMessage;

/** The same conversation, recorded into a new store by a memory whose clock says `clock`. */
async function recorded(clock: Date) {
  const records = createMemoryLongTermRecords();
  const scope = { tenant: 't', user: 'u' };
  const sessions: [string, MemoryMessage[]][] = [
    ['s1', [said('I went hiking in the hills', 6), said('Sounds fun', 6, 'assistant')]],
    ['s2', [said('I baked sourdough bread today', 7), said('Yum', 7, 'assistant')]],
    ['s3', [said('I painted the fence', 8), said('Nice work', 8, 'assistant')]],
  ];
  for (const [session, messages] of sessions) {
    const memory = createLongTermMemory({
      store: { longTermRecords: records },
      scope,
      session,
      clock: { now: () => clock },
    });
    await memory.record(messages);
  }
  return createLongTermMemory({ store: { longTermRecords: records }, scope, clock: { now: () => clock } });
}

const texts = (hits: { record: { text: string } }[]) => hits.map((h) => h.record.text);

describe('relative dates against the conversation time', () => {
  it('a fixed data set gives the same results under two machine clocks: "yesterday" is the day before its latest record', async () => {
    const a = await recorded(new Date('2026-01-01T00:00:00Z'));
    const b = await recorded(new Date('2031-07-19T08:30:00Z'));
    for (const q of ['what did I do yesterday?', 'what happened two days ago', 'last week', 'hiking']) {
      const [ha, hb] = [await a.search(q), await b.search(q)];
      expect(texts(ha)).toEqual(texts(hb));
      expect(ha.map((h) => h.score)).toEqual(hb.map((h) => h.score));
      expect(await a.retrieve(q)).toBe(await b.retrieve(q));
    }
    // The latest record is of 8 May: yesterday is 7 May, two days ago 6 May.
    // The two turns of that day rank first (which of them leads is BM25's length tie-break, not the date's).
    const top2 = async (q: string, now?: Date) => texts(await a.search(q, now ? { now } : {})).slice(0, 2);
    expect(await top2('what did I do yesterday?')).toContain('user: I baked sourdough bread today');
    expect(await top2('what did I do two days ago?')).toContain('user: I went hiking in the hills');
    // A `now` the caller gives wins.
    expect(await top2('what did I do yesterday?', day(9))).toContain('user: I painted the fence');
  });

  it('hasRelativeDate: relative expressions only', () => {
    expect(hasRelativeDate('what did I do yesterday?')).toBe(true);
    expect(hasRelativeDate('plans for next week')).toBe(true);
    expect(hasRelativeDate('what happened on 7 May 2023?')).toBe(false);
    expect(hasRelativeDate('where does Alice live?')).toBe(false);
    // A time of day with nothing that names a day is a habit, not a date (chrono reads it as today's).
    for (const habit of [
      'what do I eat at night?',
      'my evening routine',
      'in the morning',
      'on weekends',
      'noon',
    ])
      expect(hasRelativeDate(habit)).toBe(false);
    for (const relative of ['last night', 'this morning', 'tonight', 'tomorrow morning', 'this weekend'])
      expect(hasRelativeDate(relative)).toBe(true);
  });

  it('queryTerms: a bare time of day adds no date words; a relative day does', () => {
    const now = day(8); // Monday 8 May 2023
    const dated = (q: string) => queryTerms(q, now).filter((t) => ['may', '2023', '7', '8'].includes(t));
    expect(dated('what do I eat at night?')).toEqual([]);
    expect(dated('what is my morning routine?')).toEqual([]);
    expect(dated('what did I eat last night?')).toEqual(expect.arrayContaining(['7', '2023'])); // "may" is a stopword
    expect(dated('what did I eat this morning?')).toContain('2023');
  });

  // In process (the records listed once, then from the cursor) and on SQLite (read by `latestRecordTime`, then listed
  // from its end cursor), against the maximum over every record listed afresh.
  it.each([
    ['in process', () => createMemoryLongTermRecords()],
    ['SQLite', () => getLongTermRecords(sqlite())],
  ])(
    'property: the conversation time, kept across adds and asks (%s), is the direct maximum',
    async (_, open) => {
      const add = fc.record({
        session: fc.constantFrom('a', 'b'),
        valid: fc.option(fc.integer({ min: 1, max: 28 }), { nil: undefined }),
        kind: fc.constantFrom('turn', 'fact', 'engram.working'),
      });
      const shared = open();
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.array(add, { maxLength: 5 }), { minLength: 1, maxLength: 5 }),
          async (batches) => {
            const records: LongTermStoreV1 = shared;
            const scope = { tenant: `t${++run}` };
            const memory = createLongTermMemory({ store: { longTermRecords: records }, scope });
            const time = createConversationTime(records, scope);
            for (const batch of batches) {
              await memory.add(
                batch.map((r) => ({
                  text: `note ${++n}`,
                  kind: r.kind,
                  session: r.session,
                  ...(r.valid === undefined ? {} : { validAt: day(r.valid) }),
                })),
              );
              const all = (await records.listRecords(scope, { limit: 1000 })).records;
              for (const session of [undefined, 'a', 'b']) {
                const times = all
                  .filter(
                    (r) => (session === undefined || r.session === session) && r.kind !== 'engram.working',
                  )
                  .map((r) => (r.validAt ?? r.createdAt).getTime());
                const got = await time(session);
                expect(got?.getTime()).toBe(times.length ? Math.max(...times) : undefined);
              }
            }
          },
        ),
        { numRuns: 40 },
      );
    },
  );
});

describe('retrieve by budget', () => {
  it('packs whole records into maxTokens (counted with the memory counter), leaving out messages in context', async () => {
    const counter = createTokenCounter({ encoding: 'o200k_base' });
    const records = createMemoryLongTermRecords();
    const memory = createLongTermMemory({
      store: { longTermRecords: records },
      scope: { tenant: 't' },
      counter,
    });
    const messages = Array.from({ length: 40 }, (_, i) =>
      said(`note ${i} about the garden and roses`, 1 + (i % 20)),
    );
    await memory.record(messages);
    for (const maxTokens of [60, 200, 800, 2000]) {
      const block = await memory.retrieve('garden roses', { maxTokens });
      expect(counter.countText(block)).toBeLessThanOrEqual(maxTokens);
    }
    const wide = await memory.retrieve('garden roses');
    expect((wide.match(/^- \[/gm) ?? []).length).toBeGreaterThan(10);
    const none = await memory.retrieve('garden roses', { inContext: messages.map((m) => m.id) });
    expect(none).toBe('');
    const few = await memory.retrieve('garden roses', { limit: 2 });
    // At most the 2 candidates; the second is left out when the first's neighbours already show it.
    expect((few.match(/^- \[/gm) ?? []).length).toBeGreaterThanOrEqual(1);
    expect((few.match(/^- \[/gm) ?? []).length).toBeLessThanOrEqual(2);
    for (const bad of [0, 1.5, 'x'])
      await expect(memory.retrieve('garden', { maxTokens: bad as number })).rejects.toSatisfy((e: unknown) =>
        MemoryError.hasCode(e, 'INVALID_ARGUMENT'),
      );
    await expect(memory.search('garden', { now: new Date(Number.NaN) })).rejects.toSatisfy((e: unknown) =>
      MemoryError.hasCode(e, 'INVALID_QUERY'),
    );
  });
});

describe('search and retrieve check their options', () => {
  it('a misspelt option or a null one is INVALID_ARGUMENT naming it; before, both ran at the defaults', async () => {
    const memory = createLongTermMemory({
      store: { longTermRecords: createMemoryLongTermRecords() },
      scope: { tenant: 'acme' },
    });
    await memory.add('Ada lives in Lisbon.');
    const cases: [() => Promise<unknown>, RegExp][] = [
      [
        () => memory.search('Lisbon', { limt: 3 } as never),
        /search\(options\)\.limt: not an option of search/,
      ],
      [() => memory.search('Lisbon', { limit: null } as never), /search\(options\)\.limit must not be null/],
      [
        () => memory.search('Lisbon', { filter: null } as never),
        /search\(options\)\.filter must not be null/,
      ],
      [
        () => memory.retrieve('Lisbon', { maxToken: 50 } as never),
        /retrieve\(options\)\.maxToken: not an option/,
      ],
      [
        () => memory.retrieve('Lisbon', { inContext: null } as never),
        /retrieve\(options\)\.inContext must not be null/,
      ],
      [
        () => memory.retrieve('Lisbon', { knownAt: null } as never),
        /retrieve\(options\)\.knownAt must not be null/,
      ],
      // Before, a bad budget was named as packRecall's, a function the caller never called.
      [
        () => memory.retrieve('Lisbon', { maxTokens: -1 }),
        /^\[engram\] \[longterm\] retrieve\(options\)\.maxTokens must be an integer from 1 to 1000000, got -1$/,
      ],
      [
        () => memory.retrieve('Lisbon', { inContext: [1] } as never),
        /retrieve\(options\)\.inContext must be an array of message ids/,
      ],
    ];
    for (const [call, message] of cases) {
      const error = await call().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(MemoryError.hasCode(error, 'INVALID_ARGUMENT'), String(message)).toBe(true);
      expect((error as Error).message).toMatch(message);
    }
    expect((await memory.search('Lisbon', { limit: 1, now: undefined })).length).toBe(1);
    expect(await memory.retrieve('Lisbon', { maxTokens: 200 })).toContain('Lisbon');
  });
});
