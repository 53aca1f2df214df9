import { beforeAll, describe, expect, it } from 'vitest';
import { cliDatabases } from '../../test-support/cli-databases.ts';
import { runEngram } from '../../test-support/run-engram.ts';
import { createContentStore } from '../content/create-content-store.ts';
import { createLongTermMemory } from '../longterm/create-long-term-memory.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import type { OpenedStore } from './open-store.ts';

const scope = { tenant: 'acme', user: 'ada' };
const t = (s: number) => new Date(Date.UTC(2025, 0, 1, 9, 0, s));

/** A scope with two sessions (tool calls, artifacts), two content items and two records (one updated). */
async function seed(store: OpenedStore) {
  const trip = createConversationMemory({ store, scope, sessionId: 'trip' });
  const call = (id: string) => ({
    type: 'tool-call' as const,
    toolCallId: id,
    toolName: 'fare',
    input: { id },
  });
  const result = (id: string) => ({
    type: 'tool-result' as const,
    toolCallId: id,
    toolName: 'fare',
    output: { type: 'json' as const, value: 120 },
  });
  await trip.store([
    { id: 'm1', createdAt: t(1), role: 'user', content: 'Fares to Lisbon and Porto?' },
    { id: 'm2', createdAt: t(2), role: 'assistant', content: [call('a'), call('b')] },
    { id: 'm3', createdAt: t(3), role: 'tool', content: [result('a'), result('b')] },
    { id: 'm4', createdAt: t(4), role: 'assistant', content: 'Both are 120 EUR.' },
  ] as never);
  for (const [id, kind] of [
    ['s1', 'summary'],
    ['o1', 'offload'],
    ['o2', 'offload'],
  ] as const)
    await store.putArtifact(scope, 'trip', { id, kind, fromSeq: 1, toSeq: 2, data: { note: id } });
  const other = createConversationMemory({ store, scope, sessionId: 'other' });
  await other.store([
    { role: 'user', content: 'hello' },
    { role: 'assistant', content: 'hi' },
  ]);
  const content = createContentStore({ store, scope });
  const items = [
    await content.put({ type: 'web_content', source: 'web', content: 'Pricing: Lisbon fares from 120 EUR.' }),
    await content.put({ type: 'action_result', source: 'fare', content: { fares: [120, 135] } }),
  ];
  const longTerm = createLongTermMemory({ store, scope, recording: 'none' });
  const [fact] = await longTerm.add(['Ada flies to Lisbon in May.', 'Ada prefers aisle seats.']);
  await longTerm.update(fact!.id, 'Ada flies to Lisbon in June.');
  // Another user of the tenant: outside the scope.
  await createConversationMemory({ store, scope: { tenant: 'acme', user: 'bob' }, sessionId: 'x' }).store({
    role: 'user',
    content: 'Lisbon pricing',
  });
  const tokens = (await store.stats(scope, 'trip')).tokens + (await store.stats(scope, 'other')).tokens;
  await store.close();
  return { tokens, items };
}

const drivers = cliDatabases('stats');

describe.each(drivers)('engram stats and search on $name (real binary)', (driver) => {
  let at: string[] = [];
  let seeded: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    const { store, flags } = await driver.open();
    seeded = await seed(store);
    at = [...flags, '--tenant', 'acme', '--user', 'ada'];
  });
  const engram = (...args: string[]) => runEngram(...at, ...args);

  it('stats of the scope: sessions, messages, tokens, content items and bytes, records', () => {
    const r = engram('--json', 'stats');
    expect(r.code, r.err).toBe(0);
    const [web, json] = seeded.items;
    expect(JSON.parse(r.out)).toEqual({
      sessions: 2,
      messages: 6,
      tokens: seeded.tokens,
      content: {
        items: 2,
        bytes: web!.size + json!.size,
        tokens: web!.tokens + json!.tokens,
        bySpace: { default: 2 },
      },
      records: { current: 2, versions: 3 },
    });
    expect(web!.size).toBe(Buffer.byteLength('Pricing: Lisbon fares from 120 EUR.'));
    const table = engram('stats');
    expect(table.out).toMatch(/^stat\s+value\n-+\s+-+\nsessions\s+2\nmessages\s+6\n/);
    expect(table.out).toMatch(/\nrecords\.versions\s+3\n$/);
  });

  it('stats of a session: messages by role, tool calls, artifacts by kind, first and last time', () => {
    const r = engram('--json', 'stats', 'trip');
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      session: 'trip',
      messages: 4,
      tokens: expect.any(Number),
      byRole: { system: 0, user: 1, assistant: 2, tool: 1 },
      toolCalls: 2,
      toolResults: 2,
      artifacts: { summary: 1, offload: 2 },
      firstMessageAt: t(1).toISOString(),
      lastMessageAt: t(4).toISOString(),
    });
    expect(engram('stats', 'trip').out).toContain('artifacts.offload  2');
    expect(engram('stats', 'nope').code).toBe(3);
  });

  it('search labels each hit with its kind; --in chooses; the scope stays strict', () => {
    const all = JSON.parse(engram('--json', 'search', 'Lisbon').out) as { kind: string; score: unknown }[];
    expect(new Set(all.map((h) => h.kind))).toEqual(new Set(['message', 'content', 'record']));
    const content = JSON.parse(engram('--json', 'search', 'pricing', '--in', 'content').out);
    expect(content).toEqual([
      {
        kind: 'content',
        space: 'default',
        id: seeded.items[0]!.id,
        type: 'web_content',
        source: 'web',
        size: seeded.items[0]!.size,
        score: null,
        text: 'Pricing: Lisbon fares from 120 EUR.',
      },
    ]);
    const records = JSON.parse(engram('--json', 'search', 'Lisbon', '--in', 'records,messages').out);
    expect(records.some((h: { kind: string }) => h.kind === 'content')).toBe(false);
    expect(records.find((h: { kind: string }) => h.kind === 'record')).toMatchObject({
      text: 'Ada flies to Lisbon in June.',
      score: expect.any(Number),
    });
    // Bob's message is in the tenant, not in Ada's scope.
    const messages = JSON.parse(engram('--json', 'search', 'pricing', '--in', 'messages').out);
    expect(messages).toEqual([]);
    expect(engram('search', 'x', '--in', 'files').code).toBe(2);
    expect(engram('search', 'pricing', '--in', 'content').out).toMatch(
      /^kind\s+at\s+score\s+text\n[- ]+\ncontent\s+cnt_/,
    );
  });
});
