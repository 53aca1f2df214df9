import { isDeepStrictEqual } from 'node:util';
import { type AgentInputItem, MemorySession } from '@openai/agents-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reopenableDrivers } from '../../test-support/reliability/reopenable-stores.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { makeToolPair } from '../testing/fixtures.ts';
import { createEngramSession } from './engram-session.ts';

const user = (content: string): AgentInputItem => ({ type: 'message', role: 'user', content });
const call = (callId: string, city: string): AgentInputItem => ({
  type: 'function_call',
  callId,
  name: 'weather',
  arguments: JSON.stringify({ city }),
  status: 'completed',
  providerData: { $ref: 'x', nested: { __proto__: 1 } },
});
const result = (callId: string, text: string): AgentInputItem => ({
  type: 'function_call_result',
  callId,
  name: 'weather',
  status: 'completed',
  output: { type: 'text', text },
});
const answer = (text: string): AgentInputItem => ({
  type: 'message',
  role: 'assistant',
  status: 'completed',
  id: 'msg_1',
  content: [{ type: 'output_text', text, providerData: { annotations: [] } }],
});
/** Items of every shape the SDK persists, bytes and `$` keys included. */
const turn: AgentInputItem[] = [
  user('Weather in Paris?'),
  { type: 'reasoning', content: [{ type: 'input_text', text: 'Look it up.' }] },
  call('c1', 'Paris'),
  result('c1', 'sunny'),
  {
    type: 'function_call_result',
    callId: 'c2',
    name: 'chart',
    status: 'completed',
    output: {
      type: 'file',
      file: { data: new Uint8Array([1, 2, 255]), mediaType: 'image/png', filename: 'c.png' },
    },
  },
  answer('Sunny.'),
  { type: 'message', role: 'system', content: 'Be brief.' },
  { type: 'compaction', encrypted_content: 'abc' },
  { type: 'unknown', providerData: { anything: [1, 'two'] } },
];

const same = (a: unknown, b: unknown) => expect(isDeepStrictEqual(a, b), JSON.stringify(a)).toBe(true);

