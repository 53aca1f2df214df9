import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MemoryMessage } from '../core/message.ts';
import type { Scope } from '../core/scope.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createLongTermMemory } from './create-long-term-memory.ts';
import type { HasLongTermRecords } from './long-term-store-v1.ts';
import { rankerOf } from './ranked-retrieval.ts';
import { namesOfRelativesAsked, relativesAsked } from './relatives-asked.ts';

let n = 0;
const said = (text: string, day: number, role: 'user' | 'assistant' = 'user'): MemoryMessage => ({
  id: `m${++n}`,
  role,
  content: text,
  createdAt: new Date(Date.UTC(2026, 2, day)),
});

describe('relativesAsked', () => {
  it('reads a relative named in the first person, with adjectives, plurals and possessives, each family once', () => {
    const families = (q: string) => relativesAsked(q).map((r) => r.family);
    expect(families('What does my husband do?')).toEqual(['user.partner']);
    expect(families("what's my older sister's name")).toEqual(['user.sibling']);
    expect(families('where do our kids go to school? and my son?')).toEqual(['user.child']);
    expect(families('Is my Mum or my dad coming?')).toEqual(['user.mother', 'user.father']);
    expect(families("my best friend's dog")).toEqual(['user.best-friend']);
    expect(families('our children')).toEqual(['user.child']);
  });

  it('reads nothing without a relative in the first person', () => {
    for (const q of [
      'What does Tom do?',
      "what does Caroline's husband do?",
      'my husbandry notes',
      'sons and lovers',
      'what does my son-in-law do?',
      "is my mother-in-law's flight on time?",
      'my sisters-in-law',
      'my daughter\u2010in\u2010law',
      '',
    ])
      expect(relativesAsked(q), q).toEqual([]);
  });

  it('never throws, whatever the text (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (q) => {
        for (const r of relativesAsked(q)) expect(r.family).toMatch(/^user\./);
      }),
    );
  });
});

/** The stores a search runs on: one that ranks ids (SQLite) and one that reads every record (in memory). */
type Opened = { store: HasLongTermRecords & { close(): Promise<void> }; done(): void };
const stores: [string, () => Opened][] = [
  ['in memory', () => ({ store: createMemoryStore(), done: () => {} })],
  [
    'SQLite',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'engram-relatives-'));
      return {
        store: createSqliteStore({ path: join(dir, 'm.db') }),
        done: () => rmSync(dir, { recursive: true }),
      };
    },
  ],
];

describe.each(stores)('name resolution on the %s store', (_name, open) => {
  const alice: Scope = { tenant: 't', user: 'alice' };
  const bob: Scope = { tenant: 't', user: 'bob' };

  it("finds what the user said about their husband by his name, the current one only, never another scope's", async () => {
    const { store, done } = open();
    try {
      const memory = createLongTermMemory({ store, scope: alice, session: 's1' });
      await memory.record([said('My husband Tom is away this week.', 1)]);
      // Said in another session: no neighbouring turn there names the husband.
      const later = createLongTermMemory({ store, scope: alice, session: 's2' });
      await later.record([said('Tom has been painting the fence all weekend, bless him.', 2)]);
      for (let i = 0; i < 30; i++)
        await memory.record([said(`What is a good recipe number ${i} for soup?`, 3)]);
      const other = createLongTermMemory({ store, scope: bob, session: 's9' });
      await other.record([
        said('My husband Raj is a pilot.', 1),
        said('Raj has been painting the fence too.', 2),
      ]);

      const ranker = rankerOf(store.longTermRecords, alice);
      const at = new Date(Date.UTC(2026, 5, 1));
      expect(await namesOfRelativesAsked(ranker, 'what does my husband do for work?', at)).toEqual(['Tom']);
      expect(await namesOfRelativesAsked(rankerOf(store.longTermRecords, bob), 'my husband?', at)).toEqual([
        'Raj',
      ]);
      expect(await namesOfRelativesAsked(ranker, 'what does Tom do?', at)).toEqual([]);
      // Before the fact was stated, nobody is known.
      expect(await namesOfRelativesAsked(ranker, 'my husband?', new Date(Date.UTC(2026, 1, 1)))).toEqual([]);

      const texts = (await memory.search('what has my husband been up to?', { limit: 5 })).map(
        (h) => h.record.text,
      );
      expect(texts.some((t) => t.includes('painting the fence'))).toBe(true);
      expect(texts.some((t) => t.includes('Raj'))).toBe(false);

      // A later husband replaces the earlier one: only the current name is searched for.
      await memory.record([said('My husband Sam and I got married last month.', 20)]);
      expect(await namesOfRelativesAsked(ranker, 'my husband?', at)).toEqual(['Sam']);
      // Many ended facts do not crowd the current one out.
      for (let i = 0; i < 30; i++)
        await memory.record([said(`My husband Zed${i} is new around here.`, 21 + (i % 5))]);
      await memory.record([said('My husband Quentin proposed again.', 28)]);
      expect(await namesOfRelativesAsked(ranker, 'my husband?', at)).toEqual(['Quentin']);
    } finally {
      await store.close();
      done();
    }
  });
});
