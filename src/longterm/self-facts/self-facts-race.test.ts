import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTestSchema } from '../../../test-support/postgres/test-database.ts';
import { tempSqlitePaths } from '../../../test-support/temp-sqlite-store.ts';
import type { MemoryMessage } from '../../core/message.ts';
import { createJsonFileStore } from '../../drivers/json-file/json-file-driver.ts';
import { createLibsqlStore } from '../../drivers/libsql/libsql-store.ts';
import { createMemoryStore } from '../../drivers/memory/index.ts';
import { createPostgresStore } from '../../drivers/postgres/postgres-driver.ts';
import { createSqliteStore } from '../../drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from '../create-long-term-memory.ts';
import type { LongTermRecord } from '../long-term-record.ts';
import type { LongTermStoreV1 } from '../long-term-store-v1.ts';
import { settleEnds } from './settle-self-fact-ends.ts';

const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000);
const user = (id: string, content: string, at: Date): MemoryMessage =>
  ({ id, role: 'user', content, createdAt: at }) as MemoryMessage;
const scope = { tenant: 't', user: 'u' };
const clock = { now: () => day(400) };
const sqlitePath = tempSqlitePaths('self-facts-race');

/** Stores that two writers share: each call of `handle()` is a writer's own handle on the same data. */
type Shared = { handle(): Parameters<typeof createLongTermMemory>[0]['store']; close(): Promise<void> };
/** A new handle on the file at `path` for each writer, all closed together. */
function handlesOn(
  path: string,
  open: (path: string) => ReturnType<Shared['handle']> & { close(): Promise<void> },
): Shared {
  const opened: { close(): Promise<void> }[] = [];
  return {
    handle: () => {
      const s = open(path);
      opened.push(s);
      return s;
    },
    close: async () => {
      for (const s of opened) await s.close();
    },
  };
}

const shared: [string, () => Promise<Shared>][] = [
  [
    'one in-process store',
    async () => {
      const store = createMemoryStore();
      return { handle: () => store, close: async () => {} };
    },
  ],
  [
    'two SQLite handles on one file',
    async () => handlesOn(sqlitePath(), (path) => createSqliteStore({ path })),
  ],
  [
    'two libSQL clients on one file',
    async () => handlesOn(sqlitePath(), (path) => createLibsqlStore({ url: `file:${path}` })),
  ],
  [
    'one json-file store (single-writer: its writers share the handle)',
    async () => {
      const store = createJsonFileStore({ directory: `${sqlitePath()}-json` });
      return { handle: () => store, close: () => store.close() };
    },
  ],
];

/** Every self fact and stating turn, as what a reader of the records sees: value or text, valid from, ended at. */
async function selfFactState(records: LongTermStoreV1) {
  const all: LongTermRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await records.listRecords(scope, { limit: 1000, ...(cursor ? { cursor } : {}) });
    all.push(...page.records);
    cursor = page.nextCursor;
  } while (cursor);
  const at = (d: Date | undefined) => d?.toISOString().slice(0, 10) ?? '-';
  return all
    .filter((r) => (r.kind === 'fact' && typeof r.metadata.selfFact === 'string') || r.kind === 'turn')
    .map((r) =>
      r.kind === 'fact'
        ? `fact ${r.metadata.selfFact}=${r.metadata.value} ${at(r.validAt)}..${at(r.invalidAt)}`
        : `turn ${r.provenance.messageIds.join(',')} ${at(r.validAt)}..${at(r.invalidAt)}`,
    )
    .sort();
}

describe('self facts recorded at once by several writers', () => {
  for (const [name, open] of shared)
    it(`two writers stating one key at once leave the later value current, the earlier ended with its turn (${name})`, async () => {
      const store = await open();
      const a = createLongTermMemory({ store: store.handle(), scope, clock });
      const b = createLongTermMemory({ store: store.handle(), scope, clock });
      await Promise.all([
        a.record([user('m1', 'I live in Lisbon.', day(1))]),
        b.record([user('m2', 'We moved to Porto.', day(9))]),
      ]);
      expect(await selfFactState(a.records)).toEqual([
        'fact user.home=Lisbon 2025-01-02..2025-01-10',
        'fact user.home=Porto 2025-01-10..-',
        'turn m1 2025-01-02..2025-01-10',
        'turn m2 2025-01-10..-',
      ]);
      // Recall marks the old value and puts the new one first.
      const block = await b.retrieve('where do I live now?');
      expect(block).toContain('(superseded 2025-01-10)');
      await store.close();
    });

  it('the same on PostgreSQL, two pools', async () => {
    const pg = await createTestSchema('engram_self_facts_race');
    const pools = [0, 1].map(() =>
      createPostgresStore({ connectionString: pg.url, schema: pg.name, maxConnections: 2 }),
    );
    try {
      const [a, b] = pools.map((store) => createLongTermMemory({ store, scope, clock }));
      await Promise.all([
        a!.record([user('m1', "I'm vegetarian.", day(1))]),
        b!.record([user('m2', "I'm no longer vegetarian.", day(5))]),
      ]);
      expect((await selfFactState(a!.records)).filter((l) => l.startsWith('fact'))).toEqual([
        'fact user.diet=vegetarian 2025-01-02..2025-01-06',
      ]);
    } finally {
      for (const p of pools) await p.close();
      await pg.drop();
    }
  });

  it('an end said later still ends a fact recorded after it (an older message recorded late)', async () => {
    const memory = createLongTermMemory({ scope, clock });
    await memory.record([user('m2', "I'm no longer vegetarian.", day(9))]);
    await memory.record([user('m1', "I'm vegetarian, have been for years.", day(1))]);
    expect(await selfFactState(memory.records)).toEqual([
      'fact user.diet=vegetarian 2025-01-02..2025-01-10',
      'turn m1 2025-01-02..2025-01-10',
      'turn m2 2025-01-10..-',
    ]);
    // An end is engram's own record: recall never shows it.
    for (const hit of await memory.search('am I vegetarian?'))
      expect(hit.record.kind).not.toMatch(/^engram\./);
  });

  it('a turn whose value was restated, then changed, ends at the change', async () => {
    const memory = createLongTermMemory({ scope, clock });
    await memory.record([user('m1', 'I live in Lisbon.', day(1))]);
    await memory.record([user('m2', 'I still live in Lisbon.', day(5))]);
    await memory.record([user('m3', 'We moved to Porto.', day(9))]);
    expect(await selfFactState(memory.records)).toEqual([
      'fact user.home=Lisbon 2025-01-02..2025-01-06',
      'fact user.home=Lisbon 2025-01-06..2025-01-10',
      'fact user.home=Porto 2025-01-10..-',
      'turn m1 2025-01-02..2025-01-10',
      'turn m2 2025-01-06..2025-01-10',
      'turn m3 2025-01-10..-',
    ]);
  });
});

