import { beforeAll, describe, expect, it } from 'vitest';
import { cliDatabases } from '../../test-support/cli-databases.ts';
import { runEngram } from '../../test-support/run-engram.ts';
import { createContentStore } from '../content/create-content-store.ts';
import type { Scope } from '../core/scope.ts';
import { createLongTermMemory } from '../longterm/create-long-term-memory.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import type { OpenedStore } from './open-store.ts';

/** Content of tenant acme's users ada and bob, its agent planner (alone and as ada's), and of tenant globex. */
const seeded: { owner: Scope; space: string; text: string }[] = [
  { owner: { tenant: 'acme', user: 'ada' }, space: 'default', text: 'Lisbon fares, ada' },
  { owner: { tenant: 'acme', user: 'ada' }, space: 'trip', text: 'Lisbon hotels, ada' },
  { owner: { tenant: 'acme', user: 'bob' }, space: 'notes', text: 'Lisbon notes, bob' },
  { owner: { tenant: 'acme', agent: 'planner' }, space: 'default', text: 'Lisbon plan, planner' },
  { owner: { tenant: 'acme', user: 'ada', agent: 'planner' }, space: 'default', text: 'Lisbon plan for ada' },
  // The same user and space names under another tenant: never counted nor found from acme.
  { owner: { tenant: 'globex', user: 'ada' }, space: 'default', text: 'Lisbon globex secret' },
];

async function seed(store: OpenedStore) {
  const sizes: number[] = [];
  for (const { owner, space, text } of seeded) {
    const item = await createContentStore({ store, scope: owner, space }).put({
      type: 'note',
      source: 'test',
      content: text,
    });
    sizes.push(item.size);
  }
  for (const tenant of ['acme', 'globex'])
    await createConversationMemory({ store, scope: { tenant, user: 'bob' }, sessionId: 'chat' }).store({
      role: 'user',
      content: `Lisbon pricing for ${tenant}`,
    });
  await createLongTermMemory({ store, scope: { tenant: 'acme', user: 'ada' }, recording: 'none' }).add([
    'Ada flies to Lisbon in June.',
  ]);
  // One record id under two users (as working memory has): each user's record is told apart by its text.
  for (const [user, text] of [
    ['ada', 'Trip: Lisbon in June'],
    ['bob', 'Trip: Lisbon in May'],
  ] as const)
    await createLongTermMemory({ store, scope: { tenant: 'acme', user }, recording: 'none' }).add({
      id: 'trip',
      text,
    });
  await store.close();
  return sizes;
}

const drivers = cliDatabases('tenant_content');

