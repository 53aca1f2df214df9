import { expect } from 'vitest';
import type { Scope } from '../../core/scope.ts';
import { withArtifactsOnAppend } from '../../store/append-riders.ts';
import type { ArtifactInput } from '../../store/append-with-artifacts.ts';
import type { AppendOptions, MemoryStoreV1 } from '../../store/memory-store.ts';
import { expectMemoryError, makeMessage, toInputs } from '../fixtures.ts';
import type { StoreCase } from '../store-case.ts';

/** The ids of a session's live log, oldest first. */
const ids = async (store: MemoryStoreV1, s: Scope, id: string) =>
  (await store.readRange(s, id)).map((e) => e.message.id);

/** Conditional appends (`AppendOptions.ifLastSeq`): optimistic concurrency on a session's `lastSeq`. */
export const conditionalAppendCases: StoreCase[] = [
  {
    name: 'conditional append: ifLastSeq equal to lastSeq appends; deletes do not change lastSeq',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'c' });
      const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((t) => makeMessage('user', t));
      expect((await store.append(s, 'c', toInputs([a!]), { ifLastSeq: 0 })).map((e) => e.seq)).toEqual([1]);
      const two = await store.append(s, 'c', toInputs([b!, c!]), { ifLastSeq: 1 });
      expect(two.map((e) => e.seq)).toEqual([2, 3]);
      await store.deleteMessages(s, 'c', [c!.id]);
      // lastSeq is the newest number ever assigned: still 3 after the delete.
      expect((await store.append(s, 'c', toInputs([d!]), { ifLastSeq: 3 }))[0]?.seq).toBe(4);
      // Unset or an empty options object: a plain append.
      await store.append(s, 'c', toInputs([makeMessage('user', 'e')]), {});
      await store.append(s, 'c', toInputs([makeMessage('user', 'f')]), { ifLastSeq: undefined });
      expect(await store.stats(s, 'c')).toMatchObject({ lastSeq: 6, count: 5 });
      expect((await ids(store, s, 'c')).slice(0, 3)).toEqual([a!.id, b!.id, d!.id]);
    },
  },
  {
    name: 'conditional append: ifLastSeq different from lastSeq is CONFLICT and stores nothing',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'c' });
      const stored = [makeMessage('user', 'one'), makeMessage('assistant', 'two')];
      await store.append(s, 'c', toInputs(stored, [3, 4]));
      const before = await store.readRange(s, 'c');
      const statsBefore = await store.stats(s, 'c');
      const fresh = makeMessage('user', 'three');
      for (const ifLastSeq of [0, 1, 3, 1000]) {
        await expectMemoryError(store.append(s, 'c', toInputs([fresh]), { ifLastSeq }), 'CONFLICT');
        // A batch of a stored message and a new one: nothing of it is stored either.
        await expectMemoryError(
          store.append(s, 'c', toInputs([stored[1]!, fresh]), { ifLastSeq }),
          'CONFLICT',
        );
        // One rule, no exception for a re-append of what is stored, nor for an empty batch.
        await expectMemoryError(store.append(s, 'c', toInputs(stored), { ifLastSeq }), 'CONFLICT');
        await expectMemoryError(store.append(s, 'c', [], { ifLastSeq }), 'CONFLICT');
      }
      expect(await store.readRange(s, 'c')).toEqual(before);
      expect(await store.stats(s, 'c')).toEqual(statsBefore);
      // At the right lastSeq the re-append is the usual no-op: the stored entries, nothing written.
      const again = await store.append(s, 'c', toInputs(stored, [3, 4]), { ifLastSeq: 2 });
      expect(again).toEqual(before);
      expect(await store.append(s, 'c', [], { ifLastSeq: 2 })).toEqual([]);
      expect(await store.stats(s, 'c')).toEqual(statsBefore);
      // A missing session is still SESSION_NOT_FOUND, not a conflict.
      await expectMemoryError(
        store.append(s, 'nope', toInputs([fresh]), { ifLastSeq: 0 }),
        'SESSION_NOT_FOUND',
      );
    },
  },
  {
    name: 'conditional append: of concurrent appends with one ifLastSeq exactly one succeeds',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'race' });
      await store.append(s, 'race', toInputs([makeMessage('user', 'start')]));
      const contenders = Array.from({ length: 8 }, (_, i) => [
        makeMessage('user', `c${i} first`),
        makeMessage('assistant', `c${i} second`),
      ]);
      const outcomes = await Promise.allSettled(
        contenders.map((ms) => store.append(s, 'race', toInputs(ms), { ifLastSeq: 1 })),
      );
      const won = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [i] : []));
      expect(won).toHaveLength(1);
      for (const o of outcomes)
        if (o.status === 'rejected') expect((o.reason as { code?: unknown }).code).toBe('CONFLICT');
      const winner = contenders[won[0]!]!;
      expect((await ids(store, s, 'race')).slice(1)).toEqual(winner.map((m) => m.id));
      expect((await store.stats(s, 'race')).lastSeq).toBe(3);
    },
  },
  {
    name: 'conditional append: bad options are INVALID_ARGUMENT and store nothing',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'c' });
      await store.append(s, 'c', toInputs([makeMessage('user', 'a')]));
      const bad: unknown[] = [
        null,
        'ifLastSeq',
        1,
        [1],
        { ifLastSeq: -1 },
        { ifLastSeq: 1.5 },
        { ifLastSeq: '1' },
        { ifLastSeq: Number.NaN },
        { ifLastSeq: Number.POSITIVE_INFINITY },
        { ifLastSeq: null },
        { iflastseq: 1 },
        { ifLastSeq: 1, extra: true },
      ];
      for (const options of bad) {
        const error = await expectMemoryError(
          store.append(s, 'c', toInputs([makeMessage('user', 'x')]), options as AppendOptions),
          'INVALID_ARGUMENT',
        );
        expect(error.message).toMatch(/append|ifLastSeq|iflastseq|extra/);
      }
      expect(await store.stats(s, 'c')).toMatchObject({ lastSeq: 1, count: 1 });
    },
  },
  {
    name: 'conditional append: artifacts riding on it are written with it, and not at all on CONFLICT',
    async run({ store, scope, skip }) {
      if (!('appendWithArtifacts' in store)) return skip('the store has no appendWithArtifacts');
      const s = scope();
      await store.createSession(s, { id: 'r' });
      const target = {
        scope: s,
        sessionId: 'r',
        putArtifact: (a: ArtifactInput) => store.putArtifact(s, 'r', a),
      };
      const note = (id: string): ArtifactInput => ({ id, kind: 'note', fromSeq: 1, toSeq: 1, data: { id } });
      const message = makeMessage('user', 'with a note');
      const stale = () => store.append(s, 'r', toInputs([message]), { ifLastSeq: 3 });
      await expectMemoryError(withArtifactsOnAppend(target, [note('lost')], stale), 'CONFLICT');
      expect(await store.listArtifacts(s, 'r')).toEqual([]);
      expect((await store.stats(s, 'r')).lastSeq).toBe(0);
      const current = () => store.append(s, 'r', toInputs([message]), { ifLastSeq: 0 });
      const { value, artifacts } = await withArtifactsOnAppend(target, [note('kept')], current);
      expect(value.map((e) => e.seq)).toEqual([1]);
      expect(artifacts.map((a) => a.id)).toEqual(['kept']);
      expect((await store.listArtifacts(s, 'r')).map((a) => a.id)).toEqual(['kept']);
    },
  },
  {
    name: 'conditional append: a fork is checked against its own lastSeq',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'p' });
      await store.append(s, 'p', toInputs(['1', '2', '3'].map((t) => makeMessage('user', t))));
      await store.createSession(s, { id: 'f', fork: { parentId: 'p', atSeq: 2 } });
      const forkSeq = (await store.stats(s, 'f')).lastSeq;
      // The parent moving on does not move the fork.
      await store.append(s, 'p', toInputs([makeMessage('user', 'parent 4')]), { ifLastSeq: 3 });
      expect((await store.stats(s, 'f')).lastSeq).toBe(forkSeq);
      const own = makeMessage('user', 'fork own');
      await expectMemoryError(store.append(s, 'f', toInputs([own]), { ifLastSeq: 4 }), 'CONFLICT');
      const [entry] = await store.append(s, 'f', toInputs([own]), { ifLastSeq: forkSeq });
      expect(entry?.seq).toBe(forkSeq + 1);
      await expectMemoryError(
        store.append(s, 'f', toInputs([makeMessage('user', 'late')]), { ifLastSeq: forkSeq }),
        'CONFLICT',
      );
      expect((await ids(store, s, 'f')).at(-1)).toBe(own.id);
      expect(await store.stats(s, 'f')).toMatchObject({ lastSeq: forkSeq + 1, count: 3 });
    },
  },
];
