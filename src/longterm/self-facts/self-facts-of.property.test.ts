/**
 * A call reads only the facts of a key its statements can end or be ended by (`selfFactsOf`): the facts valid just
 * before its first statement of the key and those stated since, and the run of one value a new value ends the turns
 * of. The oracle is the former code, which read every fact of each key stated (`formerSelfFactsOf`, kept here): the
 * same calls on a store whose calls read through it must leave every record as the windowed reads leave it.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { tempSqliteStores } from '../../../test-support/temp-sqlite-store.ts';
import type { MemoryMessage } from '../../core/message.ts';
import { createMemoryStore } from '../../drivers/memory/index.ts';
import { createLongTermMemory } from '../create-long-term-memory.ts';
import { listAllRecords } from '../list-all-records.ts';
import type { LongTermFilter } from '../long-term-query.ts';
import type { LongTermStoreV1 } from '../long-term-store-v1.ts';
import { ownedRecords } from '../owned-records.ts';
import { prepareRecord } from '../prepare-record.ts';
import { keyOf, type SelfFactRecords, type SelfFactsPlace, selfFactEndKind } from './self-fact-records.ts';
import type { TouchedFacts } from './self-facts-of.ts';

/** The long-term records of the stores whose calls read as the former code did. */
const former = vi.hoisted(() => new WeakSet<object>());
vi.mock('./self-facts-of.ts', async (original) => {
  const actual = await original<typeof import('./self-facts-of.ts')>();
  return {
    ...actual,
    selfFactsOf: (o: SelfFactsPlace, touched?: TouchedFacts) =>
      former.has(o.records) ? formerSelfFactsOf(o, touched) : actual.selfFactsOf(o, touched),
  };
});

/** The former `selfFactsOf`: every self fact and end, or every end and every fact of each key stated. */
async function formerSelfFactsOf(o: SelfFactsPlace, touched?: TouchedFacts): Promise<SelfFactRecords> {
  const every = touched === undefined || touched.families.size > 0;
  const keys = [...(touched?.keys.keys() ?? [])];
  const filters: LongTermFilter[] = every
    ? [{ kinds: ['fact', selfFactEndKind] }]
    : [
        { kinds: [selfFactEndKind] },
        ...keys.flatMap((key) =>
          [key, ...(key.includes(':') ? [`${key}-s`] : [])].map(
            (k) => ({ kinds: ['fact'], metadata: { selfFact: k } }) as LongTermFilter,
          ),
        ),
      ];
  const out: SelfFactRecords = { facts: new Map(), ends: new Map() };
  for (const filter of filters) {
    const listed = (await listAllRecords(o.records, o.scope, { filter })).filter((r) =>
      r.kind === selfFactEndKind
        ? Array.isArray(r.metadata.selfFactEnd)
        : typeof r.metadata.selfFact === 'string' && (every || keys.includes(keyOf(r))),
    );
    for (const r of await ownedRecords(o.records, o.scope, listed))
      (r.kind === selfFactEndKind ? out.ends : out.facts).set(r.id, r);
  }
  return out;
}

const scope = { tenant: 't', user: 'u' };
const clock = { now: () => new Date(Date.UTC(2030, 0, 1)) };
/** A message's time: one millisecond a slot, so neighbouring statements are a millisecond apart. */
const at = (slot: number) => new Date(Date.UTC(2025, 0, 1) + slot);
const sqliteStore = tempSqliteStores('self-facts-of');

type Store = ReturnType<typeof createMemoryStore> | ReturnType<typeof sqliteStore>;

/** What a message says, by value (0–2): restatements in other wordings, new values, ends, several keys. */
const sayings: ((v: number) => string)[] = [
  (v) => `I live in ${['Lisbon', 'Porto', 'Berlin'][v]}.`,
  (v) => `I still live in ${['Lisbon', 'Porto', 'Berlin'][v]}.`,
  (v) => `We just moved to ${['Lisbon', 'Porto', 'Berlin'][v]}!`,
  (v) => `I'm based in ${['Lisbon', 'Porto', 'Berlin'][v]} these days.`,
  (v) => `I'm ${['vegan', 'vegetarian', 'pescatarian'][v]}.`,
  (v) => `I'm no longer ${['vegan', 'vegetarian', 'pescatarian'][v]}.`,
  (v) => `I work at ${['Acme', 'Globex', 'Initech'][v]}.`,
  (v) => `I'm dating ${['Lena', 'Omar', 'Priti'][v]}.`,
  (v) => `I split up with ${['Lena', 'Omar', 'Priti'][v]}.`,
  (v) => `I'm allergic to ${['peanuts', 'kiwi', 'latex'][v]}.`,
  (v) => `My son ${['Iwan', 'Rhys', 'Tom'][v]}'s coming home this weekend.`,
  (v) => `My son ${['Iwan', 'Rhys', 'Tom'][v]} starts school. I live in ${['Lisbon', 'Porto', 'Berlin'][v]}.`,
];

/** A message: what it says, when (the next slot or a few later, the time of an earlier one, or earlier: late). */
const messageArb = fc.record({
  saying: fc.nat({ max: sayings.length - 1 }),
  value: fc.nat({ max: 2 }),
  when: fc.oneof(
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('next' as const), by: fc.nat({ max: 2 }) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('same' as const), by: fc.nat({ max: 8 }) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('late' as const), by: fc.nat({ max: 8 }) }) },
  ),
  speaker: fc.oneof(
    { weight: 5, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant('Caroline') },
  ),
  withNext: fc.oneof(
    { weight: 4, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) },
  ),
  again: fc.oneof({ weight: 12, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});

