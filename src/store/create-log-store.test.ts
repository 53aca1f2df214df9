import { describe, expect, it, vi } from 'vitest';
import { createMinimalLogDriver } from '../../test-support/minimal-log-driver.ts';
import type { Scope } from '../core/scope.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { expectMemoryError, makeMessage, toInputs, uniqueScope } from '../testing/fixtures.ts';
import { describeMemoryStore } from '../testing/suites.ts';
import { createLogStore } from './create-log-store.ts';
import type { LogDriverV1 } from './log-driver.ts';
import type { MemoryStoreV1 } from './memory-store.ts';

// A third-party-style driver with only the 15 required methods passes the unmodified suite through the engine,
// with a transaction (the multi-step fallbacks run inside it) and without (they run alone in the process).
describeMemoryStore('minimal driver through createLogStore', {
  open: async () => createLogStore(createMinimalLogDriver()),
  reopen: async (previous) => previous,
});

describeMemoryStore('minimal driver with transactions through createLogStore', {
  open: async () => createLogStore(createMinimalLogDriver({ transactions: true })),
  reopen: async (previous) => previous,
});

/** Every `MemoryStoreV1` method but `close`, called on session `c` of `s`. */
function everyCall(s: Scope): [string, (st: MemoryStoreV1) => Promise<unknown>][] {
  const inputs = toInputs([makeMessage('user', 'x')]);
  return [
    ['createSession', (st) => st.createSession(s)],
    ['getSession', (st) => st.getSession(s, 'c')],
    ['listSessions', (st) => st.listSessions(s)],
    ['updateSession', (st) => st.updateSession(s, 'c', {})],
    ['deleteSession', (st) => st.deleteSession(s, 'c')],
    ['append', (st) => st.append(s, 'c', inputs)],
    ['readRange', (st) => st.readRange(s, 'c')],
    ['getMessages', (st) => st.getMessages(s, 'c', ['x'])],
    ['stats', (st) => st.stats(s, 'c')],
    ['deleteMessages', (st) => st.deleteMessages(s, 'c', ['x'])],
    ['clearMessages', (st) => st.clearMessages(s, 'c')],
    ['replaceMessages', (st) => st.replaceMessages(s, 'c', inputs)],
    ['searchMessages', (st) => st.searchMessages(s, { text: 'x' })],
    ['putArtifact', (st) => st.putArtifact(s, 'c', { id: 'a', kind: 'k', fromSeq: 1, toSeq: 1, data: 1 })],
    ['listArtifacts', (st) => st.listArtifacts(s, 'c')],
    ['deleteArtifact', (st) => st.deleteArtifact(s, 'c', 'a')],
    ['putState', (st) => st.putState(s, 'k', 1)],
    ['getState', (st) => st.getState(s, 'k')],
    ['deleteState', (st) => st.deleteState(s, 'k')],
  ];
}

