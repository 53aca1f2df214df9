import { expect } from 'vitest';
import type { Scope } from '../../core/scope.ts';
import type { LongTermCase } from './long-term-case.ts';
import { ids, rec, rejects } from './long-term-case-helpers.ts';

/** The conformance cases of `latestRecordTime` (optional): what listing every current record tells, in one read. */
export const longTermLatestTimeCases: LongTermCase[] = [
  {
    name: 'latestRecordTime: the latest time and the listing end of current records, as listing them all tells',
    async run(t) {
      const latestRecordTime = t.records.latestRecordTime?.bind(t.records);
      if (!latestRecordTime) return; // optional: a search lists the records instead
      const tenant = t.scope();
      const u = t.scope({ user: 'u' });
      const v = t.scope({ user: 'v' });
      const day = (d: number) => new Date(Date.UTC(2024, 0, d));
      // What listing every current record tells (engram's own kinds hold no conversation time).
      const listed = async (scope: Scope, session?: string) => {
        let latest: number | undefined;
        let end: string | undefined;
        let cursor: string | undefined;
        for (;;) {
          const page = await t.records.listRecords(scope, {
            limit: 2,
            ...(cursor === undefined ? {} : { cursor }),
            ...(session === undefined ? {} : { filter: { session } }),
          });
          for (const r of page.records)
            if (!r.kind.startsWith('engram.'))
              latest = Math.max(latest ?? 0, (r.validAt ?? r.createdAt).getTime());
          end = page.endCursor ?? end;
          if (page.nextCursor === undefined) break;
          cursor = page.nextCursor;
        }
        return {
          ...(latest === undefined ? {} : { latest: new Date(latest) }),
          ...(end === undefined ? {} : { endCursor: end }),
        };
      };
      const agree = async () => {
        for (const [scope, session] of [
          [u, undefined],
          [u, 's1'],
          [u, 's2'],
          [u, 'none'],
          [v, undefined],
          [tenant, undefined],
          [tenant, 's1'],
        ] as const)
          expect(await latestRecordTime(scope, session === undefined ? undefined : { session })).toEqual(
            await listed(scope, session),
          );
      };
      expect(await latestRecordTime(u)).toEqual({});
      await t.records.addRecords(u, [
        rec({ id: 'a', text: 'alpha', session: 's1', validAt: day(5) }),
        rec({ id: 'w', kind: 'engram.working', text: 'scratch pad', session: 's1', validAt: day(28) }),
      ]);
      await t.records.addRecords(v, [rec({ id: 'c', text: 'charlie', session: 's1', validAt: day(20) })]);
      await agree();
      expect((await latestRecordTime(u, { session: 's1' })).latest).toEqual(day(5)); // not the working memory's day
      await t.records.addRecords(u, [rec({ id: 'b', text: 'bravo', session: 's2' })]);
      await t.records.updateRecord(u, 'a', { validAt: day(25) }, new Date());
      await agree();
      await t.records.deleteRecord(u, 'b', new Date());
      await agree();
      // The end cursor lists only what is added after it.
      const { endCursor } = await latestRecordTime(u);
      await t.records.addRecords(u, [rec({ id: 'e', text: 'echo', session: 's2' })]);
      expect(ids((await t.records.listRecords(u, { cursor: endCursor as string })).records)).toEqual(['e']);
      await agree();
      await rejects(latestRecordTime(u, { session: '' }), 'INVALID_ARGUMENT');
      await rejects(latestRecordTime(u, { session: 7 } as never), 'INVALID_ARGUMENT');
      await rejects(latestRecordTime(u, { sessions: 's1' } as never), 'INVALID_ARGUMENT');
      await rejects(latestRecordTime(u, 's1' as never), 'INVALID_ARGUMENT');
      await rejects(latestRecordTime({ tenant: '' }), 'INVALID_ARGUMENT');
    },
  },
];
