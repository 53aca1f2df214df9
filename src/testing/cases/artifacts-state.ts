import { expect } from 'vitest';
import { expectMemoryError, sleep } from '../fixtures.ts';
import type { StoreCase } from '../store-case.ts';

/** Artifacts beside the log, and component state. */
export const artifactStateCases: StoreCase[] = [
  {
    name: 'artifacts: put, replace by id, list by kind ordered by toSeq, delete',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'art' });
      const put = (id: string, kind: string, fromSeq: number, toSeq: number, data: unknown) =>
        store.putArtifact(s, 'art', { id, kind, fromSeq, toSeq, data: data as never });
      const first = await put('s1', 'summary', 1, 10, { text: 'early', list: [1, null, 'ü'] });
      expect(first).toMatchObject({ id: 's1', kind: 'summary', fromSeq: 1, toSeq: 10 });
      expect(first.createdAt).toBeInstanceOf(Date);
      await put('o1', 'offload', 3, 3, 'stub');
      await put('s2', 'summary', 11, 20, { text: 'later' });
      await put('s0', 'summary', 1, 5, ['oldest']);
      expect((await store.listArtifacts(s, 'art')).map((a) => a.id)).toEqual(['o1', 's0', 's1', 's2']);
      expect((await store.listArtifacts(s, 'art', 'summary')).map((a) => a.id)).toEqual(['s0', 's1', 's2']);
      expect(await store.listArtifacts(s, 'art', 'compaction')).toEqual([]);
      await sleep(2);
      const replaced = await put('s1', 'summary', 1, 25, { text: 'replaced' });
      const summaries = await store.listArtifacts(s, 'art', 'summary');
      expect(summaries.map((a) => a.id)).toEqual(['s0', 's2', 's1']);
      expect(summaries[2]).toEqual(replaced);
      expect(summaries[2]?.data).toEqual({ text: 'replaced' });
      expect(summaries[0]?.data).toEqual(['oldest']);
      expect(await store.deleteArtifact(s, 'art', 's1')).toBe(true);
      expect(await store.deleteArtifact(s, 'art', 's1')).toBe(false);
      expect((await store.listArtifacts(s, 'art')).map((a) => a.id)).toEqual(['o1', 's0', 's2']);
      await store.createSession(s, { id: 'other' });
      expect(await store.listArtifacts(s, 'other')).toEqual([]);
      expect(await store.deleteArtifact(s, 'other', 's0')).toBe(false);
      await expectMemoryError(store.listArtifacts(scope(), 'art'), 'SESSION_NOT_FOUND');
    },
  },
  {
    name: 'state: put, get, overwrite and delete per tenant',
    async run({ store, scope }) {
      const s = scope();
      const other = scope();
      expect(await store.getState(s, 'ConversationMemory')).toBeUndefined();
      const value = { messages: [{ a: 1 }], flag: false, text: 'ünïcødé 🧠 \u0000', n: 1.5, none: null };
      await store.putState(s, 'ConversationMemory', value);
      await store.putState(s, 'session:x:Agent', 'plain string');
      expect(await store.getState(s, 'ConversationMemory')).toEqual(value);
      expect(await store.getState(s, 'session:x:Agent')).toBe('plain string');
      expect(await store.getState({ ...s, user: 'someone' }, 'ConversationMemory')).toEqual(value);
      expect(await store.getState(other, 'ConversationMemory')).toBeUndefined();
      await store.putState(other, 'ConversationMemory', [1, 2, 3]);
      await store.putState(s, 'ConversationMemory', { replaced: true });
      expect(await store.getState(s, 'ConversationMemory')).toEqual({ replaced: true });
      expect(await store.getState(other, 'ConversationMemory')).toEqual([1, 2, 3]);
      await store.deleteState(s, 'ConversationMemory');
      await store.deleteState(s, 'never-written');
      expect(await store.getState(s, 'ConversationMemory')).toBeUndefined();
      expect(await store.getState(other, 'ConversationMemory')).toEqual([1, 2, 3]);
      expect(await store.getState(s, 'session:x:Agent')).toBe('plain string');
    },
  },
];