/** A message as generated. */
type Said = typeof messageArb extends fc.Arbitrary<infer T> ? T : never;

/** The calls: messages with times, one a call (two when `withNext`), some calls a retry of an earlier one. */
function callsOf(said: readonly Said[]): MemoryMessage[][] {
  const slots: number[] = [];
  const calls: MemoryMessage[][] = [];
  let latest = 20;
  said.forEach((s, i) => {
    const slot =
      s.when.kind === 'next'
        ? latest + 1 + s.when.by
        : s.when.kind === 'same' && slots.length > 0
          ? (slots[slots.length - 1 - (s.when.by % slots.length)] as number)
          : Math.max(1, latest - 1 - s.when.by);
    latest = Math.max(latest, slot);
    slots.push(slot);
    const m = {
      id: `m${i}`,
      role: 'user',
      content: (sayings[s.saying] as (v: number) => string)(s.value),
      createdAt: at(slot),
      ...(s.speaker ? { name: s.speaker } : {}),
    } as MemoryMessage;
    const last = calls.at(-1);
    if (s.again && calls.length > 0) calls.push([...(calls[i % calls.length] as MemoryMessage[])]);
    if (last && said[i - 1]?.withNext) last.push(m);
    else calls.push([m]);
  });
  return calls;
}

/** Every record of the scope as the comparison reads it: id, kind, version and validity. */
async function stateOf(records: LongTermStoreV1) {
  return (await listAllRecords(records, scope))
    .map((r) => [r.id, r.kind, r.version, r.validAt?.getTime(), r.invalidAt?.getTime()])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

/** A fact as a store written before 239f263 holds it (a name with its possessive `'s`, under a `-s` key). */
const legacyFact = (slot: number) =>
  prepareRecord(
    {
      id: 'legacy',
      kind: 'fact',
      text: "The user's son (child) is named Iwan's.",
      validAt: at(slot),
      metadata: { selfFact: 'user.child:iwan-s', value: "Iwan's" },
    },
    'test',
  );

/**
 * Records `calls` one after the other on a store read as now and on one read as the former code did (a legacy
 * fact planted first in both when `legacyAt` is given), and after each call expects every record to be the same.
 */
async function expectSameAsFormer(open: () => Store, calls: MemoryMessage[][], legacyAt?: number) {
  const windowed = open();
  const formerStore = open();
  former.add(formerStore.longTermRecords);
  try {
    const memories = [windowed, formerStore].map((store) => createLongTermMemory({ store, scope, clock }));
    if (legacyAt !== undefined)
      for (const m of memories) await m.records.addRecords(scope, [legacyFact(legacyAt)]);
    for (const call of calls) {
      for (const m of memories) await m.record(call);
      expect(await stateOf(windowed.longTermRecords)).toEqual(await stateOf(formerStore.longTermRecords));
    }
  } finally {
    await windowed.close();
    await formerStore.close();
  }
}

const drivers: [string, () => Store, number][] = [
  ['in-process store', () => createMemoryStore(), 150],
  ['SQLite', () => sqliteStore(), 40],
];

/** Statements of one key only, mostly of one value: long runs of restatements, then a change. */
const homeArb = fc.record({
  saying: fc.nat({ max: 3 }),
  value: fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat({ max: 2 }) }),
  when: fc.oneof(
    { weight: 8, arbitrary: fc.record({ kind: fc.constant('next' as const), by: fc.nat({ max: 1 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('same' as const), by: fc.nat({ max: 8 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('late' as const), by: fc.nat({ max: 12 }) }) },
  ),
  speaker: fc.constant(undefined),
  withNext: fc.oneof(
    { weight: 6, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) },
  ),
  again: fc.constant(false),
});

describe('selfFactsOf: the facts a call can change, against reading every fact of the key (property)', () => {
  for (const [name, open, numRuns] of drivers) {
    it(`after each record() call, every record is as the former code leaves it: id, version, validAt, invalidAt (${name})`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(messageArb, { minLength: 1, maxLength: 14 }),
          fc.option(fc.nat({ max: 40 }), { nil: undefined }),
          (said, legacyAt) => expectSameAsFormer(open, callsOf(said), legacyAt),
        ),
        { numRuns },
      );
    }, 300_000);

    it(`the same for long runs of one value, changed now and then (${name})`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(homeArb, { minLength: 6, maxLength: 24 }), (said) =>
          expectSameAsFormer(open, callsOf(said)),
        ),
        { numRuns: Math.ceil(numRuns / 3) },
      );
    }, 300_000);
  }

  it('a change after a run of six restatements, one a minute, then a late one inside the run', async () => {
    const say = (i: number, city: string, minute = i) =>
      ({
        id: `m${i}`,
        role: 'user',
        content: `I live in ${city}.`,
        createdAt: at(minute * 60_000),
      }) as MemoryMessage;
    const calls = [1, 2, 3, 4, 5, 6].map((i) => [say(i, 'Lisbon')]);
    await expectSameAsFormer(createMemoryStore, [...calls, [say(7, 'Porto')], [say(8, 'Berlin', 3.5)]]);
  });
});
