import { describe, expect, it } from 'vitest';
import { wideAndNarrowScopes } from '../../test-support/longterm/wide-scopes.ts';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import type { MemoryMessage } from '../core/message.ts';
import { createMemoryStore } from '../drivers/memory/index.ts';
import { createLongTermMemory } from './create-long-term-memory.ts';
import type { FactExtractor } from './fact-extractor.ts';

const sqlite = tempSqliteStores('extraction-scopes');
const user = (id: string, content: string): MemoryMessage =>
  ({ id, role: 'user', content, createdAt: new Date(Date.now() - 60_000) }) as MemoryMessage;

/**
 * Fact extraction of a wide scope's memory (a tenant's; a user's, beside her agent's) mines its own turns only and
 * reconciles against its own facts only: another scope's words never reach its extractor, and its decisions never
 * reach another scope's records.
 */
describe('fact extraction stays in its scope', () => {
  for (const [name, open] of [
    ['memory', createMemoryStore],
    ['sqlite', sqlite],
  ] as const)
    for (const [wide, narrow] of wideAndNarrowScopes)
      it(`${JSON.stringify(wide)} beside ${JSON.stringify(narrow)} (${name} store)`, async () => {
        const store = open();
        const theirs = createLongTermMemory({ store, scope: narrow, selfFacts: false });
        await theirs.record([user('n1', 'My bank PIN for the office account is 4921.')]);
        const [fact] = await theirs.add({ kind: 'fact', text: 'The office account PIN is 4921.' });
        const seen: string[] = [];
        const extractor: FactExtractor = {
          async extract(turns, existing) {
            seen.push(...turns.map((t) => t.text), ...existing.map((c) => c.text));
            // Every fact shown is deleted, and the turns' words become a fact.
            return [
              ...existing.map((c) => ({ event: 'DELETE' as const, id: c.id })),
              { event: 'ADD' as const, text: `Noted: ${turns.map((t) => t.text).join(' ')}` },
            ];
          },
        };
        const ours = createLongTermMemory({
          store,
          scope: wide,
          recording: 'facts',
          extractor,
          selfFacts: false,
        });
        await ours.record([user('w1', 'The office account moves to a new bank.')]);
        await ours.flush();
        expect(seen.join('\n')).not.toContain('4921');
        expect(seen.join('\n')).toContain('moves to a new bank');
        expect((await theirs.get(fact!.id))?.text).toBe('The office account PIN is 4921.');
        const own = await ours.records.listRecords(wide, { filter: { kinds: ['fact'] } });
        expect(
          own.records.map((r) => r.text).filter((t) => t.includes('4921') && t.startsWith('Noted')),
        ).toEqual([]);
        if ('close' in store) store.close();
      });
});

describe('an extracted update ends the stating turns of its own scope only', () => {
  for (const [name, open] of [
    ['memory', createMemoryStore],
    ['sqlite', sqlite],
  ] as const)
    it(`a tenant's update leaves a user's turn of the same message id alone (${name} store)`, async () => {
      const store = open();
      const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 12, minutes));
      const said = (id: string, content: string, minute: number) =>
        ({ id, role: 'user', content, createdAt: at(minute) }) as MemoryMessage;
      // Both conversations have a message `m1` (ids a client makes up, say) about Acme.
      const ada = createLongTermMemory({
        store,
        scope: { tenant: 't', user: 'ada' },
        session: 'ada-chat',
        selfFacts: false,
      });
      await ada.record([said('m1', 'Ada also works at Acme, on payroll.', 1)]);
      // The tenant's extractor adds the team's employer, then moves it when told.
      const extractor: FactExtractor = {
        async extract(turns, existing) {
          const text = turns.map((t) => t.text).join(' ');
          if (existing[0] && text.includes('Globex'))
            return [{ event: 'UPDATE', id: existing[0].id, text: 'The team works at Globex' }];
          return text.includes('Acme') ? [{ event: 'ADD', text: 'The team works at Acme' }] : [];
        },
      };
      const tenant = createLongTermMemory({
        store,
        scope: { tenant: 't' },
        recording: 'facts',
        extractor,
        selfFacts: false,
      });
      await tenant.record([said('m1', 'The team works at Acme.', 2)]);
      await tenant.flush();
      await tenant.record([said('m2', 'The team moved to Globex.', 3)]);
      await tenant.flush();
      const turns = async (memory: typeof ada) =>
        (await memory.records.listRecords(memory.scope, { filter: { kinds: ['turn'] } })).records.map(
          (r) => `${r.text}${r.invalidAt ? ' (ended)' : ''}`,
        );
      expect(await turns(ada)).toEqual(['user: Ada also works at Acme, on payroll.']);
      const facts = await tenant.records.listRecords(tenant.scope, { filter: { kinds: ['fact'] } });
      expect(facts.records.map((r) => r.text)).toEqual(['The team works at Globex']);
      expect(await turns(tenant)).toContain('user: The team works at Acme. (ended)');
      if ('close' in store) store.close();
    });
});