describe.each(drivers)(
  'stats and search of a tenant cover its users’ and agents’ content ($name)',
  (driver) => {
    let flags: string[] = [];
    let sizes: number[] = [];
    beforeAll(async () => {
      const opened = await driver.open();
      flags = opened.flags;
      sizes = await seed(opened.store);
    });
    const engram = (...args: string[]) => runEngram(...flags, ...args);
    const bytes = (...indexes: number[]) => indexes.reduce((n, i) => n + sizes[i]!, 0);

    it('--tenant alone: stats counts every user’s and agent’s items, none of another tenant', () => {
      const r = engram('--tenant', 'acme', '--json', 'stats');
      expect(r.code, r.err).toBe(0);
      expect(JSON.parse(r.out).content).toEqual({
        items: 5,
        bytes: bytes(0, 1, 2, 3, 4),
        tokens: expect.any(Number),
        bySpace: { default: 3, notes: 1, trip: 1 },
      });
      const table = engram('--tenant', 'acme', 'stats');
      expect(table.code, table.err).toBe(0);
      expect(table.out).toMatch(/\ncontent\.items\s+5\n/);
      expect(table.out).toMatch(/\ncontent\.bySpace\.default\s+3\n/);
    });

    it('--tenant --user: the user’s items and those of its agents; --agent: that agent’s, whoever the user', () => {
      const ada = JSON.parse(engram('--tenant', 'acme', '--user', 'ada', '--json', 'stats').out);
      expect(ada.content).toMatchObject({
        items: 3,
        bytes: bytes(0, 1, 4),
        bySpace: { default: 2, trip: 1 },
      });
      const planner = JSON.parse(engram('--tenant', 'acme', '--agent', 'planner', '--json', 'stats').out);
      expect(planner.content).toMatchObject({ items: 2, bySpace: { default: 2 } });
      const exact = JSON.parse(
        engram('--tenant', 'acme', '--user', 'ada', '--agent', 'planner', '--json', 'stats').out,
      );
      expect(exact.content).toMatchObject({ items: 1, bytes: bytes(4) });
      const globex = JSON.parse(engram('--tenant', 'globex', '--json', 'stats').out);
      expect(globex.content).toMatchObject({ items: 1, bytes: bytes(5), bySpace: { default: 1 } });
      const none = engram('--tenant', 'nobody', '--json', 'stats');
      expect(none.code, none.err).toBe(0);
      expect(JSON.parse(none.out).content).toEqual({ items: 0, bytes: 0, tokens: 0, bySpace: {} });
    });

    it('--space counts that space of every owner within the scope', () => {
      const r = JSON.parse(engram('--tenant', 'acme', '--json', 'stats', '--space', 'default').out);
      expect(r.content).toMatchObject({ items: 3, bySpace: { default: 3 } });
      const missing = JSON.parse(engram('--tenant', 'acme', '--json', 'stats', '--space', 'nope').out);
      expect(missing.content).toEqual({ items: 0, bytes: 0, tokens: 0, bySpace: { nope: 0 } });
    });

    it('search --tenant finds every user’s and agent’s items, each naming its owner; never another tenant’s', () => {
      const r = engram('--tenant', 'acme', '--json', 'search', 'Lisbon', '--in', 'content');
      expect(r.code, r.err).toBe(0);
      const hits = JSON.parse(r.out) as Record<string, unknown>[];
      const owned = hits.map((h) => [h.user ?? '-', h.agent ?? '-', h.space, h.text]);
      expect(owned.sort()).toEqual(
        [
          ['-', 'planner', 'default', 'Lisbon plan, planner'],
          ['ada', '-', 'default', 'Lisbon fares, ada'],
          ['ada', '-', 'trip', 'Lisbon hotels, ada'],
          ['ada', 'planner', 'default', 'Lisbon plan for ada'],
          ['bob', '-', 'notes', 'Lisbon notes, bob'],
        ].sort(),
      );
      expect(r.out).not.toContain('globex');
      // The user the flags name is not repeated: only the agent it leaves out is.
      const ada = JSON.parse(
        engram('--tenant', 'acme', '--user', 'ada', '--json', 'search', 'plan', '--in', 'content').out,
      );
      expect(ada).toEqual([
        expect.objectContaining({ kind: 'content', agent: 'planner', text: 'Lisbon plan for ada' }),
      ]);
      expect(ada[0]).not.toHaveProperty('user');
      const globex = JSON.parse(
        engram('--tenant', 'globex', '--json', 'search', 'Lisbon', '--in', 'content').out,
      );
      expect(globex.map((h: { text: string }) => h.text)).toEqual(['Lisbon globex secret']);
    });

    it('the table has an owner column when hits of several owners mix; --limit caps the hits in all', () => {
      const r = engram('--tenant', 'acme', 'search', 'Lisbon', '--in', 'content');
      expect(r.code, r.err).toBe(0);
      expect(r.out).toMatch(/^kind\s+owner\s+at\s+score\s+text\n/);
      expect(r.out).toMatch(/\ncontent\s+user bob\s+cnt_\S+\s+Lisbon notes, bob\n/);
      expect(r.out).toMatch(/\ncontent\s+user ada \/ agent planner\s+cnt_/);
      const one = JSON.parse(
        engram('--tenant', 'acme', '--json', 'search', 'Lisbon', '--in', 'content', '--limit', '2').out,
      );
      expect(one).toHaveLength(2);
      const exact = engram('--tenant', 'acme', '--user', 'bob', 'search', 'Lisbon', '--in', 'content');
      expect(exact.out).toMatch(/^kind\s+at\s+score\s+text\n/);
      expect(engram('--tenant', 'acme', 'search', 'x', '--in', 'files').code).toBe(2);
    });

    it('messages and records found under --tenant name their user too', () => {
      const r = engram('--tenant', 'acme', '--json', 'search', 'Lisbon', '--in', 'messages,records');
      expect(r.code, r.err).toBe(0);
      const hits = JSON.parse(r.out) as Record<string, string>[];
      expect(hits.map((h) => [h.kind, h.user ?? '-', h.text]).sort()).toEqual(
        [
          ['message', 'bob', 'Lisbon pricing for acme'],
          ['record', 'ada', 'Ada flies to Lisbon in June.'],
          ['record', 'ada', 'Trip: Lisbon in June'],
          ['record', 'bob', 'Trip: Lisbon in May'],
        ].sort(),
      );
      expect(hits.filter((h) => h.id === 'trip')).toHaveLength(2);
      const table = engram('--tenant', 'acme', 'search', 'Lisbon', '--in', 'messages,records');
      expect(table.out).toMatch(/\nmessage\s+user bob\s+chat#1\s/);
      expect(table.out).toMatch(/\nrecord\s+user ada\s+ltm_/);
    });
  },
);