describe('createLogStore', () => {
  it('after close every method throws STORE_CLOSED; the driver is closed once, after the calls in flight', async () => {
    for (const transactions of [false, true]) {
      const base = createMinimalLogDriver({ transactions });
      const close = vi.fn(async () => undefined);
      const store = createLogStore({ ...base, close });
      const s = uniqueScope();
      await store.createSession(s, { id: 'c' });
      const replacing = store.replaceMessages(s, 'c', toInputs([makeMessage('user', 'kept')]));
      const closing = store.close();
      expect(store.close()).toBe(closing);
      await closing;
      expect((await replacing).map((e) => e.message.content)).toEqual(['kept']);
      expect(close).toHaveBeenCalledTimes(1);
      for (const [label, call] of everyCall(s)) {
        const error = await expectMemoryError(() => call(store), 'STORE_CLOSED');
        expect(error.message, label).toBe('[engram] [minimal] store is closed');
      }
      await store.close();
      expect(close).toHaveBeenCalledTimes(1);
    }
  });

  it('checks the scope before the driver sees a call', async () => {
    const store = createLogStore(createMinimalLogDriver());
    for (const [label, call] of everyCall({ tenant: '' })) {
      await expectMemoryError(() => call(store), 'INVALID_ARGUMENT').then((e) =>
        expect(e.message, label).toMatch(/scope\.tenant/),
      );
    }
  });

  it("reports the driver's capabilities, a missing flag false, full-text search only with a native search", () => {
    const base = createMinimalLogDriver();
    expect(
      createLogStore({ ...base, capabilities: { durable: true, fullTextSearch: true } }).capabilities,
    ).toEqual({
      fullTextSearch: false,
      vectorSearch: false,
      multiProcess: false,
      durable: true,
    });
    const native = createLogStore({
      ...base,
      capabilities: { fullTextSearch: true },
      searchMessages: async () => [],
    });
    expect(native.capabilities.fullTextSearch).toBe(true);
  });

  it('refuses what is not a LogDriverV1', () => {
    const driver = Object.assign(createMinimalLogDriver(), { specificationVersion: 'v2' });
    expect(() => createLogStore(driver)).toThrow(/LogDriverV1/);
  });

  it('carries the extras beside the log contract', () => {
    const contentItems = { marker: 1 };
    const store = createLogStore(createMinimalLogDriver(), { contentItems });
    expect(store.contentItems).toBe(contentItems);
    expect(store.name).toBe('minimal');
  });

  it('calls native optional methods instead of the fallbacks', async () => {
    const base = createMinimalLogDriver();
    const getMessages = vi.fn(async () => []);
    const clearMessages = vi.fn(async () => 7);
    const store = createLogStore({ ...base, nativeForks: true, getMessages, clearMessages });
    const s = uniqueScope();
    await store.createSession(s, { id: 'c' });
    expect(await store.getMessages(s, 'c', ['x'])).toEqual([]);
    expect(await store.clearMessages(s, 'c')).toBe(7);
    expect(getMessages).toHaveBeenCalledWith(s, 'c', ['x']);
    expect(clearMessages).toHaveBeenCalledWith(s, 'c');
  });
});

describe('createLogStore: forks by copy', () => {
  it('reserves the fork-link state key, on copying drivers only', async () => {
    const s = uniqueScope();
    const store = createLogStore(createMinimalLogDriver());
    await store.createSession(s, { id: 'c' });
    await expectMemoryError(store.putState(s, 'session:c:engram.fork', 1), 'INVALID_ARGUMENT');
    await expectMemoryError(store.getState(s, 'session:c:engram.fork'), 'INVALID_ARGUMENT');
    await expectMemoryError(store.deleteState(s, 'session:c:engram.fork'), 'INVALID_ARGUMENT');
    await store.putState(s, 'engram.fork', 1); // a plain key of that name is the caller's
    const native = createMemoryStore();
    await native.createSession(s, { id: 'c' });
    await native.putState(s, 'session:c:engram.fork', 1);
    expect(await native.getState(s, 'session:c:engram.fork')).toBe(1);
  });

  it('copies the parent seq for seq, filling deleted seqs with tombstoned placeholders', async () => {
    const s = uniqueScope();
    const store = createLogStore(createMinimalLogDriver());
    await store.createSession(s, { id: 'p' });
    const m = ['1', '2', '3', '4', '5'].map((t) => makeMessage('user', t));
    await store.append(s, 'p', toInputs(m, [1, 2, 3, 4, 5]));
    await store.deleteMessages(s, 'p', [m[1]!.id, m[3]!.id]);
    const fork = await store.createSession(s, { id: 'f', fork: { parentId: 'p', atSeq: 4 } });
    expect(fork).toMatchObject({ parentId: 'p', forkedAtSeq: 4 });
    expect(await store.readRange(s, 'f')).toEqual(await store.readRange(s, 'p', { toSeq: 4 }));
    expect(await store.stats(s, 'f')).toMatchObject({ count: 2, tokens: 4, lastSeq: 4 });
    expect((await store.append(s, 'f', toInputs([m[1]!])))[0]?.seq).toBe(5);
    // The parent deletes an entry the fork shares: the fork keeps it and stops naming the parent.
    await store.deleteMessages(s, 'p', [m[0]!.id]);
    expect(await store.getSession(s, 'f')).not.toHaveProperty('parentId');
    expect((await store.readRange(s, 'f')).map((e) => e.message.content)).toEqual(['1', '3', '2']);
  });

  it('without a transaction, a fork whose copy fails is removed before the error is rethrown', async () => {
    const s = uniqueScope();
    const base = createMinimalLogDriver();
    let failing = false;
    const store = createLogStore({
      ...base,
      append: (scope, id, inputs) => {
        if (failing) throw new Error('disk full');
        return base.append(scope, id, inputs);
      },
    });
    await store.createSession(s, { id: 'p' });
    await store.append(s, 'p', toInputs([makeMessage('user', 'one')]));
    failing = true;
    await expect(store.createSession(s, { id: 'f', fork: { parentId: 'p', atSeq: 1 } })).rejects.toThrow(
      'disk full',
    );
    failing = false;
    expect((await store.listSessions(s)).map((r) => r.id)).toEqual(['p']);
    await store.deleteMessages(s, 'p', [(await store.readRange(s, 'p'))[0]!.message.id]); // no stale fork link
    expect(await store.getSession(s, 'p')).not.toHaveProperty('parentId');
  });
});

