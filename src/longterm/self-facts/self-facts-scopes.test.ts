import { describe, expect, it } from 'vitest';
import { wideAndNarrowScopes } from '../../../test-support/longterm/wide-scopes.ts';
import { tempSqliteStores } from '../../../test-support/temp-sqlite-store.ts';
import type { MemoryMessage } from '../../core/message.ts';
import type { Scope } from '../../core/scope.ts';
import { createMemoryStore } from '../../drivers/memory/index.ts';
import { createLongTermMemory } from '../create-long-term-memory.ts';

const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000);
const user = (id: string, content: string, at: Date): MemoryMessage =>
  ({ id, role: 'user', content, createdAt: at }) as MemoryMessage;
const sqlite = tempSqliteStores('self-facts-scopes');

/**
 * A scope's self facts are its own: a wider scope's memory (a user's, beside her agent's; a tenant's, beside its
 * users') neither ends another scope's fact nor has its own ended by another scope's later statement.
 */
describe('self facts stay in their scope', () => {
  for (const [name, open] of [
    ['memory', createMemoryStore],
    ['sqlite', sqlite],
  ] as const)
    for (const [wide, narrow] of wideAndNarrowScopes)
      it(`${JSON.stringify(wide)} beside ${JSON.stringify(narrow)} (${name} store)`, async () => {
        const store = open();
        const memory = (scope: Scope) =>
          createLongTermMemory({ store, scope, clock: { now: () => day(30) } });
        const city = async (scope: Scope) =>
          (await memory(scope).records.listRecords(scope, { filter: { kinds: ['fact'] } })).records
            .filter((r) => r.metadata.selfFact === 'user.home')
            .map((r) => `${r.metadata.value}${r.invalidAt ? ' (ended)' : ''}`)
            .sort();
        // The narrower scope said Lisbon on day 1 and Madrid on day 20.
        await memory(narrow).record([user('n1', 'I live in Lisbon.', day(1))]);
        await memory(narrow).record([user('n2', 'We moved to Madrid.', day(20))]);
        // The wider scope says Porto on day 9: a later statement than Lisbon, an earlier one than Madrid.
        await memory(wide).record([user('w1', 'We moved to Porto.', day(9))]);
        expect(await city(narrow)).toEqual(['Lisbon (ended)', 'Madrid']);
        const own = (await city(wide)).filter((c) => c.startsWith('Porto'));
        expect(own).toEqual(['Porto']);
        if ('close' in store) store.close();
      });
});
