import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rangeQueries } from '../../test-support/reliability/range-queries.ts';
import type { LogEntry, MemoryMessage } from '../core/message.ts';
import {
  appendRow,
  applyDeletion,
  createSessionLog,
  detachFork,
  forksSharing,
  linkFork,
  planDeletion,
  unlinkLog,
} from './log-index.ts';
import { findLive, liveByIds, logStats, readInherited, readLog } from './log-index-reads.ts';
import type { RangeQuery } from './memory-store.ts';
import type { SessionLog } from './session-log.ts';

// The reference model: every session holds a full copy of what it sees (a fork copies its parent's live
// entries up to the fork point when it is made), so forks, hides and copy-on-delete need no bookkeeping.
interface ModelSession {
  entries: { entry: LogEntry; deleted: boolean }[];
  lastSeq: number;
}

const ids = ['a', 'b', 'c', 'd'];
const names = ['s0', 's1', 's2', 's3', 's4'];

/** `s` and `parent` pick among the sessions that exist (modulo their number); a new one takes a free name. */
type Op =
  | { op: 'append'; s: number; ids: number[] }
  | { op: 'delete'; s: number; ids: number[] }
  | { op: 'fork'; parent: number; at: number }
  | { op: 'create' }
  | { op: 'deleteSession'; s: number }
  | { op: 'read'; s: number; query: RangeQuery };

const query = rangeQueries(12);
const session = fc.nat(20);
const someIds = fc.array(fc.nat(ids.length - 1), { minLength: 1, maxLength: 3 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('append' as const), s: session, ids: someIds }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('delete' as const), s: session, ids: someIds }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('fork' as const), parent: session, at: fc.nat(20) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('create' as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteSession' as const), s: session }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('read' as const), s: session, query }) },
);

const entryOf = (seq: number, id: number, n: number): LogEntry => {
  const message = {
    role: (seq + id) % 2 === 0 ? 'user' : 'assistant',
    content: `${ids[id]} #${n}`,
    id: ids[id]!,
    createdAt: new Date(0),
  } as MemoryMessage;
  return { seq, message, tokens: 1 + id + 10 * seq };
};

const modelRead = (m: ModelSession, q: RangeQuery): LogEntry[] => {
  const live = m.entries
    .filter((r) => !r.deleted)
    .map((r) => r.entry)
    .filter(
      (e) =>
        e.seq >= (q.fromSeq ?? 1) &&
        e.seq <= (q.toSeq ?? Number.POSITIVE_INFINITY) &&
        (!q.roles || q.roles.includes(e.message.role)),
    );
  if (q.limit === undefined) return live;
  return q.direction === 'backward' ? live.slice(Math.max(0, live.length - q.limit)) : live.slice(0, q.limit);
};

/** Every read of the index agrees with the model, and the index's structure is sound. */
function check(log: SessionLog, m: ModelSession, logs: Map<string, SessionLog>): void {
  expect(readLog(log)).toEqual(modelRead(m, {}));
  for (const q of [
    { direction: 'backward', limit: 2 },
    { fromSeq: 2, toSeq: 5 },
    { roles: ['user'] },
  ] as const)
    expect(readLog(log, q)).toEqual(modelRead(m, q));
  const live = modelRead(m, {});
  for (const id of [...ids, 'missing'])
    expect(findLive(log, id)).toEqual(live.find((e) => e.message.id === id));
  expect(liveByIds(log, [...ids].reverse())).toEqual(live);
  expect(logStats(log)).toMatchObject({
    count: live.length,
    tokens: live.reduce((n, e) => n + e.tokens, 0),
    lastSeq: m.lastSeq,
  });
  expect(new Set(live.map((e) => e.message.id)).size).toBe(live.length); // one live entry per id
  const seqs = log.rows.map((r) => r.entry.seq);
  expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
  expect(new Set(seqs).size).toBe(seqs.length);
  // firstLive: the oldest live own row (every row before it is a tombstone), or the end.
  const firstLive = log.rows.findIndex((r) => !r.deleted);
  expect(log.firstLive).toBe(firstLive === -1 ? log.rows.length : firstLive);
  if (log.parent) {
    expect(log.parent.forks.has(log)).toBe(true);
    expect([...logs.values()]).toContain(log.parent);
    expect(readInherited(log).every((e) => e.seq <= log.forkedAtSeq!)).toBe(true);
  }
  for (const fork of log.forks) expect(fork.parent).toBe(log);
}

/** Wraps a log's rows in a Proxy counting indexed reads; returns the count so far. */
function countRowReads(log: SessionLog): () => number {
  let touched = 0;
  log.rows = new Proxy(log.rows, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) touched++;
      return Reflect.get(target, key, receiver);
    },
  });
  return () => touched;
}

