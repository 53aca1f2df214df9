import { tool } from 'ai';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { FullStore } from '../../../test-support/agent-long-term-rig.ts';
import { rideStores } from '../../../test-support/ride-stores.ts';
import { scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import { createContentStore } from '../../content/create-content-store.ts';
import type { MemoryMessage } from '../../core/message.ts';
import type { Scope } from '../../core/scope.ts';
import { createLongTermMemory } from '../../longterm/create-long-term-memory.ts';
import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import { createAutoContextMemory } from '../../views/auto-context/auto-context-memory.ts';
import { agent } from './agent.ts';

/**
 * Review of the riding long-term record: agents of other scopes and sessions on one store, run at once (and plain
 * appends of yet other sessions through group commit), each ride their record; every scope holds exactly what
 * recording its own runs alone holds (no record in another scope, none lost or doubled).
 */

const stores = rideStores('engram_ltm_ride_conc');
afterAll(() => stores.cleanup());

const counter = createTokenCounter();
const fetchPage = tool({
  description: 'Fetches a page.',
  inputSchema: z.object({ url: z.string() }),
  execute: async ({ url }) => `<html><!-- ${url} -->${'<p>Lisbon dishes.</p>'.repeat(50)}</html>`,
});

/** An agent of `scope` on `store`, session `sessionId`, with a static long-term memory of the same scope. */
function scopedAgent(store: FullStore, scope: Scope, sessionId: string) {
  const conversation = createConversationMemory({ store, scope, sessionId, counter });
  const content = createContentStore({ store, scope, counter });
  const memory = createAutoContextMemory({ conversation, content, maxTokens: 16_000 });
  const longTerm = createLongTermMemory({ store, scope, session: sessionId });
  const recordAfterRun = vi.spyOn(longTerm, 'record');
  const run = async (r: number, tools: number): Promise<MemoryMessage[]> => {
    const assistant = agent({
      name: 'assistant',
      description: 'test',
      model: scriptedLanguageModel([
        ...Array.from({ length: tools }, (_, i) => ({
          toolCalls: [{ toolName: 'fetchPage', input: { url: `https://${sessionId}-${r}.example/${i}` } }],
        })),
        { text: `Done with ${sessionId} run ${r}. I am ${scope.user}'s agent.` },
      ]).model,
      tools: { fetchPage },
      memory,
      contentStore: content,
      longTermMemory: { memory: longTerm, mode: 'static' },
    });
    const before = (await conversation.read()).length;
    await assistant.run(`My name is ${scope.user} and I live in ${sessionId}-town. Run ${r}.`).result;
    return (await conversation.read()).slice(before);
  };
  return { conversation, longTerm, recordAfterRun, run };
}

const view = (records: LongTermStoreV1, scope: Scope) =>
  records
    .listRecords(scope, { limit: 1000 })
    .then(({ records: list }) =>
      list
        .map((r) => ({ id: r.id, kind: r.kind, text: r.text, context: r.context, provenance: r.provenance }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );

/** Three agents (other users, other sessions) run twice each at once, beside plain appends of other sessions. */
async function concurrentRides(store: FullStore, users = ['ana', 'bo', 'cy']) {
  const scopes: Scope[] = users.map((user) => ({ tenant: 't', user }));
  const agents = scopes.map((scope, i) => ({ scope, ...scopedAgent(store, scope, `s${i}`) }));
  const runs: MemoryMessage[][][] = agents.map(() => []);
  const plain = Array.from({ length: 6 }, (_, i) =>
    createConversationMemory({ store, scope: { tenant: 't', user: `p${i}` }, sessionId: `p${i}`, counter }),
  );
  for (let round = 0; round < 2; round++)
    await Promise.all([
      ...agents.map(async (a, i) => runs[i]!.push(await a.run(round, 1 + ((i + round) % 3)))),
      ...plain.map(async (c, i) => {
        for (let k = 0; k < 5; k++) await c.append({ role: 'user', content: `plain ${i} ${round} ${k}` });
      }),
    ]);
  for (const [i, a] of agents.entries()) {
    await a.longTerm.flush();
    expect(a.recordAfterRun).not.toHaveBeenCalled(); // every run rode
    const alone = createLongTermMemory({ scope: a.scope, session: `s${i}` });
    for (const messages of runs[i]!) await alone.record(messages.filter((m) => m.role !== 'system'));
    // One user's sessions share the scope: the session's turns and episodes, and the facts' texts, are compared.
    const ofSession = (list: Awaited<ReturnType<typeof view>>) =>
      list.filter((r) => r.kind !== 'fact' && r.provenance?.session === `s${i}`);
    const facts = (list: Awaited<ReturnType<typeof view>>) =>
      [...new Set(list.filter((r) => r.kind === 'fact').map((r) => r.text))].sort();
    const mine = await view(store.longTermRecords, a.scope);
    const expected = await view(alone.records, a.scope);
    expect(ofSession(mine).length).toBeGreaterThan(4);
    expect(ofSession(mine)).toEqual(ofSession(expected));
    if (new Set(users).size === users.length) expect(mine).toEqual(expected);
    else expect(facts(mine)).toEqual(expect.arrayContaining(facts(expected)));
  }
  // Nothing in the scopes of the plain sessions, nor tenant-wide.
  for (let i = 0; i < plain.length; i++)
    expect(await view(store.longTermRecords, { tenant: 't', user: `p${i}` })).toEqual([]);
}

describe('agent: riding long-term records of concurrent agents on one store', () => {
  it('on SQLite each scope holds what recording its runs alone holds', () =>
    stores.sqlite((store) => concurrentRides(store)));

  it('on PostgreSQL each scope holds what recording its runs alone holds', () =>
    stores.postgres(({ store }) => concurrentRides(store)));

  it('on PostgreSQL, one user in three sessions at once: each session holds what recording its runs alone holds', () =>
    stores.postgres(({ store }) => concurrentRides(store, ['dee', 'dee', 'dee'])));
});