/** Statements of a few keys, with ends, in several wordings: what each message says. */
const sayings: ((v: number) => string)[] = [
  (v) => `I live in ${['Lisbon', 'Porto', 'Berlin'][v % 3]}.`,
  (v) => `We just moved to ${['Lisbon', 'Porto', 'Berlin'][v % 3]}!`,
  (v) => `I'm ${['vegan', 'vegetarian', 'pescatarian'][v % 3]}.`,
  (v) => `I'm no longer ${['vegan', 'vegetarian', 'pescatarian'][v % 3]}.`,
  (v) => `I work at ${['Acme', 'Globex', 'Initech'][v % 3]}.`,
  (v) => `I'm dating ${['Lena', 'Omar', 'Priti'][v % 3]}.`,
  (v) => `I split up with ${['Lena', 'Omar', 'Priti'][v % 3]}.`,
];

describe('self facts: concurrent recording equals recording in order (property)', () => {
  for (const [name, open] of shared)
    it(`any statements, split among writers recording at once, end as one writer recording them in time order ends them (${name})`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              saying: fc.nat({ max: sayings.length - 1 }),
              value: fc.nat({ max: 2 }),
              writer: fc.nat({ max: 2 }),
              sameMemory: fc.boolean(),
            }),
            { minLength: 2, maxLength: 10 },
          ),
          async (said) => {
            const messages = said.map((s, i) =>
              user(`m${i}`, (sayings[s.saying] as (v: number) => string)(s.value), day(i + 1)),
            );
            // The reference: one memory recording every message, one call each, in time order.
            const reference = createLongTermMemory({ scope, clock });
            for (const m of messages) await reference.record([m]);
            // Three writers (two of them may share one memory object) recording their messages at once, each its
            // own messages newest first (an older message recorded late).
            const store = await open();
            const memories = [0, 1, 2].map(() =>
              createLongTermMemory({ store: store.handle(), scope, clock }),
            );
            await Promise.all(
              [0, 1, 2].map(async (w) => {
                const mine = said
                  .map((s, i) => ({ s, m: messages[i] as MemoryMessage }))
                  .filter((x) => x.s.writer === w)
                  .reverse();
                for (const { s, m } of mine) await memories[s.sameMemory ? 0 : w]!.record([m]);
              }),
            );
            expect(await selfFactState(memories[0]!.records)).toEqual(await selfFactState(reference.records));
            await store.close();
          },
        ),
        { numRuns: name.startsWith('one in-process') ? 60 : 20 },
      );
    }, 120_000);
});

/** More keys than {@link sayings}: keyed families (one key a value) and names said with a possessive. */
const keyedSayings: ((v: number) => string)[] = [
  ...sayings,
  (v) => `I'm allergic to ${['peanuts', 'kiwi', 'latex'][v % 3]}.`,
  (v) => `My son ${['Iwan', 'Rhys', 'Tom'][v % 3]}'s coming home this weekend.`,
  (v) => `My son ${['Iwan', 'Rhys', 'Tom'][v % 3]} starts school.`,
];

describe('self facts: each call settles only the keys it stated (property)', () => {
  for (const [name, open] of shared.slice(0, 2))
    it(`after any calls in any order, settling every self fact from scratch ends nothing more (${name})`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({ saying: fc.nat({ max: keyedSayings.length - 1 }), value: fc.nat({ max: 2 }) }),
            { minLength: 1, maxLength: 12 },
          ),
          fc.array(fc.nat({ max: 11 }), { maxLength: 12 }),
          async (said, order) => {
            const store = await open();
            const memory = createLongTermMemory({ store: store.handle(), scope, clock });
            const messages = said.map((s, i) =>
              user(`m${i}`, (keyedSayings[s.saying] as (v: number) => string)(s.value), day(i + 1)),
            );
            // Recorded in a shuffled order (older messages late), one or two a call.
            const queue = [...messages];
            for (const k of order) queue.push(...queue.splice(k % queue.length, 1));
            while (queue.length > 0) await memory.record(queue.splice(0, 1 + (queue.length % 2)));
            const before = await selfFactState(memory.records);
            const outcome = { ended: 0 };
            await settleEnds({ records: memory.records, scope, now: clock.now }, outcome);
            expect(outcome.ended).toBe(0);
            expect(await selfFactState(memory.records)).toEqual(before);
            await store.close();
          },
        ),
        { numRuns: name.startsWith('one in-process') ? 60 : 20 },
      );
    }, 120_000);
});
