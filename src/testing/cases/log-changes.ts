import fc from 'fast-check';
import { expect } from 'vitest';
import type { LogEntry } from '../../core/message.ts';
import type { Scope } from '../../core/scope.ts';
import type { LogStats, MemoryStoreV1 } from '../../store/memory-store.ts';
import { makeMessage, toInputs } from '../fixtures.ts';
import type { StoreCase } from '../store-case.ts';

/** What a reader saw of a session: its stats and its whole log. */
interface Seen {
  stats: LogStats;
  entries: LogEntry[];
}

const look = async (store: MemoryStoreV1, s: Scope, id: string): Promise<Seen> => ({
  stats: await store.stats(s, id),
  entries: await store.readRange(s, id),
});

const ids = (entries: readonly LogEntry[]) => entries.map((e) => e.message.id);

/**
 * Checks `LogStats`' change rule between two looks at one session: with the same `logId`, `lastSeq - count`
 * never falls; it stays exactly when nothing was removed, and then the log is the earlier one plus the live
 * entries after the earlier `lastSeq`; `logId` changes exactly when the session was created again.
 */
async function checkRule(
  store: MemoryStoreV1,
  s: Scope,
  id: string,
  before: Seen,
  now: Seen,
  recreated: boolean,
): Promise<void> {
  expect(now.stats.logId !== before.stats.logId, `${id}: logId changed`).toBe(recreated);
  if (recreated) return;
  const gone = (at: Seen) => at.stats.lastSeq - at.stats.count;
  const kept = new Set(ids(now.entries));
  const removed = before.entries.some((e) => !kept.has(e.message.id));
  expect(now.stats.lastSeq).toBeGreaterThanOrEqual(before.stats.lastSeq);
  expect(gone(now)).toBeGreaterThanOrEqual(gone(before));
  expect(gone(now) !== gone(before), `${id}: lastSeq - count moved`).toBe(removed);
  if (removed) return;
  const appended = await store.readRange(s, id, { fromSeq: before.stats.lastSeq + 1 });
  expect(appended).toHaveLength(now.stats.lastSeq - before.stats.lastSeq);
  expect(ids(now.entries)).toEqual([...ids(before.entries), ...ids(appended)]);
}

/** How stats tell a reader (an incremental view) whether and how the log changed. */
export const logChangeCases: StoreCase[] = [
  {
    name: 'stats: logId stays through every write and changes when the session is created again',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'l' });
      const first = (await store.stats(s, 'l')).logId;
      expect(typeof first).toBe('string');
      expect(first.length).toBeGreaterThan(0);
      const [a, b] = [makeMessage('user', 'a'), makeMessage('assistant', 'b')];
      await store.append(s, 'l', toInputs([a, b]));
      await store.deleteMessages(s, 'l', [a.id]);
      await store.replaceMessages(s, 'l', toInputs([b, makeMessage('user', 'c')]));
      await store.clearMessages(s, 'l');
      await store.updateSession(s, 'l', { x: 1 });
      await store.putArtifact(s, 'l', { id: 'x', kind: 'summary', fromSeq: 1, toSeq: 1, data: {} });
      expect((await store.stats(s, 'l')).logId).toBe(first);
      await store.createSession(s, { id: 'other' });
      expect((await store.stats(s, 'other')).logId).not.toBe(first);
      await store.deleteSession(s, 'l');
      await store.createSession(s, { id: 'l' });
      await store.append(s, 'l', toInputs([makeMessage('user', 'a'), makeMessage('user', 'b')]));
      expect((await store.stats(s, 'l')).logId).not.toBe(first);
    },
  },
  {
    name: 'stats: lastSeq and count tell appends from removals, on roots and forks (property)',
    async run({ store, scope }) {
      const target = fc.constantFrom('p', 'f');
      const op = fc.oneof(
        fc.record({ kind: fc.constant('append' as const), on: target, n: fc.integer({ min: 1, max: 3 }) }),
        fc.record({
          kind: fc.constant('delete' as const),
          on: target,
          picks: fc.array(fc.nat(), { maxLength: 2 }),
        }),
        fc.record({ kind: fc.constant('clear' as const), on: target }),
        fc.record({
          kind: fc.constant('replace' as const),
          on: target,
          keep: fc.nat(4),
          n: fc.nat(2),
        }),
        fc.record({ kind: fc.constant('recreate' as const), on: target }),
      );
      await fc.assert(
        fc.asyncProperty(fc.nat(3), fc.array(op, { minLength: 1, maxLength: 8 }), async (initial, ops) => {
          const s = scope();
          const fresh = (n: number) => toInputs(Array.from({ length: n }, () => makeMessage('user', 'm')));
          await store.createSession(s, { id: 'p' });
          await store.append(s, 'p', fresh(initial + 1));
          const fork = async () =>
            store.createSession(s, {
              id: 'f',
              fork: { parentId: 'p', atSeq: (await store.stats(s, 'p')).lastSeq },
            });
          await fork();
          let seen = { p: await look(store, s, 'p'), f: await look(store, s, 'f') };
          for (const o of ops) {
            const live = seen[o.on].entries;
            if (o.kind === 'append') await store.append(s, o.on, fresh(o.n));
            else if (o.kind === 'delete')
              await store.deleteMessages(
                s,
                o.on,
                o.picks.flatMap((i) => (live.length ? [live[i % live.length]!.message.id] : [])),
              );
            else if (o.kind === 'clear') await store.clearMessages(s, o.on);
            else if (o.kind === 'replace') {
              const kept = live.slice(0, o.keep).map((e) => ({ message: e.message, tokens: e.tokens }));
              await store.replaceMessages(s, o.on, [...kept, ...fresh(o.n)]);
            } else {
              await store.deleteSession(s, o.on);
              if (o.on === 'f') await fork();
              else await store.createSession(s, { id: 'p' });
            }
            const now = { p: await look(store, s, 'p'), f: await look(store, s, 'f') };
            for (const id of ['p', 'f'] as const) {
              const recreated = o.kind === 'recreate' && o.on === id;
              await checkRule(store, s, id, seen[id], now[id], recreated);
            }
            seen = now;
          }
        }),
        { numRuns: 15 },
      );
    },
  },
];
