import type { JSONValue } from 'ai';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createOutputCountArtifacts, outputCountKind } from './output-count-artifacts.ts';

/** A session whose first generation of o200k_base counts holds `counts` as stored. */
async function withCounts(counts: Record<string, JSONValue>) {
  const conversation = createConversationMemory({ store: createMemoryStore(), sessionId: 's' });
  await conversation.append({ role: 'user', content: 'hi' });
  await conversation.putArtifact({
    id: 'outcnt_o200k_base_g0',
    kind: outputCountKind,
    fromSeq: 0,
    toSeq: 1023,
    data: { counts },
  });
  return conversation;
}

describe('createOutputCountArtifacts: output counts kept in the session, by generation and encoding', () => {
  it('saves by 1,024 positions, loads what a range covers, another instance reads them, other encodings apart', async () => {
    const conversation = createConversationMemory({ store: createMemoryStore(), sessionId: 's' });
    await conversation.append({ role: 'user', content: 'hi' });
    const saved = createOutputCountArtifacts(conversation, 'o200k_base');
    await saved.save([
      { id: 'a', seq: 5, at: 1000, size: 100, tokens: 20 },
      { id: 'b', seq: 1500, at: 2000, size: 200, tokens: 40 },
    ]);
    await saved.save([{ id: 'c', seq: 7, at: 3000, size: 300, tokens: 60 }]);
    const listed = await conversation.listArtifacts(outputCountKind);
    expect(listed.map((a) => [a.id, a.fromSeq, a.toSeq])).toEqual([
      ['outcnt_o200k_base_g0', 0, 1023],
      ['outcnt_o200k_base_g1', 1024, 2047],
    ]);
    const other = createOutputCountArtifacts(conversation, 'o200k_base');
    expect([...(await other.load(1, 10))]).toEqual([
      ['a', { size: 100, tokens: 20, seq: 5, at: 1000 }],
      ['c', { size: 300, tokens: 60, seq: 7, at: 3000 }],
    ]);
    expect([...(await other.load(0, 2000)).keys()].sort()).toEqual(['a', 'b', 'c']);
    expect((await createOutputCountArtifacts(conversation, 'cl100k_base').load(0, 2000)).size).toBe(0);
    // An encoding whose name extends another's keeps its own counts.
    await createOutputCountArtifacts(conversation, 'o200k_base_g1').save([
      { id: 'z', seq: 1, at: 1, size: 1, tokens: 1 },
    ]);
    expect(
      [...(await createOutputCountArtifacts(conversation, 'o200k_base').load(0, 2000)).keys()].sort(),
    ).toEqual(['a', 'b', 'c']);
  });

  it('leaves out malformed counts', async () => {
    const conversation = await withCounts({
      ok: [10, 2, 3, 1700000000000],
      early: [10, 2, 3, -5],
      neg: [-1, 2, 3, 1],
      negSeq: [1, 2, -3, 1],
      short: [1],
      text: ['1', 2, 3, 1],
      frac: [1.5, 2, 3, 1],
    });
    await conversation.putArtifact({
      id: 'outcnt_o200k_base_g1',
      kind: outputCountKind,
      fromSeq: 1024,
      toSeq: 2047,
      data: [],
    });
    const loaded = await createOutputCountArtifacts(conversation, 'o200k_base').load(0, 2047);
    expect([...loaded]).toEqual([
      ['ok', { size: 10, tokens: 2, seq: 3, at: 1700000000000 }],
      ['early', { size: 10, tokens: 2, seq: 3, at: -5 }],
    ]);
  });

  it('leaves out a count an older engram saved without its entry ([size, tokens]): unknown, never taken as right', async () => {
    const conversation = await withCounts({ old: [10, 2], new: [10, 2, 3, 4] });
    const saved = createOutputCountArtifacts(conversation, 'o200k_base');
    expect([...(await saved.load(0, 10)).keys()]).toEqual(['new']);
    // Counted again and saved: the artifact holds it in the new form.
    await saved.save([{ id: 'old', seq: 2, at: 5, size: 10, tokens: 3 }]);
    const [artifact] = await conversation.listArtifacts(outputCountKind);
    expect(artifact!.data).toEqual({ counts: { new: [10, 2, 3, 4], old: [10, 3, 2, 5] } });
  });
});
