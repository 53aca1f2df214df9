import type { AgentInputItem } from '@openai/agents-core';
import { describe, expect, it } from 'vitest';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createEngramSession } from './engram-session.ts';

const user = (content: string): AgentInputItem => ({ type: 'message', role: 'user', content });
const isInvalid = (where: string) => (e: unknown) =>
  MemoryError.hasCode(e, 'INVALID_ARGUMENT') && e.message.includes(where);

/** Values that are JSON but not an Agents SDK item: each would be stored as an item the SDK cannot read. */
const notItems: unknown[] = [
  null,
  'hello',
  42,
  true,
  [user('a')],
  {},
  { role: 5 },
  { type: 7, role: 'user' },
];

describe('createEngramSession: items that are not Agents SDK items', () => {
  it('addItems refuses each with INVALID_ARGUMENT naming the index, storing nothing of the call', async () => {
    const session = createEngramSession({ store: createMemoryStore(), sessionId: 's' });
    await session.addItems([user('kept')]);
    for (const bad of notItems) {
      await expect(session.addItems([user('x'), bad as AgentInputItem])).rejects.toSatisfy(
        isInvalid('items[1]'),
      );
    }
    expect(await session.getItems()).toEqual([user('kept')]);
  });

  it('applyHistoryTransaction refuses each with INVALID_ARGUMENT naming where, changing nothing', async () => {
    const session = createEngramSession({ store: createMemoryStore(), sessionId: 's' });
    await session.addItems([user('kept')]);
    for (const [i, bad] of notItems.entries()) {
      const items = [bad as AgentInputItem];
      await expect(
        session.applyHistoryTransaction({
          operationId: `append-${i}`,
          transaction: { type: 'append_items', items },
        }),
      ).rejects.toSatisfy(isInvalid('transaction.items[0]'));
      await expect(
        session.applyHistoryTransaction({
          operationId: `replace-${i}`,
          transaction: { type: 'replace_suffix', expectedSuffix: [user('kept')], replacement: items },
        }),
      ).rejects.toSatisfy(isInvalid('transaction.replacement[0]'));
    }
    expect(await session.getItems()).toEqual([user('kept')]);
    expect(await session.memory.listArtifacts('openai-agents.operation')).toEqual([]);
  });

  it('applyHistoryTransaction refuses a transaction type of any value with INVALID_ARGUMENT saying what it got', async () => {
    const session = createEngramSession({ store: createMemoryStore(), sessionId: 's' });
    for (const type of [10n, Symbol('t'), 'drop_all', Object.create(null)])
      await expect(
        session.applyHistoryTransaction({ operationId: 'op', transaction: { type } } as never),
      ).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/unsupported transaction type/),
      });
  });
});

describe('createEngramSession: a sparse list of items', () => {
  /** `[<hole>, user('b')]`: what `new Array(2)` or `delete list[0]` leaves. */
  const sparse = () => {
    const list: AgentInputItem[] = [];
    list[1] = user('b');
    return list;
  };

  it('addItems and applyHistoryTransaction refuse a hole as INVALID_ARGUMENT naming the list and index, changing nothing', async () => {
    // `map` skips a hole: addItems failed in the log's checks as INVALID_MESSAGE naming `messages[0]`, which the
    // caller never passed, and a replace_suffix whose expected suffix had a hole was a CONFLICT (the history
    // "no longer matches") instead of bad input.
    const session = createEngramSession({ store: createMemoryStore(), sessionId: 's' });
    await session.addItems([user('kept')]);
    await expect(session.addItems(sparse())).rejects.toSatisfy(isInvalid('items[0]'));
    const cases = [
      ['transaction.items[0]', { type: 'append_items', items: sparse() }],
      [
        'transaction.expectedSuffix[0]',
        { type: 'replace_suffix', expectedSuffix: sparse(), replacement: [] },
      ],
      ['transaction.replacement[0]', { type: 'replace_suffix', expectedSuffix: [], replacement: sparse() }],
    ] as const;
    for (const [where, transaction] of cases) {
      const error = await Promise.resolve()
        .then(() =>
          session.applyHistoryTransaction({ operationId: where, transaction: transaction as never }),
        )
        .catch((e: unknown) => e);
      expect(isInvalid(where)(error), String(error)).toBe(true);
      expect(String(error)).toContain('sparse');
    }
    expect(await session.getItems()).toEqual([user('kept')]);
    expect(await session.memory.listArtifacts('openai-agents.operation')).toEqual([]);
  });
});

describe('createEngramSession: items whose content holds parts that are not objects', () => {
  /** JSON items of a known type with a null, a number, a string or an array where a content part belongs. */
  const odd = [
    { type: 'message', role: 'user', content: [null, { type: 'input_text', text: 'a' }] },
    { type: 'message', role: 'assistant', content: [5, 'x', []], status: 'completed' },
    { type: 'reasoning', content: [null] },
    { type: 'function_call_result', callId: 'c1', name: 'f', status: 'completed', output: [null] },
    { type: 'function_call_result', callId: 'c2', name: 'f', status: 'completed', output: null },
  ] as unknown as AgentInputItem[];

  it('addItems and applyHistoryTransaction store them as given (a raw TypeError before), keeping what was there', async () => {
    const session = createEngramSession({ store: createMemoryStore(), sessionId: 's' });
    await session.addItems([user('kept')]);
    await session.addItems(odd);
    await session.applyHistoryTransaction({
      operationId: 'op-1',
      transaction: { type: 'append_items', items: odd.slice(0, 1) },
    });
    expect(await session.getItems()).toEqual([user('kept'), ...odd, odd[0]]);
    expect(await session.popItem()).toEqual(odd[0]);
  });
});

describe('createEngramSession: options', () => {
  const store = createMemoryStore();
  const bad: [string, unknown][] = [
    ['store', { store: undefined }],
    ['store', { store: null }],
    ['store', { store: {} }],
    ['scop', { store, scop: { tenant: 'acme', user: 'ada' } }],
    ['sessionID', { store, sessionID: 'chat-1' }],
    ['scope', { store, scope: null }],
    ['counter', { store, counter: 5 }],
  ];
  it('refuses a missing store, a misspelt option and a null scope instead of falling back to a default', () => {
    for (const [where, options] of bad)
      expect(() => createEngramSession(options as never), where).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining(where) }),
      );
  });

  it('so a misspelt scope never lands a user’s items in the default tenant', async () => {
    try {
      const typo = createEngramSession({ store, scop: { tenant: 'acme', user: 'ada' } } as never);
      await typo.addItems([user('my secret')]);
    } catch {}
    expect(await store.listSessions({ tenant: 'default' })).toEqual([]);
  });
});

describe('getItems(limit)', () => {
  it('answers every item for a limit past the largest safe integer, as the SDK’s MemorySession does', async () => {
    const session = createEngramSession({ store: createMemoryStore(), sessionId: 's' });
    await session.addItems([user('a'), user('b')]);
    for (const limit of [Number.POSITIVE_INFINITY, 1e300, Number.MAX_SAFE_INTEGER + 2])
      expect(await session.getItems(limit), String(limit)).toEqual([user('a'), user('b')]);
    expect(await session.getItems(Number.NEGATIVE_INFINITY)).toEqual([]);
  });
});
