import { hostname } from 'node:os';
import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGate } from '../../test-support/gate.ts';
import { inProcessStores } from '../../test-support/in-process-stores.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { markedUnfinished } from '../store/abandoned-session.ts';
import type { MemoryStoreV1 } from '../store/memory-store.ts';
import { currentOwner } from '../store/session-writer.ts';
import { createSessions } from './sessions.ts';

const scope = { tenant: 'default' };
const stores = inProcessStores;

const messages = (n: number, from = 1): ModelMessage[] =>
  Array.from(
    { length: n },
    (_, i) => ({ id: `m${from + i}`, role: 'user', content: `message ${from + i}` }) as ModelMessage,
  );

/** A run that is gone: this host, a process id no process has. */
const deadOwner = () => ({ ...currentOwner(), pid: 2 ** 30 });

/** `store` whose `append` into session `into` waits for `gate` after `pass` appends, then throws when `fail` is set. */
function gatedStore(
  store: MemoryStoreV1,
  into: string,
  pass: number,
  gate: Promise<void>,
  fail = false,
): { store: MemoryStoreV1; reached: Promise<void> } {
  let calls = 0;
  let reach!: () => void;
  const reached = new Promise<void>((r) => {
    reach = r;
  });
  const wrapped: MemoryStoreV1 = Object.create(store);
  wrapped.append = async (s, id, inputs, options) => {
    if (id === into && ++calls > pass) {
      reach();
      await gate;
      if (fail) throw new MemoryError({ code: 'STORE_ERROR', component: 'test', message: 'disk full' });
    }
    return store.append(s, id, inputs, options);
  };
  return { store: wrapped, reached };
}

