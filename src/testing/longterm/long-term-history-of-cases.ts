import { expect } from 'vitest';
import { prepareChange } from '../../longterm/prepare-record.ts';
import type { LongTermCase } from './long-term-case.ts';
import { rec, rejects } from './long-term-case-helpers.ts';

/**
 * The conformance cases of `historyOf` (optional: each returns at once on a store without it): from a wide scope,
 * the history of the record a found version belongs to, in the scope that owns it, beside a record of the same id
 * in the wide scope itself; nothing for a version no covered record has; typed errors for what names no version.
 */
export const longTermHistoryOfCases: LongTermCase[] = [
  {
    name: "historyOf: a wide scope reads the history of the found version's own record, not another of its id",
    async run(t) {
      const historyOf = t.records.historyOf?.bind(t.records);
      if (!historyOf) return; // optional: knownAt then reads `history` in its own scope
      const tenant = t.scope();
      const ada = { ...tenant, user: 'ada' };
      const bot = { ...ada, agent: 'bot' };
      await t.records.addRecords(tenant, [rec({ id: 'a', text: 'the team lives in Berlin' })]);
      const [first] = await t.records.addRecords(bot, [rec({ id: 'a', text: 'Ada lives in Paris' })]);
      const current = await t.records.updateRecord(
        bot,
        'a',
        prepareChange({ text: 'Ada lives in Lyon' }, 'test'),
        new Date(),
      );
      const own = await t.records.history(bot, 'a');
      expect(own.map((v) => v.text)).toEqual(['Ada lives in Paris', 'Ada lives in Lyon']);
      // From every scope that covers the agent's record: its history, from its current version or an earlier one.
      for (const wide of [tenant, ada, bot, { ...tenant, agent: 'bot' }]) {
        expect(await historyOf(wide, current)).toEqual(own);
        expect(await historyOf(wide, first!)).toEqual(own);
      }
      // The tenant's own record of the same id is another record.
      const [team] = await t.records.history(tenant, 'a');
      expect(await historyOf(tenant, team!)).toEqual([team]);
      expect(await historyOf(ada, team!)).toEqual([]);
      // Scopes that do not cover the agent's record, and a version no record has, find nothing.
      expect(await historyOf({ ...tenant, user: 'bob' }, current)).toEqual([]);
      expect(await historyOf({ ...tenant, agent: 'other' }, current)).toEqual([]);
      expect(await historyOf(t.scope(), current)).toEqual([]);
      expect(await historyOf(tenant, { ...current, hash: 'f'.repeat(64) })).toEqual([]);
      expect(await historyOf(tenant, { ...current, version: 9 })).toEqual([]);
      expect(
        await historyOf(tenant, { ...current, recordedAt: new Date(current.recordedAt.getTime() + 1) }),
      ).toEqual([]);
      await rejects(historyOf(tenant, null as never), 'INVALID_ARGUMENT');
      await rejects(historyOf(tenant, { ...current, id: '' }), 'INVALID_ARGUMENT');
      await rejects(
        historyOf(tenant, { ...current, createdAt: new Date(Number.NaN) }),
        'INVALID_ARGUMENT',
        /found\.createdAt/,
      );
    },
  },
];
