import { describe, expect, it } from 'vitest';
import { MemoryError } from '../core/errors/memory-error.ts';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createSqliteStore } from '../drivers/sqlite/sqlite-driver.ts';
import { createSessions, type Sessions } from './sessions.ts';

/** Bad arguments to `Sessions` are typed `INVALID_ARGUMENT` errors that name the argument, and change nothing. */
const refused = (pattern: RegExp) => (e: unknown) =>
  MemoryError.hasCode(e, 'INVALID_ARGUMENT') && pattern.test((e as Error).message);
const count = async (sessions: Sessions, id: string) => (await (await sessions.open(id)).read()).length;

async function setup() {
  const store = createMemoryStore();
  const sessions = createSessions({ store, scope: { tenant: 'acme' } });
  const run = await sessions.create({ id: 'run', retention: 'single_run' });
  await run.store({ role: 'user', content: 'keep me' });
  const chat = await sessions.create({ id: 'chat' });
  await chat.store([
    { role: 'user', content: 'a' },
    { role: 'assistant', content: 'b' },
  ]);
  return sessions;
}

describe('Sessions refuse bad arguments', () => {
  it('createSessions refuses a misspelt option (scop: the default tenant would be listed and opened)', () => {
    expect(() => createSessions({ store: createMemoryStore(), scop: { tenant: 'acme' } } as never)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/createSessions\(options\)\.scop: not an option/),
      }),
    );
  });

  it('createSessions refuses a store that is not one and a bad counter, before anything is stored', async () => {
    for (const store of [undefined, 1, '', {}, [], Object.create(null), { getSession: 1 }]) {
      expect(() => createSessions({ store } as never)).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringMatching(/createSessions\(options\)\.store must be an object/),
        }),
      );
    }
    const store = createMemoryStore();
    for (const counter of [1, '', 0, false, {}, Object.create(null)]) {
      expect(() => createSessions({ store, counter } as never)).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringMatching(/createSessions\(options\)\.counter must be an object/),
        }),
      );
    }
    expect(await store.listSessions({ tenant: 'default' })).toEqual([]);
  });

  it('endOf takes only run or workflow: a typo clears nothing', async () => {
    const sessions = await setup();
    for (const when of ['Workflow', 'runs', '', null, undefined, 1]) {
      await expect(sessions.endOf(when as 'run')).rejects.toSatisfy(refused(/endOf\(scope\).*'run'/));
    }
    expect(await count(sessions, 'run')).toBe(1);
    expect((await sessions.list()).length).toBe(2);
  });

  it('fork and copy check their options: not an object, a misspelt key, both atMessageId and atSeq', async () => {
    const sessions = await setup();
    await expect(sessions.fork('chat', null as never)).rejects.toSatisfy(refused(/sessions\.fork/));
    await expect(sessions.fork('chat', { atSeq: 1, ID: 'b' } as never)).rejects.toSatisfy(
      refused(/sessions\.fork\(options\)\.ID/),
    );
    const [first] = await (await sessions.open('chat')).read();
    await expect(sessions.fork('chat', { atMessageId: first!.id, atSeq: 2 })).rejects.toSatisfy(
      refused(/not both/),
    );
    await expect(sessions.copy('chat', null as never)).rejects.toSatisfy(refused(/sessions\.copy/));
    await expect(sessions.copy('chat', { Id: 'c' } as never)).rejects.toSatisfy(
      refused(/sessions\.copy\(options\)\.Id/),
    );
    expect((await sessions.list()).map((s) => s.id).sort()).toEqual(['chat', 'run']);
  });

  it('create checks its options and metadata; list checks its options', async () => {
    const sessions = await setup();
    await expect(sessions.create({ id: 'x', retension: 'session' } as never)).rejects.toSatisfy(
      refused(/sessions\.create\(options\)\.retension/),
    );
    for (const metadata of [5, 'x', [1, 2], null]) {
      await expect(sessions.create({ id: 'x', metadata } as never)).rejects.toSatisfy(
        refused(/sessions\.create(: metadata|\(options\)\.metadata must not be null)/),
      );
    }
    await expect(sessions.list({ limt: 1 } as never)).rejects.toSatisfy(
      refused(/sessions\.list\(options\)\.limt/),
    );
    expect((await sessions.list()).map((s) => s.id).sort()).toEqual(['chat', 'run']);
  });

  it.each([
    ['memory', () => createMemoryStore()],
    ['sqlite', () => createSqliteStore({ path: ':memory:' })],
  ])(
    'fork names an atSeq of the wrong type as it is (%s): "1" as a string, a symbol not a TypeError',
    async (_, open) => {
      const sessions = createSessions({ store: open() });
      const chat = await sessions.create({ id: 'chat' });
      await chat.store({ role: 'user', content: 'a' });
      await expect(sessions.fork('chat', { atSeq: '1' as never })).rejects.toSatisfy(
        refused(/atSeq.*got "1"/),
      );
      await expect(sessions.fork('chat', { atSeq: Symbol('s') as never })).rejects.toSatisfy(
        refused(/atSeq.*Symbol\(s\)/),
      );
      expect((await sessions.list()).map((s) => s.id)).toEqual(['chat']);
    },
  );
});
