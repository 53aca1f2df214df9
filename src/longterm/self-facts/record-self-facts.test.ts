import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemoryMessage } from '../../core/message.ts';
import { createLongTermMemory } from '../create-long-term-memory.ts';
import type { LongTermRecord } from '../long-term-record.ts';
import { createMemoryLongTermRecords } from '../memory-long-term-records.ts';

const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000);
const user = (id: string, content: string, at: Date, name?: string): MemoryMessage =>
  ({ id, role: 'user', content, createdAt: at, ...(name ? { name } : {}) }) as MemoryMessage;
const assistant = (id: string, content: string, at: Date): MemoryMessage =>
  ({ id, role: 'assistant', content, createdAt: at }) as MemoryMessage;

async function allRecords(memory: ReturnType<typeof createLongTermMemory>): Promise<LongTermRecord[]> {
  return (await memory.records.listRecords(memory.scope, { limit: 1000 })).records;
}
const selfFacts = (records: LongTermRecord[], key: string) =>
  records.filter((r) => r.kind === 'fact' && r.metadata.selfFact === key);
const current = (records: LongTermRecord[], key: string) =>
  selfFacts(records, key).filter((r) => r.invalidAt === undefined);

describe('self facts in createLongTermMemory', () => {
  it('a later statement supersedes the earlier one: the old fact and its turn end, recall puts the new first and marks the old', async () => {
    const memory = createLongTermMemory({ scope: { tenant: 't', user: 'u' }, clock: { now: () => day(30) } });
    await memory.record([
      user('m1', 'I live in Lisbon, near the river.', day(1)),
      assistant('m2', 'Lisbon is lovely.', day(1)),
    ]);
    await memory.record([user('m3', 'We finally moved to Porto last weekend!', day(9))]);
    const records = await allRecords(memory);
    expect(current(records, 'user.home').map((r) => r.metadata.value)).toEqual(['Porto']);
    const old = selfFacts(records, 'user.home').find((r) => r.metadata.value === 'Lisbon');
    expect(old?.invalidAt).toEqual(day(9));
    expect((await memory.history(old?.id as string)).length).toBe(2); // a new version; history keeps the old
    const turn = records.find((r) => r.kind === 'turn' && r.provenance.messageIds[0] === 'm1');
    expect(turn?.invalidAt).toEqual(day(9));
    const block = await memory.retrieve('Where do I live now?');
    // A line's own text, without the neighbouring turns a packed record shows after it (`— around it: «…»`).
    const lines = block.split('\n').map((l) => l.replace(/ — around it: «.*»/, ''));
    const porto = lines.findIndex((l) => l.includes('Porto'));
    const lisbon = lines.findIndex((l) => l.includes('Lisbon') && !l.includes('(superseded'));
    expect(porto).toBeGreaterThan(0);
    expect(lisbon === -1 || porto < lisbon).toBe(true);
    expect(block).toContain('(superseded 2025-01-10)');
  });

  it('finds a fact by its canonical words: "what\'s my name?" reaches "call me Ada"', async () => {
    const memory = createLongTermMemory({ scope: { tenant: 't' } });
    await memory.record([user('m1', 'Oh, just call me Ada.', day(1))]);
    const [top] = await memory.search("what's my name?");
    expect(top?.record.text).toContain('name is Ada');
    expect(top?.record.provenance).toMatchObject({ origin: 'extracted', messageIds: ['m1'] });
  });

  it('never reads assistant text, and selfFacts: false turns it off', async () => {
    const on = createLongTermMemory({ scope: { tenant: 't' } });
    await on.record([assistant('a1', "I'm Claude and I live in the cloud, I'm allergic to bugs.", day(1))]);
    expect((await allRecords(on)).filter((r) => r.kind === 'fact')).toEqual([]);
    const off = createLongTermMemory({ scope: { tenant: 't' }, selfFacts: false });
    await off.record([user('m1', "I'm allergic to peanuts.", day(1))]);
    expect((await allRecords(off)).filter((r) => r.kind === 'fact')).toEqual([]);
    expect(() =>
      createLongTermMemory({ scope: { tenant: 't' }, selfFacts: 'yes' as unknown as boolean }),
    ).toThrow(/selfFacts must be a boolean/);
  });

  it('multi-valued keys add; a negation ends one value', async () => {
    const memory = createLongTermMemory({ scope: { tenant: 't' } });
    await memory.record([user('m1', "I'm allergic to peanuts. I play the cello and I go running.", day(1))]);
    await memory.record([user('m2', "I'm also allergic to shellfish. I gave up the cello.", day(5))]);
    const records = await allRecords(memory);
    const live = records
      .filter((r) => r.kind === 'fact' && r.invalidAt === undefined)
      .map((r) => r.metadata.selfFact);
    expect(live).toEqual(
      expect.arrayContaining(['user.allergy:peanuts', 'user.allergy:shellfish', 'user.hobby:running']),
    );
    expect(selfFacts(records, 'user.hobby:cello')[0]?.invalidAt).toEqual(day(5));
  });

  it('a named speaker is the subject of their own facts (two speakers never supersede each other)', async () => {
    const memory = createLongTermMemory({ scope: { tenant: 't' } });
    await memory.record([
      user('m1', 'I live in Oslo.', day(1), 'Caroline'),
      user('m2', 'I live in Rome.', day(2), 'Melanie'),
    ]);
    const records = await allRecords(memory);
    expect(current(records, 'caroline.home')[0]?.text).toContain('Caroline lives in Oslo');
    expect(current(records, 'melanie.home')[0]?.metadata.value).toBe('Rome');
  });

  it('new key families supersede and end like the others: a drink, a partner after a break-up, a replaced favourite', async () => {
    const memory = createLongTermMemory({ scope: { tenant: 't', user: 'u' } });
    await memory.record([
      user('m1', "I'm a big coffee drinker. My girlfriend Lena is a vet. Blur is my favourite band.", day(1)),
    ]);
    await memory.record([
      user(
        'm2',
        "I've switched to chamomile tea. Lena and I split up. Pulp has replaced Blur as my favourite band.",
        day(6),
      ),
    ]);
    const records = await allRecords(memory);
    expect(current(records, 'user.drink').map((r) => r.metadata.value)).toEqual(['chamomile tea']);
    expect(selfFacts(records, 'user.drink').find((r) => r.metadata.value === 'coffee')?.invalidAt).toEqual(
      day(6),
    );
    expect(current(records, 'user.partner')).toEqual([]);
    expect(current(records, 'user.favourite:band')).toEqual([]);
    // The turn that stated the old values is marked superseded too.
    expect(records.find((r) => r.kind === 'turn' && r.provenance.messageIds[0] === 'm1')?.invalidAt).toEqual(
      day(6),
    );
  });

  it('recording the same messages again adds nothing', async () => {
    const memory = createLongTermMemory({ scope: { tenant: 't' } });
    const messages = [user('m1', 'I live in Oslo.', day(1)), user('m2', 'I moved to Bergen.', day(3))];
    await memory.record(messages);
    const before = await allRecords(memory);
    await memory.record(messages);
    expect(await allRecords(memory)).toEqual(before);
  });
});

