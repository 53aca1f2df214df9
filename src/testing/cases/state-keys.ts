import type { JSONValue } from 'ai';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Scope } from '../../core/scope.ts';
import type { MemoryStoreV1 } from '../../store/memory-store.ts';
import { expectMemoryError } from '../fixtures.ts';
import { arbJson } from '../message-arbitraries.ts';
import type { StoreCase, StoreCaseContext } from '../store-case.ts';

/** The key SessionManager saves a session's components under (`sessionComponentsKey`). */
const whole = (id: string) => `session:${id}:engram.components`;

/** A value shaped like a SessionManager save of session `id`. */
const saved = (
  id: string,
  components: Record<string, JSONValue>,
  timestamp = '2024-01-02T03:04:05.006Z',
) => ({
  sessionId: id,
  components,
  timestamp,
});

/** Sessions of the model: `chat:memory` is a prefix look-alike of `chat` (its keys start `session:chat:`). */
const ids = ['chat', 'chat:memory'] as const;
/** Per-name keys of each session: names SessionManager components use, reserved-looking ones and the empty name. */
const names = ['ConversationMemory', 'planner', 'engram.session', 'engram.state', ''] as const;
/** Every key of the model: each session's whole-document key and per-name keys, and plain keys. */
const keys = [
  ...ids.flatMap((id) => [whole(id), ...names.map((n) => `session:${id}:${n}`)]),
  'ConversationMemory',
  'session:chat',
];
/** The session a model key belongs to (what lies before the last `:`), for a session key. */
const sessionOf = (key: string) =>
  ids.find((id) => key.startsWith(`session:${id}:`) && !key.slice(id.length + 9).includes(':'));

/** A value for `key`: for whole-document keys mostly SessionManager-shaped saves whose components share names with per-name keys. */
const arbValue = (key: string): fc.Arbitrary<JSONValue> => {
  const id = sessionOf(key);
  if (id === undefined || key !== whole(id)) return arbJson;
  const components = fc.dictionary(fc.constantFrom(...names.slice(0, 2), 'Agent'), arbJson, { minKeys: 1 });
  const timestamp = fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  return fc.oneof(
    { weight: 3, arbitrary: fc.tuple(components, timestamp).map(([c, ts]) => saved(id, c, ts)) },
    { weight: 1, arbitrary: arbJson },
  );
};

type Op =
  | { op: 'put'; key: string; value: JSONValue }
  | { op: 'delete'; key: string }
  | { op: 'deleteSession' | 'createSession'; id: string }
  | { op: 'reopen' };

const arbOp: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .constantFrom(...keys)
      .chain((key) => arbValue(key).map((value) => ({ op: 'put' as const, key, value }))),
  },
  { weight: 3, arbitrary: fc.constantFrom(...keys).map((key) => ({ op: 'delete' as const, key })) },
  { weight: 1, arbitrary: fc.constantFrom(...ids).map((id) => ({ op: 'deleteSession' as const, id })) },
  { weight: 1, arbitrary: fc.constantFrom(...ids).map((id) => ({ op: 'createSession' as const, id })) },
  { weight: 1, arbitrary: fc.constant({ op: 'reopen' as const }) },
);

/** Asserts that every key of the model reads back what the model holds. */
async function expectModel(store: MemoryStoreV1, scope: Scope, model: Map<string, JSONValue>, when: string) {
  for (const key of keys) expect(await store.getState(scope, key), `${key} ${when}`).toEqual(model.get(key));
}

/** State keys are independent: the whole-document key a SessionManager saves and per-name keys of a session. */
export const stateKeyCases: StoreCase[] = [
  {
    name: "state: a session's whole-document key and its per-name keys are independent, before and after a reopen",
    needsReopen: true,
    async run(t) {
      const s = t.scope();
      await t.store.createSession(s, { id: 'chat' });
      // Only per-name keys: the session was never saved as a document.
      await t.store.putState(s, 'session:chat:planner', { step: 3 });
      expect(await t.store.getState(s, whole('chat'))).toBeUndefined();
      const doc = saved('chat', { ConversationMemory: { sessionId: 'chat', messages: [] } });
      await t.store.putState(s, whole('chat'), doc);
      const check = async (store: MemoryStoreV1) => {
        expect(await store.getState(s, 'session:chat:planner')).toEqual({ step: 3 });
        expect(await store.getState(s, 'session:chat:ConversationMemory')).toBeUndefined();
        expect(await store.getState(s, whole('chat'))).toEqual(doc);
      };
      await check(t.store);
      await check(await t.reopen());
      // A per-name write leaves the document (and its timestamp) alone; deleting the document keeps the names.
      await t.store.putState(s, 'session:chat:planner', { step: 4 });
      await t.store.putState(s, 'session:chat:ConversationMemory', 'own value');
      expect(await t.store.getState(s, whole('chat'))).toEqual(doc);
      await t.store.deleteState(s, whole('chat'));
      expect(await t.store.getState(s, whole('chat'))).toBeUndefined();
      const after = async (store: MemoryStoreV1) => {
        expect(await store.getState(s, 'session:chat:planner')).toEqual({ step: 4 });
        expect(await store.getState(s, 'session:chat:ConversationMemory')).toBe('own value');
        expect(await store.getState(s, whole('chat'))).toBeUndefined();
      };
      await after(t.store);
      await after(await t.reopen());
      await t.store.deleteState(s, 'session:chat:planner');
      await t.store.putState(s, whole('chat'), doc);
      expect(await t.store.getState(s, 'session:chat:ConversationMemory')).toBe('own value');
      expect(await t.store.getState(s, 'session:chat:planner')).toBeUndefined();
    },
  },
  {
    name: 'state: property — every state key of a session is independent of the others (model, with reopens)',
    needsReopen: true,
    async run(t: StoreCaseContext) {
      await fc.assert(
        fc.asyncProperty(fc.array(arbOp, { minLength: 1, maxLength: 12 }), async (ops) => {
          const s = t.scope();
          const model = new Map<string, JSONValue>();
          const live = new Set<string>(ids);
          for (const id of ids) await t.store.createSession(s, { id });
          for (const [i, op] of ops.entries()) {
            const when = `after op ${i} ${JSON.stringify(op)}`;
            if (op.op === 'put') {
              const id = sessionOf(op.key);
              if (id !== undefined && !live.has(id)) {
                await expectMemoryError(t.store.putState(s, op.key, op.value), 'SESSION_NOT_FOUND');
              } else {
                await t.store.putState(s, op.key, op.value);
                model.set(op.key, op.value);
              }
            } else if (op.op === 'delete') {
              await t.store.deleteState(s, op.key);
              model.delete(op.key);
            } else if (op.op === 'deleteSession') {
              if (!live.has(op.id)) continue;
              await t.store.deleteSession(s, op.id);
              live.delete(op.id);
              for (const key of keys) if (sessionOf(key) === op.id) model.delete(key);
            } else if (op.op === 'createSession') {
              if (live.has(op.id)) continue;
              await t.store.createSession(s, { id: op.id });
              live.add(op.id);
            } else {
              await t.reopen();
            }
            await expectModel(t.store, s, model, when);
          }
          await expectModel(await t.reopen(), s, model, 'after the final reopen');
        }),
        { numRuns: 15 },
      );
    },
  },
];
