import { beforeAll, describe, expect, it } from 'vitest';
import { cliDatabases } from '../../test-support/cli-databases.ts';
import { runEngramAsync } from '../../test-support/run-engram.ts';
import { createContentStore } from '../content/create-content-store.ts';
import { createLongTermMemory } from '../longterm/create-long-term-memory.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import type { OpenedStore } from './open-store.ts';

/**
 * A database shaped like the demo's (`npm run demo`): tenant `demo`, user `ada`, sessions `chat-1` and `chat-2`,
 * two items in the content space `chat`, long-term records; plus a second owner (an agent of tenant `acme`) with
 * a session of the same id and a record, so hints must name both.
 */
async function seedDemoLike(store: OpenedStore): Promise<{ recordId: string }> {
  const ada = { tenant: 'demo', user: 'ada' };
  for (const id of ['chat-1', 'chat-2']) {
    await store.createSession(ada, { id });
    await createConversationMemory({ store, scope: ada, sessionId: id }).store([
      { role: 'user', content: `Hello from ${id}.\nI live in Lisbon.` },
      { role: 'assistant', content: 'Noted.' },
    ]);
  }
  const content = createContentStore({ store, scope: ada, space: 'chat' });
  await content.put({ type: 'web_content', source: 'web', content: 'A large page about trams.' });
  await content.put({ type: 'web_content', source: 'web', content: 'Another page.' });
  const [fact] = await createLongTermMemory({ store, scope: ada }).add('Ada lives in Lisbon.');
  await createLongTermMemory({ store, scope: ada }).add('Ada likes trams.');
  const planner = { tenant: 'acme', agent: 'planner' };
  await store.createSession(planner, { id: 'chat-1' });
  await store.close();
  return { recordId: fact!.id };
}

const drivers = cliDatabases('ls');

describe.each(drivers)('engram ls and not-found hints on $name (real binary)', (driver) => {
  let flags: string[] = [];
  let recordId = '';
  beforeAll(async () => {
    const opened = await driver.open();
    flags = opened.flags;
    ({ recordId } = await seedDemoLike(opened.store));
  });
  const engram = (...args: string[]) => runEngramAsync(...flags, ...args);

  it('ls shows every owner: the demo user ada with chat-1, chat-2, the space chat and its records', async () => {
    const table = await engram('ls');
    expect(table.code, table.err).toBe(0);
    const lines = table.out.split('\n');
    expect(lines[0]).toMatch(/^tenant\s+user\s+agent\s+sessions\s+content \(space: items\)\s+records$/);
    expect(lines.find((l) => l.startsWith('demo '))).toMatch(
      /^demo\s+ada\s+-\s+2: chat-2, chat-1\s+chat: 2\s+2$/,
    );
    expect(lines.find((l) => l.startsWith('acme '))).toMatch(/^acme\s+-\s+planner\s+1: chat-1\s+0$/);
    expect(table.out).toContain('e.g. engram --tenant acme --agent planner sessions list');
    const json = JSON.parse((await engram('--json', 'scopes')).out);
    expect(json).toEqual([
      {
        scope: { tenant: 'acme', agent: 'planner' },
        sessions: { count: 1, newest: ['chat-1'] },
        content: [],
        records: 0,
      },
      {
        scope: { tenant: 'demo', user: 'ada' },
        sessions: { count: 2, newest: ['chat-2', 'chat-1'] },
        content: [{ space: 'chat', items: 2, bytes: expect.any(Number) }],
        records: 2,
      },
    ]);
  });

  it('a session not found names the owners that have it, with the flags to give', async () => {
    const r = await engram('sessions', 'show', 'chat-1');
    expect(r.code).toBe(3);
    expect(r.err).toBe(
      'engram: session "chat-1" not found for tenant default; it exists for tenant acme / agent planner, tenant demo / user ada — give --tenant acme --agent planner\n',
    );
    const only = await engram('--tenant', 'demo', 'context', 'chat-2');
    expect(only.err).toMatch(
      /not found for tenant demo; it exists for tenant demo \/ user ada — give --tenant demo --user ada\n$/,
    );
    const nowhere = await engram('export', 'nope');
    expect(nowhere.code).toBe(3);
    expect(nowhere.err).toMatch(
      /"nope" not found for tenant default; it exists for no tenant, user or agent/,
    );
    const found = await engram('--tenant', 'demo', '--user', 'ada', 'sessions', 'show', 'chat-1');
    expect(found.code, found.err).toBe(0);
    expect(found.out).toContain('Hello from chat-1.⏎I live in Lisbon.');
  });

  it('a record not found names its owner; an empty listing says where the sessions are', async () => {
    const r = await engram('memory', 'get', recordId);
    expect(r.code).toBe(3);
    expect(r.err).toContain('it exists for tenant demo / user ada — give --tenant demo --user ada');
    const list = await engram('sessions', 'list');
    expect(list.code).toBe(0);
    expect(list.out).toBe('(none)\n');
    expect(list.err).toMatch(
      /^no sessions for tenant default; sessions exist for tenant acme \/ agent planner \(1\), tenant demo \/ user ada \(2\)/,
    );
    const tenantWide = await engram('--tenant', 'demo', 'sessions', 'list');
    expect(tenantWide.out).toMatch(
      /^id\s+owner\s+messages\s+tokens\s+updatedAt\n[- ]+\nchat-2\s+user ada\s+2\s/,
    );
    const stats = await engram('--json', '--tenant', 'demo', '--user', 'ada', 'stats');
    expect(JSON.parse(stats.out).content).toMatchObject({ items: 2, bySpace: { chat: 2 } });
  });
});