describe('log index', () => {
  it('property: append / delete / fork / delete-parent / re-append agree with a model of full copies', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 50 }), (ops) => {
        const logs = new Map<string, SessionLog>([['s0', createSessionLog('s0')]]);
        const model = new Map<string, ModelSession>([['s0', { entries: [], lastSeq: 0 }]]);
        let n = 0;
        for (const o of ops) {
          const existing = [...logs.keys()];
          const free = names.find((x) => !logs.has(x));
          const name = 's' in o ? existing[o.s % existing.length] : free;
          const log = name === undefined ? undefined : logs.get(name);
          const m = name === undefined ? undefined : model.get(name);
          if (o.op === 'create') {
            if (free === undefined) continue;
            logs.set(free, createSessionLog(free));
            model.set(free, { entries: [], lastSeq: 0 });
          } else if (o.op === 'fork') {
            const from = existing[o.parent % existing.length];
            const parent = from === undefined ? undefined : logs.get(from);
            const pm = from === undefined ? undefined : model.get(from);
            if (free === undefined || !parent || !pm) continue;
            const at = o.at % (parent.lastSeq + 1);
            const child = createSessionLog(free);
            linkFork(child, parent, at);
            logs.set(free, child);
            const shared = pm.entries.filter((r) => !r.deleted && r.entry.seq <= at);
            model.set(free, { entries: shared.map((r) => ({ ...r })), lastSeq: at });
          } else if (!name || !log || !m) {
            continue;
          } else if (o.op === 'append') {
            // A live id is taken (an append of it stores nothing); a deleted or unseen one is stored anew.
            for (const id of o.ids) {
              const live = m.entries.find((r) => !r.deleted && r.entry.message.id === ids[id]);
              expect(findLive(log, ids[id]!)).toEqual(live?.entry);
              if (live) continue;
              const entry = entryOf(log.lastSeq + 1, id, n++);
              appendRow(log, entry);
              m.entries.push({ entry, deleted: false });
              m.lastSeq = entry.seq;
            }
          } else if (o.op === 'delete') {
            const wanted = new Set(o.ids.map((i) => ids[i]!));
            const deletion = planDeletion(log, [...wanted, 'missing']);
            for (const fork of forksSharing(log, deletion.fromSeq)) detachFork(fork);
            applyDeletion(log, deletion);
            let count = 0;
            for (const r of m.entries) {
              if (r.deleted || !wanted.has(r.entry.message.id)) continue;
              r.deleted = true;
              count++;
            }
            expect(deletion.count).toBe(count);
          } else if (o.op === 'deleteSession') {
            for (const fork of forksSharing(log, 0)) detachFork(fork);
            unlinkLog(log);
            logs.delete(name);
            model.delete(name);
          } else {
            expect(readLog(log, o.query)).toEqual(modelRead(m, o.query));
          }
          for (const [id, other] of logs) check(other, model.get(id)!, logs);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('reads a fork of a long log by binary search: a backward page touches only the rows it returns', () => {
    const root = createSessionLog('root');
    for (let seq = 1; seq <= 100_000; seq++) appendRow(root, entryOf(seq, seq % 4, seq));
    const fork = createSessionLog('fork');
    linkFork(fork, root, 99_990);
    appendRow(fork, entryOf(99_991, 0, 0));
    const touched = countRowReads(root);
    expect(readLog(fork, { direction: 'backward', limit: 3 }).map((e) => e.seq)).toEqual([
      99_989, 99_990, 99_991,
    ]);
    expect(readLog(fork, { fromSeq: 50_000, limit: 2 }).map((e) => e.seq)).toEqual([50_000, 50_001]);
    expect(touched()).toBeLessThan(100);
    expect(logStats(fork)).toMatchObject({ count: 99_991, tokens: expect.any(Number), lastSeq: 99_991 });
  });

  it('reads from the oldest end skip the tombstones there: after 100,000 deletes a forward page touches only the rows it returns', () => {
    const log = createSessionLog('pruned');
    for (let seq = 1; seq <= 100_010; seq++) appendRow(log, entryOf(seq, seq % 4, seq));
    // Deleted oldest first, as prune does (by id: entryOf's ids repeat, so tombstone the rows directly).
    for (const row of log.rows.slice(0, 100_000))
      applyDeletion(log, { rows: [row], inherited: [], count: 1, fromSeq: row.entry.seq });
    const touched = countRowReads(log);
    expect(readLog(log, { limit: 3 }).map((e) => e.seq)).toEqual([100_001, 100_002, 100_003]);
    expect(readLog(log, { fromSeq: 5, limit: 2 }).map((e) => e.seq)).toEqual([100_001, 100_002]);
    expect(readLog(log, { direction: 'backward' })).toHaveLength(10);
    expect(touched()).toBeLessThan(100);
  });

  it('refuses a row whose seq is not above the last one (a log file out of order)', () => {
    const log = createSessionLog('s');
    appendRow(log, entryOf(2, 0, 0));
    expect(() => appendRow(log, entryOf(2, 1, 1))).toThrow(/out of order/);
    expect(log.rows).toHaveLength(1);
  });
});