const cities = ['Lisbon', 'Porto', 'Berlin', 'Nairobi', 'Osaka', 'Quito'];
const companies = ['Acme', 'Globex', 'Initech', 'Umbrella'];
const diets = ['vegan', 'vegetarian', 'pescatarian', 'keto'];
const sayings = [
  {
    key: 'user.home',
    values: cities,
    say: (v: string, i: number) =>
      [`I live in ${v}.`, `We just moved to ${v}!`, `I'm based in ${v} now.`][i % 3],
  },
  {
    key: 'user.employer',
    values: companies,
    say: (v: string, i: number) => [`I work at ${v}.`, `I just started at ${v} on Monday.`][i % 2],
  },
  {
    key: 'user.diet',
    values: diets,
    say: (v: string, i: number) => [`I'm ${v}.`, `I went ${v} this year.`][i % 2],
  },
  {
    key: 'user.drink',
    values: ['espresso', 'oolong', 'matcha', 'rooibos'],
    say: (v: string, i: number) =>
      [`I'm a big ${v} drinker.`, `I've switched to ${v}.`, `I start my day with ${v}.`][i % 3],
  },
  {
    key: 'user.partner',
    values: ['Lena', 'Omar', 'Priti', 'Tomas'],
    say: (v: string, i: number) =>
      [`I'm dating ${v}.`, `My new girlfriend ${v} says hi.`, `I'm seeing someone, ${v}.`][i % 3],
  },
  {
    key: 'user.role',
    values: ['team lead', 'head chef', 'senior editor'],
    say: (v: string, i: number) => [`I got promoted to ${v}.`, `I work as a ${v}.`][i % 2],
  },
] as const;

