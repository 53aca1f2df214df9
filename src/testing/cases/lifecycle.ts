import { expect } from 'vitest';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { canonicalMessage, expectMemoryError, makeMessage, toInputs, withText } from '../fixtures.ts';
import type { StoreCase } from '../store-case.ts';
import { richMessages } from './round-trip.ts';

/** close() and reopening the same data. */
export const lifecycleCases: StoreCase[] = [
  {
    name: 'close: every call after close throws STORE_CLOSED',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'c' });
      await store.close();
      const calls: [string, (st: MemoryStoreV1) => Promise<unknown>][] = [
        ['createSession', (st) => st.createSession(s)],
        ['getSession', (st) => st.getSession(s, 'c')],
        ['listSessions', (st) => st.listSessions(s)],
        ['updateSession', (st) => st.updateSession(s, 'c', {})],
        ['deleteSession', (st) => st.deleteSession(s, 'c')],
        ['append', (st) => st.append(s, 'c', toInputs([makeMessage('user', 'x')]))],
        ['readRange', (st) => st.readRange(s, 'c')],
        ['getMessages', (st) => st.getMessages(s, 'c', ['x'])],
        ['stats', (st) => st.stats(s, 'c')],
        ['deleteMessages', (st) => st.deleteMessages(s, 'c', ['x'])],
        ['clearMessages', (st) => st.clearMessages(s, 'c')],
        ['searchMessages', (st) => st.searchMessages(s, { text: 'x' })],
        [
          'putArtifact',
          (st) => st.putArtifact(s, 'c', { id: 'a', kind: 'k', fromSeq: 1, toSeq: 1, data: 1 }),
        ],
        ['listArtifacts', (st) => st.listArtifacts(s, 'c')],
        ['deleteArtifact', (st) => st.deleteArtifact(s, 'c', 'a')],
        ['putState', (st) => st.putState(s, 'k', 1)],
        ['getState', (st) => st.getState(s, 'k')],
        ['deleteState', (st) => st.deleteState(s, 'k')],
      ];
      for (const [label, call] of calls) {
        const error = await expectMemoryError(() => call(store), 'STORE_CLOSED');
        expect(error.message, label).toMatch(/^\[engram\] /);
      }
    },
  },
  {
    name: 'reopen: sessions, messages, deletes, forks, artifacts and state persist',
    needsReopen: true,
    async run(t) {
      const s = t.scope({ user: 'u' });
      let store = t.store;
      await store.createSession(s, { id: 'keep', metadata: { title: 'persisted' } });
      const rich = richMessages();
      await store.append(s, 'keep', toInputs(rich, [11, 22, 33]));
      const extra = makeMessage('user', 'to be deleted');
      await store.append(s, 'keep', toInputs([extra], [44]));
      await store.deleteMessages(s, 'keep', [extra.id]);
      await store.createSession(s, { id: 'branch', fork: { parentId: 'keep', atSeq: 2 } });
      await store.append(s, 'branch', toInputs([makeMessage('assistant', 'branch own')], [5]));
      await store.deleteMessages(s, 'branch', [rich[0]!.id]);
      await store.putArtifact(s, 'keep', {
        id: 'sum',
        kind: 'summary',
        fromSeq: 1,
        toSeq: 3,
        data: { text: 'ok' },
      });
      await store.putState(s, 'Component', { n: 1 });
      const sessions = await store.listSessions(s);

      store = await t.reopen();
      expect(await store.listSessions(s)).toEqual(sessions);
      expect((await store.readRange(s, 'keep')).map((e) => e.message)).toStrictEqual(
        rich.map(canonicalMessage),
      );
      expect(await store.stats(s, 'keep')).toMatchObject({ count: 3, tokens: 66, lastSeq: 4 });
      expect((await store.readRange(s, 'branch')).map((e) => e.seq)).toEqual([2, 3]);
      expect(await store.stats(s, 'branch')).toMatchObject({ count: 2, tokens: 27, lastSeq: 3 });
      expect((await store.listArtifacts(s, 'keep')).map((a) => a.data)).toEqual([{ text: 'ok' }]);
      expect(await store.getState(s, 'Component')).toEqual({ n: 1 });
      expect((await store.append(s, 'keep', toInputs([makeMessage('user', 'after')])))[0]?.seq).toBe(5);
      expect((await store.append(s, 'keep', toInputs([rich[1]!])))[0]?.seq).toBe(2);
      expect((await store.append(s, 'keep', toInputs([extra])))[0]?.seq).toBe(6);
      await expectMemoryError(
        store.append(s, 'keep', toInputs([withText(rich[1]!, 'x')])),
        'DUPLICATE_MESSAGE_ID',
      );
    },
  },
  {
    name: 'reopen: opening the same data again (migrations re-run) twice works',
    needsReopen: true,
    async run(t) {
      const s = t.scope();
      await t.store.createSession(s, { id: 'twice' });
      await t.store.append(s, 'twice', toInputs([makeMessage('user', 'one')]));
      await t.reopen();
      await t.store.append(s, 'twice', toInputs([makeMessage('user', 'two')]));
      const store = await t.reopen();
      expect((await store.readRange(s, 'twice')).map((e) => e.message.content)).toEqual(['one', 'two']);
      await store.clearMessages(s, 'twice');
      const again = await t.reopen();
      expect(await again.stats(s, 'twice')).toMatchObject({ count: 0, tokens: 0, lastSeq: 2 });
    },
  },
];
