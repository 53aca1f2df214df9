import { expect } from 'vitest';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { Scope } from '../../core/scope.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { expectMemoryError, makeMessage, toInputs } from '../fixtures.ts';
import type { StoreCase } from '../store-case.ts';
import { lookAlikeTenants } from './isolation.ts';
import { lookAlikeOwners, lookAlikeSessionIds } from './scoping.ts';

async function seed(store: MemoryStoreV1, s: Scope, id: string, texts: string[]) {
  if (!(await store.getSession(s, id))) await store.createSession(s, { id });
  const ms = texts.map((t, i) => makeMessage(i % 2 === 0 ? 'user' : 'assistant', t));
  await store.append(s, id, toInputs(ms));
  return ms;
}

/** Queries full of syntax other engines treat as operators. */
export const hostileQueries: readonly string[] = [
  '"',
  '"unbalanced quote',
  'NEAR(brown fox)',
  'brown*',
  '*',
  'text:brown',
  'col:fox',
  'brown AND OR fox',
  'AND',
  'NOT',
  '(brown',
  'brown)',
  '((()',
  '-brown',
  '--',
  '^brown',
  'brown^2',
  "'; DROP TABLE messages; --",
  '%',
  '_',
  '\\',
  'brown & fox | !quick',
  'brown <-> fox',
  ':*',
  '{brown}',
  '[fox]',
  'brown:*',
  '\u0000',
  'ünïcødé 🧠',
  'brown '.repeat(2000),
  'x'.repeat(20_000),
];

