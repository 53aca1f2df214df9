import { expect } from 'vitest';
import { purgeSessionRecords, sessionBound } from '../../longterm/session-bound-records.ts';
import type { LongTermCase } from './long-term-case.ts';
import { rec, rejects } from './long-term-case-helpers.ts';

/** A note bound to session `sessionId` of its owner. */
const bound = (id: string, sessionId: string) =>
  rec({ id, kind: 'note', text: `${id} of ${sessionId}`, metadata: sessionBound(sessionId) });

/** The conformance cases of session-bound records (`purgeSessionBound`, `purgeSessionRecords`). */
export const longTermSessionBoundCases: LongTermCase[] = [
  {
    name: 'session-bound: purgeSessionRecords purges every version of the owner’s records bound in any version',
    async run(t) {
      const s = t.scope({ user: 'u1' });
      const u2 = { ...s, user: 'u2' };
      const wide = { tenant: s.tenant };
      await t.records.addRecords(s, [
        bound('live', 'chat'),
        bound('deleted', 'chat'),
        bound('unbound', 'chat'),
        bound('next', 'chat:2'),
        rec({ id: 'fact', text: 'Ada likes tea', session: 'chat', provenance: { session: 'chat' } }),
      ]);
      await t.records.updateRecord(s, 'live', { text: 'live v2' }, new Date());
      // Bound only in a version that is no longer current: deleted since, or its newer version dropped the binding.
      await t.records.deleteRecord(s, 'deleted', new Date());
      await t.records.updateRecord(s, 'unbound', { metadata: {} }, new Date());
      // Other owners of the tenant, with records bound to their own `chat`, live and deleted.
      await t.records.addRecords(u2, [bound('live', 'chat'), bound('deleted', 'chat')]);
      await t.records.deleteRecord(u2, 'deleted', new Date());
      await t.records.addRecords(wide, [rec({ id: 'live', text: 'the tenant’s' })]);
      const events = async (scope: typeof s, id: string) =>
        (await t.records.history(scope, id)).map((r) => r.event);

      // A store without the native method is searched through listRecords: current live versions only.
      const native = typeof t.records.purgeSessionBound === 'function';
      expect(await purgeSessionRecords(t.records, s, 'chat')).toBe(native ? 3 : 1);
      expect(await t.records.history(s, 'live')).toEqual([]);
      expect(await events(s, 'deleted')).toEqual(native ? [] : ['ADD', 'DELETE']);
      expect(await events(s, 'unbound')).toEqual(native ? [] : ['ADD', 'UPDATE']);
      expect((await t.records.getRecords(s, ['next', 'fact'])).map((r) => r.id)).toEqual(['next', 'fact']);
      expect((await t.records.getRecord(u2, 'live'))?.text).toBe('live of chat');
      expect(await events(u2, 'deleted')).toEqual(['ADD', 'DELETE']);
      // A wide scope purges its own records only, none of its users'.
      expect(await purgeSessionRecords(t.records, wide, 'chat')).toBe(0);
      expect(await events(u2, 'deleted')).toEqual(['ADD', 'DELETE']);
      expect((await t.records.getRecord(u2, 'live'))?.text).toBe('live of chat');
      expect((await t.records.getRecord(wide, 'live'))?.text).toBe('the tenant’s');
      await rejects(purgeSessionRecords(t.records, s, ''), 'INVALID_ARGUMENT', /sessionId/);
      if (native) {
        expect(await t.records.purgeSessionBound?.(s, 'chat:2')).toBe(1);
        expect(await t.records.history(s, 'next')).toEqual([]);
        await rejects(t.records.purgeSessionBound?.(s, '') as Promise<number>, 'INVALID_ARGUMENT');
        await rejects(
          t.records.purgeSessionBound?.({ tenant: '' }, 'chat') as Promise<number>,
          'INVALID_ARGUMENT',
        );
      }
      expect((await t.records.getRecord(s, 'fact'))?.text).toBe('Ada likes tea');
    },
  },
];
