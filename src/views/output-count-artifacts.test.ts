import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { createConversationMemory } from '../memory/conversation-memory.ts';
import { createOutputCountArtifacts, outputCountKind } from './output-count-artifacts.ts';

describe('createOutputCountArtifacts: output counts kept in the session, by generation and encoding', () => {
  it('saves by 1,024 positions, loads what a range covers, another instance reads them, other encodings apart', async () => {
    const conversation = createConversationMemory({ store: createMemoryStore(), sessionId: 's' });
    await conversation.append({ role: 'user', content: 'hi' });
    const saved = createOutputCountArtifacts(conversation, 'o200k_base');
    await saved.save([
      { id: 'a', seq: 5, size: 100, tokens: 20 },
      { id: 'b', seq: 1500, size: 200, tokens: 40 },
    ]);
    await saved.save([{ id: 'c', seq: 7, size: 300, tokens: 60 }]);
    const listed = await conversation.listArtifacts(outputCountKind);
    expect(listed.map((a) => [a.id, a.fromSeq, a.toSeq])).toEqual([
      ['outcnt_o200k_base_g0', 0, 1023],
      ['outcnt_o200k_base_g1', 1024, 2047],
    ]);
    const other = createOutputCountArtifacts(conversation, 'o200k_base');
    expect([...(await other.load(1, 10))]).toEqual([
      ['a', { size: 100, tokens: 20 }],
      ['c', { size: 300, tokens: 60 }],
    ]);
    expect([...(await other.load(0, 2000)).keys()].sort()).toEqual(['a', 'b', 'c']);
    expect((await createOutputCountArtifacts(conversation, 'cl100k_base').load(0, 2000)).size).toBe(0);
    // An encoding whose name extends another's keeps its own counts.
    await createOutputCountArtifacts(conversation, 'o200k_base_g1').save([
      { id: 'z', seq: 1, size: 1, tokens: 1 },
    ]);
    expect(
      [...(await createOutputCountArtifacts(conversation, 'o200k_base').load(0, 2000)).keys()].sort(),
    ).toEqual(['a', 'b', 'c']);
  });

  it('leaves out malformed counts', async () => {
    const conversation = createConversationMemory({ store: createMemoryStore(), sessionId: 's' });
    await conversation.append({ role: 'user', content: 'hi' });
    await conversation.putArtifact({
      id: 'outcnt_o200k_base_g0',
      kind: outputCountKind,
      fromSeq: 0,
      toSeq: 1023,
      data: { counts: { ok: [10, 2], neg: [-1, 2], short: [1], text: ['1', 2], frac: [1.5, 2] } },
    });
    await conversation.putArtifact({
      id: 'outcnt_o200k_base_g1',
      kind: outputCountKind,
      fromSeq: 1024,
      toSeq: 2047,
      data: [],
    });
    const loaded = await createOutputCountArtifacts(conversation, 'o200k_base').load(0, 2047);
    expect([...loaded]).toEqual([['ok', { size: 10, tokens: 2 }]]);
  });
});