describe('createEngramSession', () => {
  it('returns every item exactly as it was added, and stores each as the engram message it maps to', async () => {
    const session = createEngramSession({ store: createMemoryStore(), sessionId: 's' });
    await session.addItems(turn);
    same(await session.getItems(), turn);
    same(await session.getItems(2), turn.slice(-2));
    same(await session.getItems(100), turn);
    expect(await session.getItems(0)).toEqual([]);
    const messages = await session.memory.read();
    expect(messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'assistant',
      'tool',
      'tool',
      'assistant',
      'system',
      'assistant',
      'assistant',
    ]);
    expect(messages[2]!.content).toEqual([
      { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: { city: 'Paris' } },
    ]);
    expect(messages[3]!.content).toEqual([
      {
        type: 'tool-result',
        toolCallId: 'c1',
        toolName: 'weather',
        output: { type: 'text', value: 'sunny' },
      },
    ]);
    expect(messages[4]!.content).toMatchObject([{ output: { type: 'text', value: '[file]' } }]);
    expect(messages[7]!.content).toEqual([{ type: 'text', text: '[compaction]' }]);
    expect(await session.getSessionId()).toBe('s');
  });

  it('round-trips generated items exactly (property)', async () => {
    const text = fc.string({ maxLength: 20 });
    const json = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
    const item = fc.oneof(
      text.map(user),
      fc.record({ id: text, city: text }).map(({ id, city }) => call(id, city)),
      fc.record({ id: text, out: text }).map(({ id, out }) => result(id, out)),
      fc.record({ t: text, extra: json }).map(({ t, extra }) => ({ ...answer(t), providerData: { extra } })),
      fc.uint8Array({ maxLength: 8 }).map(
        (data): AgentInputItem => ({
          type: 'function_call_result',
          callId: 'f',
          name: 'file',
          status: 'completed',
          output: { type: 'file', file: { data, mediaType: 'application/octet-stream', filename: 'f' } },
        }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(item, { maxLength: 4 }), { maxLength: 4 }), async (batches) => {
        const session = createEngramSession({ store: createMemoryStore() });
        for (const batch of batches) await session.addItems(batch);
        same(await session.getItems(), batches.flat());
      }),
      { numRuns: 60 },
    );
  });

  it('refuses an item that is not JSON and bytes before storing anything', async () => {
    const session = createEngramSession({ store: createMemoryStore() });
    const bad = { ...user('x'), providerData: { at: new Date() } } as AgentInputItem;
    await expect(session.addItems([user('ok'), bad])).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('items[1].providerData.at'),
    });
    expect(await session.getItems()).toEqual([]);
  });

  it('popItem removes and returns the newest item; clearSession empties the session', async () => {
    const session = createEngramSession({ store: createMemoryStore() });
    expect(await session.popItem()).toBeUndefined();
    await session.addItems(turn.slice(0, 4));
    same(await session.popItem(), turn[3]);
    same(await session.getItems(), turn.slice(0, 3));
    await session.clearSession();
    expect(await session.getItems()).toEqual([]);
    await session.addItems([user('again')]);
    same(await session.getItems(), [user('again')]);
  });

  it('maps messages written through engram’s other APIs to items', async () => {
    const store = createMemoryStore();
    const memory = createConversationMemory({ store, sessionId: 'mixed' });
    const [toolCall, toolResult] = makeToolPair('weather', { city: 'Oslo' }, 'cold');
    await memory.store([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: [{ type: 'text', text: 'Checking.' }] },
      toolCall,
      toolResult,
    ]);
    const session = createEngramSession({ store, sessionId: 'mixed' });
    const id = (toolCall.content as { toolCallId: string }[])[0]!.toolCallId;
    expect(await session.getItems()).toEqual([
      user('Hi'),
      {
        type: 'message',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: 'Checking.' }],
      },
      {
        type: 'function_call',
        callId: id,
        name: 'weather',
        arguments: '{"city":"Oslo"}',
        status: 'completed',
      },
      {
        type: 'function_call_result',
        callId: id,
        name: 'weather',
        status: 'completed',
        output: { type: 'text', text: 'cold' },
      },
    ]);
  });

  it('keeps scopes apart: another user, agent or tenant never sees the items of a session of the same id', async () => {
    const store = createMemoryStore();
    const ada = createEngramSession({ store, scope: { tenant: 't', user: 'ada' }, sessionId: 'chat' });
    const bob = createEngramSession({ store, scope: { tenant: 't', user: 'bob' }, sessionId: 'chat' });
    const adaAgent = createEngramSession({
      store,
      scope: { tenant: 't', user: 'ada', agent: 'x' },
      sessionId: 'chat',
    });
    const other = createEngramSession({ store, scope: { tenant: 'u', user: 'ada' }, sessionId: 'chat' });
    await ada.addItems([user('ada secret')]);
    await bob.addItems([user('bob secret')]);
    same(await ada.getItems(), [user('ada secret')]);
    same(await bob.getItems(), [user('bob secret')]);
    expect(await adaAgent.getItems()).toEqual([]);
    expect(await other.getItems()).toEqual([]);
    expect(await other.popItem()).toBeUndefined();
    await bob.clearSession();
    same(await ada.getItems(), [user('ada secret')]);
  });

  it('a fractional limit returns what the SDK’s MemorySession returns, not one item fewer', async () => {
    // The limit was rounded down: 0.5 gave no item where MemorySession gives 1, 2.5 gave 2 where it gives 3.
    const session = createEngramSession({ store: createSqliteStore({ path: ':memory:' }), sessionId: 's' });
    const sdk = new MemorySession();
    const items = ['a', 'b', 'c', 'd'].map(user);
    await session.addItems(items);
    await sdk.addItems(items);
    for (const limit of [0.5, 1.5, 2.5, 3.99, 4.5, -0.5, 1e-9])
      expect(await session.getItems(limit), `limit ${limit}`).toEqual(await sdk.getItems(limit));
    await session.memory.storage.close();
  });

  it('rejects a bad limit with a typed error', async () => {
    const session = createEngramSession({ store: createMemoryStore() });
    await expect(session.getItems(Number.NaN)).rejects.toSatisfy((e) =>
      MemoryError.hasCode(e, 'INVALID_ARGUMENT'),
    );
  });
});

const append = (operationId: string, items: AgentInputItem[]) => ({
  operationId,
  transaction: { type: 'append_items' as const, items },
});