describe('sessions.copy is all or nothing', () => {
  for (const [name, open] of stores) {
    it(`${name}: a copy under way is neither listed nor opened; once done it is whole`, async () => {
      const base = open();
      await createSessions({ store: base }).create({ id: 'src', metadata: { topic: 'trip' } });
      await createSessions({ store: base })
        .open('src')
        .then((m) => m.store(messages(2500)));
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      const { store, reached } = gatedStore(base, 'dst', 1, gate);
      const sessions = createSessions({ store });
      const copying = sessions.copy('src', { id: 'dst' });
      await reached; // 1,000 of 2,500 messages copied
      expect((await sessions.list()).map((r) => r.id)).toEqual(['src']);
      await expect(sessions.open('dst')).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
      // Its run is alive: another copy, create or fork to its id is refused, and it is left alone.
      await expect(sessions.copy('src', { id: 'dst' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      await expect(sessions.create({ id: 'dst' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      release();
      const copy = await copying;
      expect((await copy.read()).map((m) => m.content)).toEqual(messages(2500).map((m) => m.content));
      expect((await sessions.list()).map((r) => r.id).sort()).toEqual(['dst', 'src']);
      expect((await base.getSession(scope, 'dst'))?.metadata).toEqual({
        topic: 'trip',
        'engram.retention': 'persistent',
      });
      await base.close();
    });

    it(`${name}: a copy whose write fails midway leaves nothing, and the source is untouched`, async () => {
      const base = open();
      const src = await createSessions({ store: base }).create({ id: 'src' });
      await src.store(messages(2500));
      await src.putArtifact({ id: 'a1', kind: 'note', fromSeq: 1, toSeq: 3, data: { n: 1 } });
      const { store } = gatedStore(base, 'dst', 1, Promise.resolve(), true);
      await expect(createSessions({ store }).copy('src', { id: 'dst' })).rejects.toMatchObject({
        code: 'STORE_ERROR',
      });
      expect(await base.getSession(scope, 'dst')).toBeUndefined();
      expect((await base.stats(scope, 'src')).count).toBe(2500);
      // The id is free again: a copy to it now succeeds.
      const again = await createSessions({ store: base }).copy('src', { id: 'dst' });
      expect((await again.read()).length).toBe(2500);
      expect((await base.listArtifacts(scope, 'dst')).map((a) => [a.id, a.fromSeq, a.toSeq])).toEqual([
        ['a1', 1, 3],
      ]);
      await base.close();
    });

    it(`${name}: what a crashed copy left is hidden, and the next copy, create or fork to its id replaces it`, async () => {
      const store = open();
      const sessions = createSessions({ store });
      const src = await sessions.create({ id: 'src' });
      await src.store(messages(5));
      for (const [id, redo] of [
        ['c1', () => sessions.copy('src', { id: 'c1' })],
        ['c2', () => sessions.create({ id: 'c2' })],
        ['c3', () => sessions.fork('src', { atSeq: 5, id: 'c3' })],
      ] as const) {
        // What a killed copy leaves: the session marked by a run that is gone, part of the messages in it.
        await store.createSession(scope, { id, metadata: markedUnfinished({ topic: 'old' }, deadOwner()) });
        await store.append(scope, id, [
          { message: { id: 'half', role: 'user', content: 'half' } as never, tokens: 1 },
        ]);
        expect((await sessions.list()).map((r) => r.id)).not.toContain(id);
        await expect(sessions.open(id)).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
        const memory = await redo();
        const contents = (await memory.read()).map((m) => m.content);
        expect(contents).not.toContain('half');
        expect(contents).toEqual(id === 'c2' ? [] : messages(5).map((m) => m.content));
        expect((await sessions.list()).map((r) => r.id)).toContain(id);
        expect((await store.getSession(scope, id))?.metadata).not.toHaveProperty(['topic']);
      }
      await store.close();
    });

    it(`${name}: a conversation memory on the id of what a crashed copy left refuses to store into it; reads show it`, async () => {
      const store = open();
      await store.createSession(scope, {
        id: 'x',
        metadata: markedUnfinished({ topic: 'old' }, deadOwner()),
      });
      await store.append(scope, 'x', [
        { message: { id: 'half', role: 'user', content: 'half' } as never, tokens: 1 },
      ]);
      const memory = createConversationMemory({ store, scope, sessionId: 'x' });
      expect((await memory.read()).map((m) => m.id)).toEqual(['half']); // what `engram sessions show` prints
      await expect(
        memory.store({ id: 'new', role: 'user', content: 'new' } as ModelMessage),
      ).rejects.toMatchObject({
        code: 'CONFLICT',
      });
      expect((await store.readRange(scope, 'x')).map((e) => e.message.id)).toEqual(['half']);
      // Replaced (here by sessions.create), a new memory stores into it.
      await createSessions({ store }).create({ id: 'x' });
      const fresh = createConversationMemory({ store, scope, sessionId: 'x' });
      await fresh.store({ id: 'new', role: 'user', content: 'new' } as ModelMessage);
      expect((await fresh.read()).map((m) => m.id)).toEqual(['new']);
      // A session a live run is writing takes its messages (an import writes its sessions through conversation memories).
      await store.createSession(scope, { id: 'y', metadata: markedUnfinished({}, currentOwner()) });
      const live = createConversationMemory({ store, scope, sessionId: 'y' });
      await live.store({ id: 'mine', role: 'user', content: 'mine' } as ModelMessage);
      expect((await live.read()).map((m) => m.id)).toEqual(['mine']);
      await store.close();
    });

    it(`${name}: a finished session is never replaced: a copy to its id is refused and changes nothing`, async () => {
      const store = open();
      const sessions = createSessions({ store });
      await (await sessions.create({ id: 'src' })).store(messages(3));
      await (await sessions.create({ id: 'dst' })).store(messages(1, 100));
      await expect(sessions.copy('src', { id: 'dst' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      expect((await (await sessions.open('dst')).read()).map((m) => m.content)).toEqual(['message 100']);
      await store.close();
    });
  }
});

describe('sessions.copy beside writers of its source: the copy is the source as it was when the copy began', () => {
  /** A 2,500-message source `src`, and a copy to `dst` held after its first page (1,000 messages copied). */
  async function heldCopy(open: () => MemoryStoreV1) {
    const base = open();
    const sessions = createSessions({ store: base });
    await sessions.create({ id: 'src' });
    const source = await sessions.open('src');
    await source.store(messages(2500));
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const { store, reached } = gatedStore(base, 'dst', 1, gate);
    const copying = createSessions({ store }).copy('src', { id: 'dst' });
    // Settled here, so a rejection is not unhandled while the test writes to the source.
    const outcome = copying.then(
      (copy) => copy.read(),
      (error: unknown) => ({ error }),
    );
    await reached;
    return { base, sessions, source, outcome, release };
  }

  for (const [name, open] of stores) {
    it(`${name}: messages stored meanwhile are not in the copy`, async () => {
      const { base, source, outcome, release } = await heldCopy(open);
      await source.store(messages(3, 9001));
      release();
      const copied = await outcome;
      expect(Array.isArray(copied) && copied.map((m) => m.content)).toEqual(
        messages(2500).map((m) => m.content),
      );
      await base.close();
    });

    it(`${name}: messages stored meanwhile and deleted again are nothing to the copy: it is whole`, async () => {
      const { base, source, outcome, release } = await heldCopy(open);
      await source.store(messages(3, 9001));
      await source.delete('m9002'); // stored after the copy began: not the copy's
      release();
      const copied = await outcome;
      expect(Array.isArray(copied) && copied.map((m) => m.content)).toEqual(
        messages(2500).map((m) => m.content),
      );
      expect((await source.stats()).count).toBe(2502);
      await base.close();
    });

    it(`${name}: a message of the copied part deleted, beside messages stored and deleted after: CONFLICT`, async () => {
      const { base, source, outcome, release } = await heldCopy(open);
      await source.store(messages(3, 9001));
      await source.delete('m9002');
      await source.delete('m2400'); // not copied yet, but the copy's part: the copy would not be the source at its start
      release();
      expect(await outcome).toEqual({ error: expect.objectContaining({ code: 'CONFLICT' }) });
      expect(await base.getSession(scope, 'dst')).toBeUndefined();
      await base.close();
    });

    it(`${name}: a message deleted meanwhile from the copied part: CONFLICT, no copy, the source untouched`, async () => {
      const { base, sessions, source, outcome, release } = await heldCopy(open);
      await source.delete('m10'); // copied already: the copy would hold a message the source no longer has
      release();
      expect(await outcome).toEqual({ error: expect.objectContaining({ code: 'CONFLICT' }) });
      expect((await sessions.list()).map((r) => r.id)).toEqual(['src']);
      expect(await base.getSession(scope, 'dst')).toBeUndefined();
      expect((await source.stats()).count).toBe(2499);
      await base.close();
    });

    it(`${name}: the source deleted and created again meanwhile: CONFLICT, no copy mixing two logs`, async () => {
      const { base, sessions, outcome, release } = await heldCopy(open);
      await sessions.delete('src');
      await sessions.create({ id: 'src' });
      await (await sessions.open('src')).store(messages(1500, 5001));
      release();
      expect(await outcome).toEqual({ error: expect.objectContaining({ code: 'CONFLICT' }) });
      expect(await base.getSession(scope, 'dst')).toBeUndefined();
      await base.close();
    });
  }
});

describe('sessions.list leaves out unfinished sessions and still pages whole', () => {
  it('property: every finished session exactly once, in order, pages full but the last', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { minLength: 0, maxLength: 40 }),
        fc.integer({ min: 1, max: 7 }),
        async (unfinished, limit) => {
          const store = createMemoryStore();
          const sessions = createSessions({ store });
          const owner = { ...currentOwner(), host: hostname() };
          const finished: string[] = [];
          for (const [i, u] of unfinished.entries()) {
            const id = `s${String(i).padStart(2, '0')}`;
            if (u) await store.createSession(scope, { id, metadata: markedUnfinished({}, owner) });
            else {
              await sessions.create({ id });
              finished.push(id);
            }
          }
          const all = (await sessions.list()).map((r) => r.id);
          expect([...all].sort()).toEqual(finished);
          const paged: string[] = [];
          let page = await sessions.list({ limit });
          for (;;) {
            paged.push(...page.map((r) => r.id));
            if (page.length < limit) break;
            page = await sessions.list({ limit, startAfter: page.at(-1)! });
            if (page.length > 0)
              expect(page.length === limit || paged.length + page.length === finished.length).toBe(true);
            if (page.length === 0) break;
          }
          expect(paged).toEqual(all);
          await store.close();
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('sessions.fork beside a writer that deletes and creates its parent again', () => {
  for (const [name, open] of stores) {
    it(`${name}: the parent created again between finding the fork point and the fork: CONFLICT, no fork`, async () => {
      const base = open();
      const sessions = createSessions({ store: base });
      await sessions.create({ id: 'src' });
      await (await sessions.open('src')).store(messages(30));
      const gate = createGate();
      // The fork's point is found in the old log; the store's createSession waits until the log is a new one.
      const store: MemoryStoreV1 = Object.create(base);
      store.createSession = async (s, input) => {
        if (input?.fork) await gate.pass();
        return base.createSession(s, input);
      };
      const forking = createSessions({ store })
        .fork('src', { atMessageId: 'm20', id: 'branch' })
        .then(
          (fork) => fork.read(),
          (error: unknown) => ({ error }),
        );
      await gate.reached;
      await sessions.delete('src');
      await sessions.create({ id: 'src' });
      await (await sessions.open('src')).store(messages(25, 101));
      gate.open();
      // A fork of the new log at the old log's point would hold messages 101–120, which m20 never followed.
      expect(await forking).toEqual({ error: expect.objectContaining({ code: 'CONFLICT' }) });
      expect(await base.getSession(scope, 'branch')).toBeUndefined();
      await base.close();
    });
  }
});
