import { expect } from 'vitest';
import type { Scope } from '../../core/scope.ts';
import { analyzeText } from '../../longterm/analyze-text.ts';
import { longTermOrigins } from '../../longterm/long-term-record.ts';
import { trickScopes } from '../scope-tricks.ts';
import type { LongTermCase } from './long-term-case.ts';
import { ids, rec, rejects, search } from './long-term-case-helpers.ts';

/** The conformance cases of records: round trips, provenance, adds, versions, isolation, listing, purge, bad input. */
export const longTermRecordCases: LongTermCase[] = [
  {
    name: 'round trip: every field reads back identical, before and after a reopen',
    needsReopen: true,
    async run(t) {
      const scope = t.scope({ user: 'u1', agent: 'a1' });
      const input = rec({
        id: 'r1',
        kind: 'turn',
        text: 'Caroline went to the LGBTQ support group 🌈',
        context: 'session of 8 May 2023',
        session: 's1',
        episode: 'e1',
        metadata: { speaker: 'Caroline', n: 1, nested: { a: [1, 'x', null] } },
        provenance: { messageIds: ['m1', 'm2'], roles: ['user', 'assistant'], tool: 'web' },
        validAt: new Date('2023-05-07T00:00:00Z'),
        invalidAt: new Date('2024-01-01T00:00:00Z'),
      });
      const [stored] = await t.records.addRecords(scope, [input]);
      expect(stored).toMatchObject({
        id: 'r1',
        version: 1,
        event: 'ADD',
        kind: 'turn',
        text: input.text,
        context: input.context,
        session: 's1',
        episode: 'e1',
        metadata: input.metadata,
        provenance: input.provenance,
        hash: input.hash,
        validAt: input.validAt,
        invalidAt: input.invalidAt,
      });
      expect(stored?.expiredAt).toBeUndefined();
      expect(await t.records.getRecord(scope, 'r1')).toEqual(stored);
      const again = await t.reopen();
      expect(await again.getRecord(scope, 'r1')).toEqual(stored);
      expect(ids(await search(again, scope, 'support group'))).toEqual(['r1']);
    },
  },
  {
    name: 'provenance: every origin round-trips with its session, message, tool call and tool mark, and filters',
    async run(t) {
      const scope = t.scope({ user: 'u' });
      // Every origin but system and unknown (7 of them), in the order of `longTermOrigins`.
      const origins = longTermOrigins.filter((o) => o !== 'system' && o !== 'unknown');
      const inputs = origins.map((origin, i) =>
        rec({
          id: `p${i}`,
          text: `provenance probe ${origin}`,
          provenance: {
            origin,
            toolDerived: origin === 'tool' || origin === 'agent',
            messageIds: [`m${i}`],
            roles: [origin === 'agent' ? 'assistant' : origin],
            session: 's1',
            ...(origin === 'tool' ? { tool: 'web_search' } : {}),
            ...(origin === 'agent' ? { toolCallId: 'call_1', tool: 'web_search' } : {}),
          },
        }),
      );
      const stored = await t.records.addRecords(scope, inputs);
      stored.forEach((r, i) => {
        expect(r.provenance).toEqual(inputs[i]?.provenance);
      });
      for (const r of stored) expect(await t.records.getRecord(scope, r.id)).toEqual(r);
      // A record added without provenance is the application's.
      const [plain] = await t.records.addRecords(scope, [rec({ id: 'plain', text: 'provenance probe app' })]);
      expect(plain?.provenance).toEqual({ origin: 'app', toolDerived: false, messageIds: [], roles: [] });
      const clean = await search(t.records, scope, 'provenance probe', { filter: { toolDerived: false } });
      expect(ids(clean).sort()).toEqual(['p0', 'p1', 'p4', 'p5', 'p6', 'plain']);
      const told = await search(t.records, scope, 'probe', { filter: { origins: ['user', 'assistant'] } });
      expect(ids(told).sort()).toEqual(['p0', 'p1']);
      const listed = await t.records.listRecords(scope, { filter: { toolDerived: true } });
      expect(listed.records.map((r) => r.id)).toEqual(['p2', 'p3']);
      // An update by the extractor names its origin; tool output once in the text stays marked.
      const updated = await t.records.updateRecord(
        scope,
        'p2',
        { text: 'provenance probe updated', provenance: { origin: 'extracted', toolDerived: false } },
        new Date(Date.now() + 1000),
      );
      expect(updated.provenance).toMatchObject({
        origin: 'extracted',
        toolDerived: true,
        tool: 'web_search',
      });
      expect((await t.records.history(scope, 'p2')).map((r) => r.provenance.origin)).toEqual([
        'tool',
        'extracted',
      ]);
      expect(ids(await search(t.records, scope, 'updated', { filter: { toolDerived: false } }))).toEqual([]);
    },
  },
  {
    name: 'add: the same record again is a no-op; a different one under a taken id fails the whole call',
    async run(t) {
      const scope = t.scope({ user: 'u' });
      const [first] = await t.records.addRecords(scope, [rec({ id: 'a', text: 'likes tea' })]);
      const [same] = await t.records.addRecords(scope, [rec({ id: 'a', text: 'Likes  TEA' })]);
      expect(same).toEqual(first);
      await rejects(
        t.records.addRecords(scope, [
          rec({ id: 'b', text: 'likes coffee' }),
          rec({ id: 'a', text: 'likes milk' }),
        ]),
        'INVALID_ARGUMENT',
        /"a"/,
      );
      expect(await t.records.getRecord(scope, 'b')).toBeUndefined();
      expect((await t.records.history(scope, 'a')).length).toBe(1);
    },
  },
  {
    name: 'versions: an update supersedes (the old version stays, expired), a delete writes a DELETE version',
    async run(t) {
      const scope = t.scope({ user: 'u' });
      await t.records.addRecords(scope, [
        rec({ id: 'city', text: 'Alice lives in Paris', metadata: { topic: 'home' } }),
      ]);
      const at1 = new Date(Date.now() + 1000);
      const updated = await t.records.updateRecord(
        scope,
        'city',
        { text: 'Alice lives in Berlin', terms: analyzeText('Alice lives in Berlin'), hash: 'h2' },
        at1,
      );
      expect(updated).toMatchObject({
        id: 'city',
        version: 2,
        event: 'UPDATE',
        text: 'Alice lives in Berlin',
        metadata: { topic: 'home' },
      });
      expect((await t.records.getRecord(scope, 'city'))?.text).toBe('Alice lives in Berlin');
      expect(ids(await search(t.records, scope, 'Paris'))).toEqual([]);
      expect(ids(await search(t.records, scope, 'Berlin'))).toEqual(['city']);
      const at2 = new Date(Date.now() + 2000);
      expect(await t.records.deleteRecord(scope, 'city', at2)).toBe(true);
      expect(await t.records.deleteRecord(scope, 'city', at2)).toBe(false);
      expect(await t.records.getRecord(scope, 'city')).toBeUndefined();
      expect(ids(await search(t.records, scope, 'Berlin'))).toEqual([]);
      const history = await t.records.history(scope, 'city');
      expect(history.map((h) => [h.version, h.event, h.text])).toEqual([
        [1, 'ADD', 'Alice lives in Paris'],
        [2, 'UPDATE', 'Alice lives in Berlin'],
        [3, 'DELETE', 'Alice lives in Berlin'],
      ]);
      expect(history[0]?.expiredAt).toEqual(at1);
      expect(history[1]?.expiredAt).toEqual(at2);
      expect(history[2]?.expiredAt).toBeUndefined();
      await rejects(t.records.updateRecord(scope, 'city', { text: 'x' }, new Date()), 'RECORD_NOT_FOUND');
      await rejects(t.records.updateRecord(scope, 'nope', { text: 'x' }, new Date()), 'RECORD_NOT_FOUND');
      const [again] = await t.records.addRecords(scope, [rec({ id: 'city', text: 'Alice lives in Rome' })]);
      expect(again).toMatchObject({
        version: 4,
        event: 'ADD',
        text: 'Alice lives in Rome',
        createdAt: history[0]?.createdAt,
      });
      expect(ids(await search(t.records, scope, 'Rome'))).toEqual(['city']);
      expect((await t.records.history(scope, 'city')).map((h) => h.event)).toEqual([
        'ADD',
        'UPDATE',
        'DELETE',
        'ADD',
      ]);
    },
  },
  {
    name: 'optimistic concurrency: an update expecting an older version is a CONFLICT and writes nothing',
    async run(t) {
      const scope = t.scope({ user: 'u' });
      await t.records.addRecords(scope, [rec({ id: 'wm', kind: 'note', text: 'v1' })]);
      const change = (text: string, expectedVersion: number) => ({
        text,
        terms: analyzeText(text),
        expectedVersion,
      });
      const second = await t.records.updateRecord(scope, 'wm', change('first writer', 1), new Date());
      expect(second.version).toBe(2);
      await rejects(
        t.records.updateRecord(scope, 'wm', change('second writer', 1), new Date()),
        'CONFLICT',
        /version 2/,
      );
      expect((await t.records.getRecord(scope, 'wm'))?.text).toBe('first writer');
      expect((await t.records.history(scope, 'wm')).map((h) => h.version)).toEqual([1, 2]);
      const third = await t.records.updateRecord(
        scope,
        'wm',
        change('second writer, retried', 2),
        new Date(),
      );
      expect(third).toMatchObject({ version: 3, text: 'second writer, retried' });
    },
  },
  {
    name: 'isolation: look-alike tenants, users and ids see nothing of each other; a tenant-wide search covers its users only',
    async run(t) {
      const base = t.scope();
      const alice = { ...base, user: 'alice' };
      const bob = { ...base, user: 'bob' };
      const aliceAgent = { ...base, user: 'alice', agent: 'helper' };
      const lookAlike = { tenant: `${base.tenant} `, user: 'alice' };
      const other = { tenant: `${base.tenant}x`, user: 'alice' };
      await t.records.addRecords(alice, [rec({ id: 'same', text: 'secret plan alpha' })]);
      await t.records.addRecords(bob, [rec({ id: 'same', text: 'secret plan bravo' })]);
      await t.records.addRecords(aliceAgent, [rec({ id: 'same', text: 'secret plan charlie' })]);
      await t.records.addRecords(lookAlike, [rec({ id: 'same', text: 'secret plan delta' })]);
      await t.records.addRecords(other, [rec({ id: 'same', text: 'secret plan echo' })]);
      expect((await t.records.getRecord(alice, 'same'))?.text).toBe('secret plan alpha');
      expect((await t.records.getRecord(bob, 'same'))?.text).toBe('secret plan bravo');
      expect((await t.records.getRecord(aliceAgent, 'same'))?.text).toBe('secret plan charlie');
      expect(await t.records.getRecord({ tenant: base.tenant }, 'same')).toBeUndefined();
      const texts = async (scope: Scope) => {
        const hits = await search(t.records, scope, 'secret plan');
        const page = await t.records.listRecords(scope);
        const listed = page.records.map((r) => r.text).sort();
        expect(hits.length).toBe(listed.length);
        return listed;
      };
      expect(await texts(alice)).toEqual(['secret plan alpha', 'secret plan charlie']);
      expect(await texts(bob)).toEqual(['secret plan bravo']);
      expect(await texts({ ...base, agent: 'helper' })).toEqual(['secret plan charlie']);
      expect(await texts(base)).toEqual(['secret plan alpha', 'secret plan bravo', 'secret plan charlie']);
      // A wide listing or search returns each record exactly as its owner's getRecords reads it (a component
      // that keeps its scope's own records, `ownedRecords`, tells them apart by it).
      const ownerOf = new Map<string, Scope>([
        ['secret plan alpha', alice],
        ['secret plan bravo', bob],
        ['secret plan charlie', aliceAgent],
      ]);
      const wide = [
        ...(await t.records.listRecords(base)).records,
        ...(await search(t.records, base, 'secret plan')).map((h) => h.record),
      ];
      for (const r of wide) expect(await t.records.getRecords(ownerOf.get(r.text)!, [r.id])).toEqual([r]);
      expect(await texts(lookAlike)).toEqual(['secret plan delta']);
      expect(await texts({ tenant: other.tenant })).toEqual(['secret plan echo']);
      await t.records.updateRecord(bob, 'same', { text: 'changed' }, new Date());
      expect((await t.records.getRecord(alice, 'same'))?.version).toBe(1);
      expect(await t.records.purgeRecords(bob)).toBe(1);
      expect((await t.records.getRecord(alice, 'same'))?.text).toBe('secret plan alpha');
      expect(await t.records.history(bob, 'same')).toEqual([]);
      // A scope whose fields are inherited or getters (each reads as a user's or an agent's) is refused.
      for (const trick of trickScopes(base.tenant)) {
        await rejects(
          t.records.addRecords(trick, [rec({ id: 'trick', text: 'tricked' })]),
          'INVALID_ARGUMENT',
        );
        await rejects(t.records.getRecord(trick, 'same'), 'INVALID_ARGUMENT');
        await rejects(search(t.records, trick, 'secret'), 'INVALID_ARGUMENT');
        await rejects(t.records.purgeRecords(trick), 'INVALID_ARGUMENT');
      }
      expect(await texts(base)).toEqual(['secret plan alpha', 'secret plan charlie']);
    },
  },
  {
    name: 'list: pages in a stable order with a cursor, filtered',
    async run(t) {
      const scope = t.scope({ user: 'u' });
      for (let i = 0; i < 7; i++)
        await t.records.addRecords(scope, [
          rec({ id: `r${i}`, text: `note ${i}`, kind: i % 2 ? 'fact' : 'turn' }),
        ]);
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await t.records.listRecords(scope, { limit: 3, ...(cursor ? { cursor } : {}) });
        seen.push(...page.records.map((r) => r.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6']);
      const facts = await t.records.listRecords(scope, { filter: { kinds: ['fact'] } });
      expect(facts.records.map((r) => r.id)).toEqual(['r1', 'r3', 'r5']);
      // Only what a listing returned: no other spelling of a number, no partial parse.
      for (const cursor of ['!!not a cursor', ' 5', '5 ', '05', '+5', '-1', '5.0', '5zz!', ''])
        await rejects(t.records.listRecords(scope, { cursor }), 'INVALID_QUERY');
    },
  },
  {
    name: 'purge: removes every version of the named records, or all of the scope, for good',
    async run(t) {
      const scope = t.scope({ user: 'u' });
      await t.records.addRecords(scope, [
        rec({ id: 'a', text: 'alpha' }),
        rec({ id: 'b', text: 'bravo' }),
        rec({ id: 'c', text: 'charlie' }),
      ]);
      await t.records.updateRecord(scope, 'a', { text: 'alpha two' }, new Date());
      expect(await t.records.purgeRecords(scope, ['a', 'nope'])).toBe(1);
      expect(await t.records.history(scope, 'a')).toEqual([]);
      expect(ids(await search(t.records, scope, 'alpha'))).toEqual([]);
      expect(await t.records.purgeRecords(scope)).toBe(2);
      expect((await t.records.listRecords(scope)).records).toEqual([]);
    },
  },
  {
    name: 'purgeIfVersion: purges a record only at the version named, in its exact owner scope',
    async run(t) {
      const purgeIfVersion = t.records.purgeIfVersion?.bind(t.records);
      if (!purgeIfVersion) return; // optional: a store without it purges unconditionally
      const scope = t.scope({ user: 'u' });
      const other = t.scope({ user: 'v' });
      await t.records.addRecords(scope, [rec({ id: 'a', text: 'alpha' })]);
      await t.records.updateRecord(scope, 'a', { text: 'alpha two' }, new Date());
      expect(await purgeIfVersion(scope, 'a', 1)).toBe(false);
      expect(await purgeIfVersion(other, 'a', 2)).toBe(false);
      expect(await purgeIfVersion(scope, 'nope', 1)).toBe(false);
      expect((await t.records.getRecord(scope, 'a'))?.text).toBe('alpha two');
      expect(await purgeIfVersion(scope, 'a', 2)).toBe(true);
      expect(await t.records.history(scope, 'a')).toEqual([]);
      expect(ids(await search(t.records, scope, 'alpha'))).toEqual([]);
      await t.records.addRecords(scope, [rec({ id: 'b', text: 'bravo' })]);
      await t.records.deleteRecord(scope, 'b', new Date());
      expect(await purgeIfVersion(scope, 'b', 2)).toBe(false);
      await rejects(purgeIfVersion(scope, 'b', 0), 'INVALID_ARGUMENT');
    },
  },
  {
    name: 'bad input: typed errors name the field and write nothing',
    async run(t) {
      const scope = t.scope({ user: 'u' });
      await t.records.addRecords(scope, [rec({ id: 'keep', text: 'kept' })]);
      await rejects(
        t.records.searchText(scope, { terms: ['ok', 'not a term'], limit: 5 }),
        'INVALID_QUERY',
        /terms/,
      );
      await rejects(t.records.searchText(scope, { terms: ['ok'], limit: 0 }), 'INVALID_QUERY', /limit/);
      await rejects(
        t.records.searchText(scope, { terms: ['ok'], limit: 5, filter: { color: 'red' } as never }),
        'INVALID_QUERY',
        /filter\.color/,
      );
      await rejects(
        t.records.searchText({ tenant: '' }, { terms: ['ok'], limit: 5 }),
        'INVALID_ARGUMENT',
        /tenant/,
      );
      await rejects(
        t.records.searchVector(scope, { vector: [Number.NaN], model: 'm', limit: 5 }),
        'INVALID_QUERY',
        /vector/,
      );
      await rejects(
        t.records.putEmbeddings(scope, [{ id: 'keep', model: 'm', vector: [] }]),
        'INVALID_ARGUMENT',
        /vector/,
      );
      await rejects(t.records.getRecord(scope, ''), 'INVALID_ARGUMENT');
      await rejects(
        t.records.searchText(scope, { terms: ['ok'], limit: 5, filter: { metadata: { a: { b: 1 } } } }),
        'INVALID_QUERY',
        /metadata\.a/,
      );
      await rejects(t.records.listRecords(scope, { limit: 5000 }), 'INVALID_QUERY', /limit/);
      // A misspelt key would otherwise list the first 100 records of every kind.
      await rejects(
        t.records.listRecords(scope, { limt: 5, filtr: { kinds: ['fact'] } } as never),
        'INVALID_ARGUMENT',
        /listRecords\(options\)\.limt: not an option/,
      );
      expect(() => rec({ text: 'x', metadata: { bad: Number.NaN } })).toThrow(/metadata/);
      expect(() => rec({ text: '' })).toThrow(/text/);
      expect(await t.records.history(scope, 'keep')).toHaveLength(1);
    },
  },
];