describe('createLogStore: replace without a native one', () => {
  it("refuses a message over the driver's size limit before writing anything, without a transaction", async () => {
    const s = uniqueScope();
    const store = createLogStore({ ...createMinimalLogDriver(), maxMessageBytes: 200 });
    await store.createSession(s, { id: 'c' });
    const old = await store.append(s, 'c', toInputs([makeMessage('user', 'a'), makeMessage('user', 'b')]));
    const big = makeMessage('user', 'x'.repeat(300));
    await expectMemoryError(store.replaceMessages(s, 'c', toInputs([big])), 'PAYLOAD_TOO_LARGE');
    expect(await store.readRange(s, 'c')).toEqual(old);
  });

  it('inside the transaction, a failing append leaves the old log whole', async () => {
    const s = uniqueScope();
    const base = createMinimalLogDriver({ transactions: true });
    const transaction: NonNullable<LogDriverV1['transaction']> = (work) =>
      base.transaction!((d) =>
        work({ ...d, append: async () => Promise.reject(new Error('lost connection')) }),
      );
    const store = createLogStore({ ...base, transaction });
    await store.createSession(s, { id: 'c' });
    const old = await store.append(s, 'c', toInputs([makeMessage('user', 'a'), makeMessage('user', 'b')]));
    await expect(store.replaceMessages(s, 'c', toInputs([makeMessage('user', 'new')]))).rejects.toThrow(
      'lost connection',
    );
    expect(await store.readRange(s, 'c')).toEqual(old);
    expect(await store.stats(s, 'c')).toMatchObject({ count: 2, lastSeq: 2 });
  });

  it('without a transaction, no call of the handle sees the log between the deletes and the appends', async () => {
    const s = uniqueScope();
    const store = createLogStore(createMinimalLogDriver());
    await store.createSession(s, { id: 'c' });
    await store.append(s, 'c', toInputs([makeMessage('user', 'a'), makeMessage('user', 'b')]));
    const replacing = store.replaceMessages(s, 'c', toInputs([makeMessage('user', 'new')]));
    const reads = await Promise.all([store.readRange(s, 'c'), store.stats(s, 'c'), replacing]);
    expect(reads[0].map((e) => e.message.content)).toEqual(['new']);
    expect(reads[1]).toMatchObject({ count: 1, lastSeq: 3 });
  });
});

describe('createLogStore: search without a native one', () => {
  it('pages through sessions sharing a creation millisecond, listing each once', async () => {
    const at = new Date('2030-01-01T00:00:00Z');
    const store = createLogStore(createMinimalLogDriver({ now: () => at }));
    const s = uniqueScope();
    for (let i = 0; i < 450; i++) {
      await store.createSession(s, { id: `s${i}` });
      await store.append(s, `s${i}`, toInputs([makeMessage('user', `needle ${i}`)]));
    }
    const hits = await store.searchMessages(s, { text: 'NEEDLE', limit: 1000 });
    expect(new Set(hits.map((h) => h.sessionId)).size).toBe(450);
    expect(hits.map((h) => h.sessionId).slice(0, 3)).toEqual(['s0', 's1', 's10']); // ties: by session id
    expect(await store.searchMessages(s, { text: 'needle', limit: 5 })).toEqual(hits.slice(0, 5));
  });
});
