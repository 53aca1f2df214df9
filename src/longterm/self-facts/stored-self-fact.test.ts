import { describe, expect, it } from 'vitest';
import type { MemoryMessage } from '../../core/message.ts';
import { createLongTermMemory } from '../create-long-term-memory.ts';
import type { LongTermRecord } from '../long-term-record.ts';
import { prepareRecord } from '../prepare-record.ts';
import { storedSelfFact } from './stored-self-fact.ts';

const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000);
const fact = (metadata: Record<string, string>) =>
  ({ id: 'f', kind: 'fact', text: 'x', metadata }) as unknown as LongTermRecord;

describe('storedSelfFact', () => {
  it("reads a name stored with a possessive 's (before 239f263) as the extractor writes it now", () => {
    expect(storedSelfFact(fact({ selfFact: 'user.child:iwan-s', value: "Iwan's" }))).toEqual({
      key: 'user.child:iwan',
      value: 'Iwan',
    });
    expect(storedSelfFact(fact({ selfFact: 'user.partner', value: 'Tom’s' }))).toEqual({
      key: 'user.partner',
      value: 'Tom',
    });
    expect(storedSelfFact(fact({ selfFact: 'caroline.sibling:mia-s', value: "Mia's" }))).toEqual({
      key: 'caroline.sibling:mia',
      value: 'Mia',
    });
  });

  it("leaves every other fact as stored: values that are not names, names without a final 's, keys the 's did not make", () => {
    const same = (metadata: Record<string, string>) =>
      expect(storedSelfFact(fact(metadata))).toEqual({ key: metadata.selfFact, value: metadata.value });
    same({ selfFact: 'user.favourite-place', value: "McDonald's" });
    same({ selfFact: 'user.employer', value: "Sainsbury's" });
    same({ selfFact: 'user.child:iwan-s', value: 'Iwan S' });
    same({ selfFact: 'user.child:iwan', value: 'Iwan' });
    same({ selfFact: 'user.name', value: 'Ada' });
    same({ selfFact: 'user.name', value: 'Chris' });
    // An 's not the one that made the key: the key stays.
    expect(storedSelfFact(fact({ selfFact: 'user.child:other', value: "Iwan's" }))).toEqual({
      key: 'user.child:other',
      value: "Iwan's",
    });
    expect(storedSelfFact(fact({ value: 'x' }))).toBeUndefined();
  });

  it('lets a later statement supersede a fact stored with the old key, and a question about the relative find the name', async () => {
    const memory = createLongTermMemory({ scope: { tenant: 't', user: 'u' }, clock: { now: () => day(30) } });
    // As a store written before 239f263 holds "my son Iwan's coming home for Easter" (said on day 1).
    await memory.records.addRecords(memory.scope, [
      prepareRecord(
        {
          id: 'legacy',
          kind: 'fact',
          text: "The user's son (child) is named Iwan's.",
          validAt: day(1),
          metadata: { selfFact: 'user.child:iwan-s', value: "Iwan's" },
        },
        'test',
      ),
    ]);
    await memory.record([
      {
        id: 'm1',
        role: 'user',
        content: 'My son Iwan is starting university.',
        createdAt: day(9),
      } as MemoryMessage,
    ]);
    const records = (await memory.records.listRecords(memory.scope, { limit: 100 })).records;
    const legacy = records.find((r) => r.id === 'legacy');
    expect(legacy?.invalidAt).toEqual(day(9));
    const now = records.filter((r) => r.kind === 'fact' && r.invalidAt === undefined);
    expect(now.map((r) => [r.metadata.selfFact, r.metadata.value])).toEqual([['user.child:iwan', 'Iwan']]);
  });
});
