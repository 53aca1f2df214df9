import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { injectionProbes } from '../../../test-support/injection-strings.ts';
import { scriptedLanguageModel } from '../../../test-support/scripted-language-model.ts';
import {
  createLongTermMemory,
  type EngramLongTermMemory,
  type KeepOutOptions,
} from '../../longterm/create-long-term-memory.ts';
import type { LongTermRecord } from '../../longterm/long-term-record.ts';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { agent } from './agent.ts';

const probes = injectionProbes(110);

/**
 * Per probe, one agent run: the user asks for a page, a tool returns the probe, the model records it with
 * record_to_memory and then repeats it. Returns the sessions of the runs.
 */
async function runProbes(longTerm: EngramLongTermMemory): Promise<string[]> {
  const sessions: string[] = [];
  for (const [i, p] of probes.entries()) {
    const { model } = scriptedLanguageModel([
      { toolCalls: [{ toolName: 'read_page', input: { page: i } }] },
      { toolCalls: [{ toolName: 'record_to_memory', input: { thinking: 'useful', content: [p.text] } }] },
      { text: `The page says: ${p.text}` },
    ]);
    const memory = createConversationMemory();
    sessions.push(memory.sessionId);
    const read_page = tool({
      description: 'Reads a web page',
      inputSchema: z.object({ page: z.number() }),
      execute: async () => p.text,
    });
    await agent({
      name: 'a',
      description: 'd',
      model,
      memory,
      tools: { read_page },
      longTermMemory: { memory: longTerm, mode: 'both' },
    }).run(`Please read page number ${i} for me`).result;
  }
  return sessions;
}

const all = async (m: EngramLongTermMemory): Promise<LongTermRecord[]> => {
  const out: LongTermRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await m.records.listRecords(m.scope, { limit: 1000, ...(cursor ? { cursor } : {}) });
    out.push(...page.records);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
};

const memoryWith = (keepOut?: KeepOutOptions) =>
  createLongTermMemory({ scope: { tenant: 't', user: 'u' }, ...(keepOut ? { keepOut } : {}) });

describe('agent long-term memory: provenance of what the model repeats and records (issue 21 #8)', () => {
  it(`records who each of ${probes.length} injected texts came from: the model after a tool, the model's own recording`, async () => {
    const longTerm = memoryWith();
    const sessions = await runProbes(longTerm);
    const records = await all(longTerm);
    let checked = 0;
    for (const [i, p] of probes.entries()) {
      const mine = records.filter((r) => r.text.includes(p.nonce));
      const repeated = mine.find((r) => r.kind === 'turn');
      expect(repeated?.text.startsWith('assistant: The page says:')).toBe(true);
      expect(repeated?.provenance).toMatchObject({
        origin: 'assistant',
        toolDerived: true,
        tool: 'read_page',
        roles: ['assistant'],
      });
      expect(repeated?.provenance.messageIds).toHaveLength(1);
      const recorded = mine.find((r) => r.kind === 'fact');
      expect(recorded?.provenance).toMatchObject({
        origin: 'agent',
        toolDerived: true,
        tool: 'read_page',
        session: sessions[i],
        toolCallId: 'call_2_0',
      });
      expect(mine.find((r) => r.kind === 'episode')?.provenance).toMatchObject({
        origin: 'conversation',
        toolDerived: true,
      });
      const asked = records.find((r) => r.text === `user: Please read page number ${i} for me`);
      expect(asked?.provenance).toMatchObject({ origin: 'user', toolDerived: false });
      checked++;
    }
    expect(checked).toBe(probes.length);
    // Recall shows the origin of each line.
    const block = await longTerm.retrieve(probes[0]?.nonce as string);
    expect(block).toContain('[model said, includes tool output] ');
    expect(block).toContain('[model recorded, includes tool output] ');
  });

  it("with keepOut.toolDerived 'recall', none of the tool-derived text reaches a recall block, the agent's included", async () => {
    const longTerm = memoryWith({ toolDerived: 'recall' });
    await runProbes(longTerm);
    const records = await all(longTerm);
    // Stored (marked), but never recalled.
    for (const p of probes)
      expect(records.some((r) => r.text.includes(p.nonce) && r.provenance.toolDerived)).toBe(true);
    for (const p of probes) {
      expect(await longTerm.retrieve(`${p.nonce} page says`)).not.toContain(p.nonce);
      expect(await longTerm.search(p.nonce)).toEqual([]); // not even found by a neighbour's text in a context
    }
    // The agent's static recall: a prompt naming every nonce recalls the user's turns, and no probe.
    const { model, prompts } = scriptedLanguageModel([{ text: 'ok' }]);
    await agent({ name: 'a', description: 'd', model, longTermMemory: { memory: longTerm } }).run(
      `read page number 7 ${probes.map((p) => p.nonce).join(' ')}`.slice(0, 4000),
    ).result;
    const sent = JSON.stringify(prompts[0]);
    expect(sent).toContain('user said');
    for (const p of probes) expect(sent.split(p.nonce).length - 1).toBeLessThanOrEqual(1); // the prompt itself only
  });

  it("with keepOut.toolDerived 'memory', no tool-derived text is stored at all", async () => {
    const longTerm = memoryWith({ toolDerived: 'memory' });
    await runProbes(longTerm);
    const records = await all(longTerm);
    expect(records.length).toBeGreaterThanOrEqual(probes.length); // the user's turns and their episodes
    for (const p of probes) expect(records.some((r) => r.text.includes(p.nonce))).toBe(false);
    expect(records.every((r) => !r.provenance.toolDerived)).toBe(true);
  });
});
