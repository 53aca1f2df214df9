import type { AgentInputItem } from '@openai/agents-core';
import { describe, expect, it } from 'vitest';
import { tempSqliteStores } from '../../test-support/temp-sqlite-store.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { createEngramSession } from './engram-session.ts';

const newStore = tempSqliteStores('otx_popped');
const user = (content: string): AgentInputItem => ({ type: 'message', role: 'user', content });

/** `inner`, whose `putArtifact` fails while `crash.on`: a process killed after an operation's write, before its record. */
function crashingArtifacts(inner: MemoryStoreV1): { store: MemoryStoreV1; crash: { on: boolean } } {
  const crash = { on: false };
  const store = new Proxy(inner, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (key === 'putArtifact')
        return (...args: unknown[]) =>
          crash.on
            ? Promise.reject(new Error('killed'))
            : (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store, crash };
}

/**
 * The SDK asks a session to keep an operation id with the change it made, so a retry of the operation never applies
 * it again. A crash between the items' write and the operation's record leaves the items to say it was applied;
 * popping them must not erase that.
 */
describe('an operation cut short before its record, whose items are then popped', () => {
  for (const type of ['append_items', 'replace_suffix'] as const) {
    it(`${type}: a retry of the operation does not apply it again`, async () => {
      const { store, crash } = crashingArtifacts(newStore());
      const session = createEngramSession({ store, scope: { tenant: 't' }, sessionId: 'chat' });
      await session.addItems([user('a'), user('b')]);
      const args = {
        operationId: 'op-1',
        transaction:
          type === 'append_items'
            ? { type, items: [user('x'), user('y')] }
            : { type, expectedSuffix: [user('b')], replacement: [user('x'), user('y')] },
      };
      crash.on = true;
      await expect(session.applyHistoryTransaction(args)).rejects.toThrow('killed');
      crash.on = false;
      expect(await session.getItems()).toEqual([
        user('a'),
        ...(type === 'append_items' ? [user('b')] : []),
        user('x'),
        user('y'),
      ]);
      expect(await session.popItem()).toEqual(user('y'));
      expect(await session.popItem()).toEqual(user('x'));
      const before = await session.getItems();
      await session.applyHistoryTransaction(args);
      expect(await session.getItems()).toEqual(before);
    });
  }
});
