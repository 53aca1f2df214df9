import { tool } from 'ai';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { FullStore } from '../../../test-support/agent-long-term-rig.ts';
import { rideStores } from '../../../test-support/ride-stores.ts';
import { scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import type { Scope } from '../../core/scope.ts';
import { createLongTermMemory } from '../../longterm/create-long-term-memory.ts';
import type { LongTermStoreV1 } from '../../longterm/long-term-store-v1.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { createTokenCounter } from '../../tokens/create-token-counter.ts';
import { agent } from './agent.ts';
import { subAgentTool } from './sub-agent-tool.ts';

/**
 * Review of the riding long-term record with a sub-agent: its whole run (and its last step's append, carrying its
 * record) is inside a tool call of its caller's step, on the same store, with a long-term memory of another scope.
 * Each scope holds exactly what recording that agent's run alone holds: the sub-agent's record never lands in the
 * caller's scope or transaction, nor the caller's in the sub-agent's.
 */

const stores = rideStores('engram_ltm_ride_sub');
afterAll(() => stores.cleanup());

const counter = createTokenCounter();
const lookUp = tool({
  description: 'Looks a thing up.',
  inputSchema: z.object({ q: z.string() }),
  execute: async ({ q }) => `Found: ${q} is in Porto.`,
});

const listed = (records: LongTermStoreV1, scope: Scope) =>
  records
    .listRecords(scope, { limit: 1000 })
    .then(({ records: list }) =>
      list
        .map((r) => ({ id: r.id, kind: r.kind, text: r.text, context: r.context, provenance: r.provenance }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );

async function subAgentRides(store: FullStore) {
  const leadScope = { tenant: 't', user: 'lead' };
  const subScope = { tenant: 't', user: 'researcher' };
  const leadConversation = createConversationMemory({ store, scope: leadScope, sessionId: 'lead', counter });
  const subConversation = createConversationMemory({
    store,
    scope: subScope,
    sessionId: 'research',
    counter,
  });
  const leadMemory = createLongTermMemory({ store, scope: leadScope, session: 'lead' });
  const subMemory = createLongTermMemory({ store, scope: subScope, session: 'research' });
  const leadAlone = vi.spyOn(leadMemory, 'record');
  const subAlone = vi.spyOn(subMemory, 'record');
  const researcher = agent({
    name: 'researcher',
    description: 'Finds things',
    model: scriptedLanguageModel([
      { toolCalls: [{ toolName: 'lookUp', input: { q: 'the bakery' } }] },
      { text: 'The bakery is in Porto, near the river.' },
    ]).model,
    tools: { lookUp },
    memory: subConversation,
    longTermMemory: { memory: subMemory, mode: 'static' },
  });
  const lead = agent({
    name: 'lead',
    description: 'Plans',
    model: scriptedLanguageModel([
      { toolCalls: [{ toolName: 'researcher', input: { task: 'Where is the bakery?' } }] },
      { text: 'Your bakery is in Porto. I live to help.' },
    ]).model,
    tools: { researcher: subAgentTool(researcher, { caller: 'lead', memory: subConversation }) },
    memory: leadConversation,
    longTermMemory: { memory: leadMemory, mode: 'static' },
  });
  await lead.run('My name is Ana. Where is my bakery?').result;
  expect(leadAlone).not.toHaveBeenCalled(); // both records rode
  expect(subAlone).not.toHaveBeenCalled();
  for (const [scope, session, conversation] of [
    [leadScope, 'lead', leadConversation],
    [subScope, 'research', subConversation],
  ] as const) {
    const alone = createLongTermMemory({ scope, session });
    await alone.record((await conversation.read()).filter((m) => m.role !== 'system'));
    const mine = await listed(store.longTermRecords, scope);
    expect(mine.length).toBeGreaterThan(2);
    expect(mine).toEqual(await listed(alone.records, scope));
  }
}

describe('agent: a sub-agent’s riding long-term record inside its caller’s tool call', () => {
  it('on SQLite each agent’s scope holds what recording its run alone holds', () =>
    stores.sqlite((store) => subAgentRides(store)));

  it('on PostgreSQL each agent’s scope holds what recording its run alone holds', () =>
    stores.postgres(({ store }) => subAgentRides(store)));
});
