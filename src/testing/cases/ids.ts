import { expect } from 'vitest';
import type { MemoryMessage } from '../../core/message.ts';
import { expectMemoryError, makeMessage, toInputs } from '../fixtures.ts';
import type { StoreCase } from '../store-case.ts';

/** Ids the library's rule forbids: empty, over 256 characters, NUL, lone surrogates (high, low, reversed pair). */
export const forbiddenIds: readonly string[] = [
  '',
  'x'.repeat(257),
  'a\u0000b',
  'a\uD800',
  'a\uDFFF',
  '\uDC00\uD800',
];

/** One id rule for every call that takes an id, on every driver. */
export const idCases: StoreCase[] = [
  {
    name: 'ids: every id-taking call refuses empty, over-256-character, NUL and lone-surrogate ids with INVALID_ARGUMENT',
    async run({ store, scope }) {
      const s = scope();
      await store.createSession(s, { id: 'ok' });
      const kept = makeMessage('user', 'kept');
      await store.append(s, 'ok', toInputs([kept], [1]));
      await store.putArtifact(s, 'ok', { id: 'art', kind: 'k', fromSeq: 1, toSeq: 1, data: 1 });
      const artifact = (id: string) => ({ id, kind: 'k', fromSeq: 1, toSeq: 1, data: 1 });
      for (const id of forbiddenIds) {
        const label = JSON.stringify(id.slice(0, 12));
        const bad = async (call: Promise<unknown>) => {
          const error = await expectMemoryError(call, 'INVALID_ARGUMENT');
          expect(error.message, label).toMatch(/^\[engram\] \[[\w-]+\] /);
        };
        await bad(store.createSession(s, { id }));
        await bad(store.createSession(s, { id: 'child', fork: { parentId: id, atSeq: 0 } }));
        await bad(store.append(s, 'ok', toInputs([{ ...makeMessage('user', 'x'), id } as MemoryMessage])));
        await bad(store.append(s, id, toInputs([makeMessage('user', 'x')])));
        await bad(store.readRange(s, id));
        await bad(store.getMessages(s, 'ok', [kept.id, id]));
        await bad(store.deleteMessages(s, 'ok', [id, kept.id]));
        await bad(store.putArtifact(s, 'ok', artifact(id)));
        await bad(store.deleteArtifact(s, 'ok', id));
        await bad(store.updateSession(s, id, {}));
        await bad(store.deleteSession(s, id));
        await bad(store.createSession({ tenant: id }));
        expect(await store.getSession(s, id), `getSession(${label})`).toBeUndefined();
        if (id.length <= 256) {
          await bad(store.putState(s, id, 1));
          await bad(store.getState(s, id));
          await bad(store.deleteState(s, id));
        }
      }
      await expectMemoryError(store.putState(s, 'k'.repeat(1025), 1), 'INVALID_ARGUMENT');
      // Nothing was stored or removed.
      expect(await store.stats(s, 'ok')).toMatchObject({ count: 1, tokens: 1, lastSeq: 1 });
      expect((await store.listArtifacts(s, 'ok')).map((a) => a.id)).toEqual(['art']);
      expect((await store.listSessions(s)).map((r) => r.id)).toEqual(['ok']);
    },
  },
  {
    name: 'ids: the longest allowed ids work, and ids that differ in one code point stay distinct',
    async run({ store, scope }) {
      const s = scope();
      const long = 'i'.repeat(256);
      await store.createSession(s, { id: long });
      const m = { ...makeMessage('user', 'long id'), id: 'm'.repeat(256) } as MemoryMessage;
      // Valid pairs, U+FFFD itself and characters around the surrogate range are ids of their own.
      const twins = ['a😀', 'a\uFFFD', 'a\uD7FF', 'a\uE000'].map(
        (id) => ({ ...makeMessage('user', id), id }) as MemoryMessage,
      );
      const entries = await store.append(s, long, toInputs([m, ...twins]));
      expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
      const ids = [m.id, ...twins.map((t) => t.id)];
      expect((await store.getMessages(s, long, ids)).map((e) => e.message.id)).toEqual(ids);
      await store.putArtifact(s, long, { id: 'a'.repeat(256), kind: 'k', fromSeq: 1, toSeq: 1, data: 1 });
      expect((await store.listArtifacts(s, long))[0]?.id).toBe('a'.repeat(256));
      const key = `session:${long}:${'c'.repeat(1024 - 9 - 256)}`;
      expect(key).toHaveLength(1024);
      await store.putState(s, key, { ok: true });
      expect(await store.getState(s, key)).toEqual({ ok: true });
    },
  },
];