const statement = fc.record({
  kind: fc.nat({ max: sayings.length - 1 }),
  value: fc.nat({ max: 5 }),
  wording: fc.nat({ max: 5 }),
});

describe('self facts: properties', () => {
  it('no stated fact lost, one current value per key (the one stated last by time), whatever the recording order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(statement, { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat({ max: 1000 }), { minLength: 12, maxLength: 12 }),
        fc.nat({ max: 3 }),
        async (said, order, batches) => {
          // Distinct times: statement i is said on day i + 1; recorded in a shuffled order, in a few calls.
          const messages = said.map((s, i) => {
            const saying = sayings[s.kind] as (typeof sayings)[number];
            const value = saying.values[s.value % saying.values.length] as string;
            return {
              s,
              key: saying.key,
              value,
              m: user(`m${i}`, saying.say(value, s.wording) as string, day(i + 1)),
            };
          });
          const shuffled = [...messages].sort(
            (a, b) => (order[Number(a.m.id.slice(1))] ?? 0) - (order[Number(b.m.id.slice(1))] ?? 0),
          );
          const memory = createLongTermMemory({ scope: { tenant: 't', user: 'u' } });
          const size = Math.ceil(shuffled.length / (batches + 1));
          for (let i = 0; i < shuffled.length; i += size)
            await memory.record(shuffled.slice(i, i + size).map((x) => x.m));
          const records = await allRecords(memory);
          for (const { key } of sayings) {
            const stated = messages.filter((x) => x.key === key);
            const live = current(records, key);
            if (stated.length === 0) {
              expect(live).toEqual([]);
              continue;
            }
            // Every statement has its fact record, valid from its message's time.
            for (const x of stated)
              expect(
                selfFacts(records, key).some(
                  (r) =>
                    r.provenance.messageIds[0] === x.m.id && r.validAt?.getTime() === x.m.createdAt.getTime(),
                ),
              ).toBe(true);
            expect(live.length).toBe(1);
            expect(live[0]?.metadata.value).toBe(stated.at(-1)?.value);
            // Ended facts end when the next statement (by time) was made.
            const byTime = selfFacts(records, key).sort(
              (a, b) => (a.validAt?.getTime() ?? 0) - (b.validAt?.getTime() ?? 0),
            );
            for (const [i, r] of byTime.slice(0, -1).entries())
              expect(r.invalidAt).toEqual(byTime[i + 1]?.validAt);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("scopes never crossed: one user's statements never add, end or surface facts of another", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.boolean(), statement), { minLength: 1, maxLength: 10 }),
        async (said) => {
          const store = { longTermRecords: createMemoryLongTermRecords({ component: 'longterm' }) };
          const a = createLongTermMemory({ store, scope: { tenant: 't', user: 'a' } });
          const b = createLongTermMemory({ store, scope: { tenant: 't', user: 'b' } });
          const owned = { a: new Set<string>(), b: new Set<string>() };
          for (const [i, [isA, s]] of said.entries()) {
            const saying = sayings[s.kind] as (typeof sayings)[number];
            const text = saying.say(
              saying.values[s.value % saying.values.length] as string,
              s.wording,
            ) as string;
            const id = `${isA ? 'a' : 'b'}${i}`;
            (isA ? owned.a : owned.b).add(id);
            await (isA ? a : b).record([user(id, text, day(i + 1))]);
          }
          for (const [memory, mine] of [
            [a, owned.a],
            [b, owned.b],
          ] as const) {
            for (const r of await allRecords(memory))
              for (const id of r.provenance.messageIds) expect(mine.has(id)).toBe(true);
            for (const hit of await memory.search('where do I live, where do I work, what diet'))
              for (const id of hit.record.provenance.messageIds) expect(mine.has(id)).toBe(true);
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