describe('history transactions (applyHistoryTransaction)', () => {
  it('applies an append once per operation id, also after the items were popped', async () => {
    const session = createEngramSession({ store: createMemoryStore() });
    await session.addItems([user('q')]);
    await session.applyHistoryTransaction(append('op-1', [call('c', 'Rome'), result('c', 'warm')]));
    await session.applyHistoryTransaction(append('op-1', [call('c', 'Rome'), result('c', 'warm')]));
    same(await session.getItems(), [user('q'), call('c', 'Rome'), result('c', 'warm')]);
    await session.popItem();
    await session.applyHistoryTransaction(append('op-1', [call('c', 'Rome'), result('c', 'warm')]));
    same(await session.getItems(), [user('q'), call('c', 'Rome')]);
    const [record] = await session.memory.listArtifacts('openai-agents.operation');
    expect(record).toMatchObject({
      fromSeq: 2,
      toSeq: 3,
      data: { operationId: 'op-1', type: 'append_items' },
    });
  });

  it('refuses another transaction under a used operation id, changing nothing', async () => {
    const session = createEngramSession({ store: createMemoryStore() });
    await session.applyHistoryTransaction(append('op', [user('a')]));
    await expect(session.applyHistoryTransaction(append('op', [user('b')]))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    same(await session.getItems(), [user('a')]);
  });

  it('finishes an operation whose items were written before a crash, without writing them twice', async () => {
    const session = createEngramSession({ store: createMemoryStore() });
    await session.applyHistoryTransaction(append('op', [user('a'), user('b')]));
    // The record is what a crash right after the append would have left unwritten.
    await session.memory.deleteArtifact(
      (await session.memory.listArtifacts('openai-agents.operation'))[0]!.id,
    );
    await session.applyHistoryTransaction(append('op', [user('a'), user('b')]));
    same(await session.getItems(), [user('a'), user('b')]);
    expect(await session.memory.listArtifacts('openai-agents.operation')).toHaveLength(1);
  });

  it('replaces a matching suffix once, and refuses one that no longer matches', async () => {
    const session = createEngramSession({ store: createMemoryStore() });
    await session.addItems([user('q'), call('c', 'Rome'), answer('blocked')]);
    const replace = {
      operationId: 'r',
      transaction: {
        type: 'replace_suffix' as const,
        expectedSuffix: [call('c', 'Rome'), answer('blocked')],
        replacement: [call('c', 'Rome'), result('c', 'warm'), answer('Warm.')],
      },
    };
    await session.applyHistoryTransaction(replace);
    await session.applyHistoryTransaction(replace);
    same(await session.getItems(), [user('q'), call('c', 'Rome'), result('c', 'warm'), answer('Warm.')]);
    await expect(session.applyHistoryTransaction({ ...replace, operationId: 'r2' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('no longer matches'),
    });
    same(await session.getItems(), [user('q'), call('c', 'Rome'), result('c', 'warm'), answer('Warm.')]);
  });

  it('refuses malformed arguments before changing anything', async () => {
    const session = createEngramSession({ store: createMemoryStore() });
    const bad: unknown[] = [
      { operationId: ' ', transaction: { type: 'append_items', items: [] } },
      { operationId: 'x', transaction: { type: 'drop_everything' } },
      { operationId: 'x', transaction: { type: 'append_items', items: 'no' } },
      { operationId: 'x', transaction: { type: 'append_items', items: [{ at: new Date() }] } },
    ];
    for (const args of bad) {
      await expect(session.applyHistoryTransaction(args as never)).rejects.toSatisfy((e) =>
        MemoryError.hasCode(e, 'INVALID_ARGUMENT'),
      );
    }
    expect(await session.getItems()).toEqual([]);
  });

  it('forgets applied operations on clearSession, as the SDK’s MemorySession does', async () => {
    const session = createEngramSession({ store: createMemoryStore() });
    await session.applyHistoryTransaction(append('op', [user('a')]));
    await session.clearSession();
    await session.applyHistoryTransaction(append('op', [user('a')]));
    same(await session.getItems(), [user('a')]);
  });
});

describe('two writers on one session (two store handles, as two processes)', () => {
  for (const driver of reopenableDrivers()) {
    it.skipIf(driver.skip)(
      `${driver.name}: concurrent pops each get a different item; none is lost`,
      async () => {
        const db = await driver.setup('agents_pop');
        const [a, b] = [db.open(), db.open()];
        try {
          const items = Array.from({ length: 40 }, (_, i) => user(`item ${i}`));
          const one = createEngramSession({ store: a, sessionId: 'shared' });
          const two = createEngramSession({ store: b, sessionId: 'shared' });
          await one.addItems(items);
          const popAll = async (s: typeof one) => {
            const got: AgentInputItem[] = [];
            for (let item = await s.popItem(); item; item = await s.popItem()) got.push(item);
            return got;
          };
          const [x, y] = await Promise.all([popAll(one), popAll(two)]);
          const popped = [...x, ...y].map((i) => (i as { content: string }).content).sort();
          expect(popped).toEqual(items.map((i) => (i as { content: string }).content).sort());
          expect(x.length).toBeGreaterThan(0);
          expect(await two.getItems()).toEqual([]);
        } finally {
          await a.close();
          await b.close();
          await db.done();
        }
      },
    );

    it.skipIf(driver.skip)(
      `${driver.name}: the same operation applied by both writers at once lands once`,
      async () => {
        const db = await driver.setup('agents_tx');
        const [a, b] = [db.open(), db.open()];
        try {
          const one = createEngramSession({ store: a, sessionId: 'shared' });
          const two = createEngramSession({ store: b, sessionId: 'shared' });
          await one.addItems([user('q')]);
          const args = append('op', [call('c', 'Rome'), result('c', 'warm')]);
          await Promise.all([one.applyHistoryTransaction(args), two.applyHistoryTransaction(args)]);
          same(await one.getItems(), [user('q'), call('c', 'Rome'), result('c', 'warm')]);
        } finally {
          await a.close();
          await b.close();
          await db.done();
        }
      },
    );
  }
});
