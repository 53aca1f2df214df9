import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';
import { blockOf } from '../views/observational/observation-block.ts';
import { createSummarizingMemory } from '../views/summarizing-memory.ts';
import { createSessions } from './sessions.ts';

/** A session `a` holding m1…m<n>, one message each. */
async function sessionOf(n: number) {
  const store = createMemoryStore();
  const sessions = createSessions({ store });
  const a = await sessions.create({ id: 'a' });
  await a.store(
    Array.from(
      { length: n },
      (_, i) => ({ id: `m${i + 1}`, role: 'user', content: `m${i + 1}` }) as ModelMessage,
    ),
  );
  return { sessions, a };
}

const textsOf = (messages: readonly { content: unknown }[]) =>
  messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)));

/** What the summarizing view sends of a conversation (it never summarizes: the log fits). */
const summarized = (conversation: ConversationMemory) =>
  createSummarizingMemory({
    conversation,
    maxTokens: 100_000,
    keepRecent: 2,
    summarizer: async () => 'never',
  }).read();

describe('sessions.copy: an artifact whose messages were all deleted covers nothing in the copy', () => {
  it('its range is empty (fromSeq = toSeq + 1), after the messages copied before it', async () => {
    const { sessions, a } = await sessionOf(5);
    await a.putArtifact({ id: 'gone', kind: 'k', fromSeq: 3, toSeq: 4, data: null });
    await a.delete('m3');
    await a.delete('m4');
    const b = await sessions.copy('a', { id: 'b' });
    const [gone] = await b.listArtifacts('k');
    expect([gone?.fromSeq, gone?.toSeq]).toEqual([3, 2]);
    expect((await b.entries()).filter((e) => e.seq >= 3 && e.seq <= 2)).toEqual([]);
  });

  it('a summary of deleted messages only does not stand for the message copied before them', async () => {
    const { sessions, a } = await sessionOf(5);
    await a.putArtifact({
      id: 'summary_4',
      kind: 'summary',
      fromSeq: 3,
      toSeq: 4,
      data: { text: 'SUMMARY of m3 and m4', messages: 2 },
    });
    await a.delete('m3');
    await a.delete('m4');
    const b = await sessions.copy('a', { id: 'b' });
    // The source's view drops the summary (its messages are gone); the copy's must send m1, m2, m5 as well.
    expect(textsOf(await summarized(b))).toEqual(['m1', 'm2', 'm5']);
    expect(textsOf(await summarized(a))).toEqual(['m1', 'm2', 'm5']);
  });

  it("an observation of deleted messages only stays in the copy's observations block after the reflection", async () => {
    const { sessions, a } = await sessionOf(6);
    const put = (id: string, kind: string, fromSeq: number, toSeq: number, text: string) =>
      a.putArtifact({ id, kind, fromSeq, toSeq, data: { text } });
    await put('observation:1', 'observation', 1, 2, 'O1');
    await put('reflection:2', 'reflection', 1, 2, 'R');
    await put('observation:3', 'observation', 3, 4, 'O2');
    await a.delete('m3');
    await a.delete('m4');
    const block = async (m: ConversationMemory) =>
      blockOf(await m.listArtifacts('observation'), await m.listArtifacts('reflection')).text;
    expect(await block(a)).toBe('R\nO2');
    const b = await sessions.copy('a', { id: 'b' });
    expect(await block(b)).toBe('R\nO2');
  });
});