/** Full-text (or substring) search over messages. */
export const searchCases: StoreCase[] = [
  {
    name: 'search: finds a word case-insensitively in live messages, with session and entry',
    async run({ store, scope }) {
      const s = scope();
      const [fox] = await seed(store, s, 'one', ['The quick brown fox', 'nothing to see']);
      const hits = await store.searchMessages(s, { text: 'BROWN' });
      expect(hits).toHaveLength(1);
      expect(hits[0]?.sessionId).toBe('one');
      expect(hits[0]?.entry.seq).toBe(1);
      expect(hits[0]?.entry.message.id).toBe(fox!.id);
      expect(typeof hits[0]?.score).toBe('number');
      expect(await store.searchMessages(s, { text: 'giraffe' })).toEqual([]);
      expect(await store.searchMessages(s, { text: '' })).toEqual([]);
      expect(await store.searchMessages(s, { text: '   ' })).toEqual([]);
    },
  },
  {
    name: 'search: full-text is ranked, stems words and needs every term',
    async run({ store, scope, skip }) {
      if (!store.capabilities.fullTextSearch) return skip('capabilities.fullTextSearch is false');
      const s = scope();
      await seed(store, s, 'fts', [
        'I love running in the morning',
        'she runs every day',
        'we went for a run',
        'a completely unrelated sentence',
      ]);
      const running = await store.searchMessages(s, { text: 'running' });
      expect(running.map((h) => h.entry.seq).sort()).toEqual([1, 2, 3]);
      await seed(store, s, 'rank', [
        'apple banana apple banana apple banana',
        'apple and banana and a great many other words that dilute the relevance of the two terms here',
        'apple only',
      ]);
      const ranked = await store.searchMessages(s, { text: 'apple banana', sessionId: 'rank' });
      expect(ranked.map((h) => h.entry.seq)).toEqual([1, 2]);
      expect(ranked[0]!.score).toBeGreaterThanOrEqual(ranked[1]!.score);
      expect(await store.searchMessages(s, { text: 'apple cherry' })).toEqual([]);
    },
  },
  {
    name: 'search: without full-text it is a case-insensitive substring match',
    async run({ store, scope, skip }) {
      if (store.capabilities.fullTextSearch) return skip('capabilities.fullTextSearch is true');
      const s = scope();
      await seed(store, s, 'sub', ['The quick Brown fox', 'brownie recipe', 'blue']);
      expect((await store.searchMessages(s, { text: 'OWN FO' })).map((h) => h.entry.seq)).toEqual([1]);
      expect((await store.searchMessages(s, { text: 'brown' })).map((h) => h.entry.seq).sort()).toEqual([
        1, 2,
      ]);
    },
  },
  {
    name: 'search: query syntax characters never raise a raw error',
    async run({ store, scope }) {
      const s = scope();
      await seed(store, s, 'q', [
        'the quick brown fox',
        'a % sign and an _ underscore \\ backslash "quoted"',
      ]);
      const other = scope();
      await seed(store, other, 'q', ['the quick brown fox from another tenant']);
      for (const text of hostileQueries) {
        let hits: Awaited<ReturnType<MemoryStoreV1['searchMessages']>>;
        try {
          hits = await store.searchMessages(s, { text });
        } catch (error) {
          if (!MemoryError.hasCode(error, 'INVALID_QUERY')) {
            throw new Error(`query ${JSON.stringify(text.slice(0, 40))} raised ${String(error)}`);
          }
          continue;
        }
        expect(Array.isArray(hits), text).toBe(true);
        for (const h of hits) expect(h.sessionId).toBe('q');
        for (const h of hits) expect(h.entry.message.content).not.toContain('another tenant');
      }
      if (store.capabilities.fullTextSearch) {
        const quoted = await store.searchMessages(s, { text: '"brown fox" AND (quick' });
        expect(quoted.map((h) => h.entry.seq)).toEqual([1]);
      }
    },
  },
  {
    name: 'search: scoped to the tenant, the scope user and the sessionId',
    async run({ store, scope }) {
      const { tenant } = scope();
      const alice = { tenant, user: 'alice' };
      const bob = { tenant, user: 'bob' };
      await store.createSession(alice, { id: 'a1' });
      await store.createSession(alice, { id: 'a2' });
      await store.createSession(bob, { id: 'b1' });
      await seed(store, alice, 'a1', ['marmalade sandwich']);
      await seed(store, alice, 'a2', ['marmalade toast']);
      await seed(store, bob, 'b1', ['marmalade jar']);
      const other = scope();
      await seed(store, other, 'a1', ['marmalade elsewhere']);
      const sessions = async (sc: Scope, sessionId?: string) =>
        (await store.searchMessages(sc, { text: 'marmalade', ...(sessionId ? { sessionId } : {}) }))
          .map((h) => h.sessionId)
          .sort();
      expect(await sessions({ tenant })).toEqual(['a1', 'a2', 'b1']);
      expect(await sessions(alice)).toEqual(['a1', 'a2']);
      expect(await sessions(bob)).toEqual(['b1']);
      expect(await sessions(alice, 'a2')).toEqual(['a2']);
      expect(await sessions(other)).toEqual(['a1']);
      const hits = await store.searchMessages(other, { text: 'marmalade' });
      expect(hits[0]?.entry.message.content).toBe('marmalade elsewhere');
    },
  },
  {
    name: 'search: the index keeps to the scope — look-alike tenants, owners and session ids, forks with hidden entries, a scope of 40 sessions — and finds exactly what a scan of the scope finds',
    async run({ store }) {
      const key = (sc: Scope, sessionId: string, id: string) =>
        JSON.stringify([sc.tenant, sc.user ?? null, sc.agent ?? null, sessionId, id]);
      const pairs = lookAlikeTenants();
      const tenants = [...pairs[1]!, ...pairs[7]!];
      const owners = (t: string): Scope[] => [...lookAlikeOwners(t), { tenant: t, user: 'many' }];
      for (const tenant of tenants) {
        for (const owner of owners(tenant)) {
          const ids =
            owner.user === 'many' ? Array.from({ length: 40 }, (_, i) => `m${i}`) : lookAlikeSessionIds;
          for (const sid of ids) {
            await store.createSession(owner, { id: sid });
            const label = `${tenant} ${owner.user ?? '-'} ${owner.agent ?? '-'} ${sid}`;
            await store.append(
              owner,
              sid,
              toInputs([
                makeMessage('user', `kumquat one ${label}`),
                makeMessage('assistant', `plain ${label}`),
                makeMessage('user', `kumquat two ${label}`),
              ]),
            );
          }
          if (owner.user === 'many') continue;
          // A fork that hides one inherited hit and adds its own; the parent then grows past the fork point.
          await store.createSession(owner, { id: 'fork', fork: { parentId: 'chat', atSeq: 3 } });
          const inherited = await store.readRange(owner, 'fork');
          await store.deleteMessages(owner, 'fork', [inherited[0]!.message.id]);
          await store.append(owner, 'fork', toInputs([makeMessage('user', `kumquat fork ${tenant}`)]));
          await store.append(
            owner,
            'chat',
            toInputs([makeMessage('user', `kumquat after the fork ${tenant}`)]),
          );
        }
      }
      const scan = async (sc: Scope, sessionId: string) =>
        (await store.readRange(sc, sessionId))
          .filter((e) => String(e.message.content).includes('kumquat'))
          .map((e) => key(sc, sessionId, e.message.id));
      const found = (hits: Awaited<ReturnType<MemoryStoreV1['searchMessages']>>) =>
        hits.map((h) => key(h.scope, h.sessionId, h.entry.message.id)).sort();
      for (const tenant of tenants) {
        for (const caller of owners(tenant)) {
          const expected: string[] = [];
          for (const r of await store.listSessions(caller, { limit: 1000 })) {
            const own = await scan(r.scope, r.id);
            expected.push(...own);
            const exact = r.scope.user === caller.user && r.scope.agent === caller.agent;
            if (!exact) continue;
            expect(
              found(await store.searchMessages(caller, { text: 'kumquat', sessionId: r.id, limit: 100 })),
            ).toEqual(own.sort());
            const few = await store.searchMessages(caller, { text: 'kumquat', sessionId: r.id, limit: 2 });
            expect(few).toHaveLength(Math.min(2, own.length));
            for (const k of found(few)) expect(own).toContain(k);
          }
          expect(found(await store.searchMessages(caller, { text: 'kumquat', limit: 10_000 }))).toEqual(
            expected.sort(),
          );
          const few = await store.searchMessages(caller, { text: 'kumquat', limit: 3 });
          expect(few).toHaveLength(Math.min(3, expected.length));
          for (const k of found(few)) expect(expected).toContain(k);
        }
      }
    },
  },
  {
    name: 'search: limit caps the hits',
    async run({ store, scope }) {
      const s = scope();
      await seed(
        store,
        s,
        'many',
        Array.from({ length: 30 }, (_, i) => `walrus number ${i}`),
      );
      expect(await store.searchMessages(s, { text: 'walrus', limit: 5 })).toHaveLength(5);
      expect(await store.searchMessages(s, { text: 'walrus' })).toHaveLength(20);
      expect(await store.searchMessages(s, { text: 'walrus', limit: 50 })).toHaveLength(30);
    },
  },
  {
    name: 'search: past 4,096 characters or 64 distinct words is INVALID_QUERY (store and ConversationMemory); the largest allowed query runs and finds',
    async run({ store, scope }) {
      const s = scope();
      // 64 distinct words of 63 characters, padded with spaces to exactly 4,096 characters.
      const words = Array.from({ length: 64 }, (_, i) =>
        `${String.fromCharCode(97 + (i % 26))}${i}`.padEnd(63, 'q'),
      );
      const largest = words.join(' ').padEnd(4096, ' ');
      expect(largest).toHaveLength(4096);
      await seed(store, s, 'big', [words.join(' '), 'something else']);
      const memory = createConversationMemory({ store, scope: s, sessionId: 'big' });
      const tooLong = `${largest}x`;
      const tooMany = Array.from({ length: 65 }, (_, i) => `w${i}`).join(' ');
      const huge = Array.from({ length: 40_000 }, (_, i) => `w${i}`).join(' ');
      for (const text of [tooLong, tooMany, huge, 'x'.repeat(1_000_000)]) {
        await expectMemoryError(store.searchMessages(s, { text }), 'INVALID_QUERY');
        await expectMemoryError(store.searchMessages(s, { text, sessionId: 'big' }), 'INVALID_QUERY');
        await expectMemoryError(memory.search(text), 'INVALID_QUERY');
      }
      // At the limits the work is small: the largest query (and 64 words repeated to the length limit) runs.
      const hits = await store.searchMessages(s, { text: largest });
      expect(hits.map((h) => h.entry.seq)).toEqual([1]);
      expect((await memory.search(largest.trim())).map((m) => m.content)).toEqual([words.join(' ')]);
      const repeated = `${words.slice(0, 8).join(' ')} `.repeat(8).slice(0, 4096);
      expect(await store.searchMessages(s, { text: repeated })).toBeInstanceOf(Array);
    },
  },
  {
    name: 'search: a missing or non-string text throws INVALID_QUERY, a bad limit INVALID_ARGUMENT',
    async run({ store, scope }) {
      const s = scope();
      await seed(store, s, 'q', ['findable words']);
      for (const query of [{}, { text: undefined }, { text: null }, { text: 42 }, { text: ['findable'] }]) {
        await expectMemoryError(store.searchMessages(s, query as never), 'INVALID_QUERY');
      }
      await expectMemoryError(store.searchMessages(s, undefined as never), 'INVALID_QUERY');
      for (const limit of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '3']) {
        await expectMemoryError(
          store.searchMessages(s, { text: 'findable', limit: limit as never }),
          'INVALID_ARGUMENT',
        );
      }
      await expectMemoryError(
        store.searchMessages(s, { text: 'findable', sessionId: '' }),
        'INVALID_ARGUMENT',
      );
      expect((await store.searchMessages(s, { text: 'findable' })).map((h) => h.sessionId)).toEqual(['q']);
      expect(await store.searchMessages(s, { text: 'findable', limit: 0 })).toEqual([]);
    },
  },
];
