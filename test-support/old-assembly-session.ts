import type { ConversationMemory } from '../src/memory/conversation-memory.ts';
import { assemblyTextKind } from '../src/views/assembly/assembly-texts.ts';

/** A shared text as an earlier version stored it: once a session (`asmtxt_<hex>`), not by generation. */
export interface OldSharedText {
  id: string;
  text: string;
}

/**
 * Makes `memory`'s session look recorded by an earlier version: two texts stored once a session, named in turn by
 * five assembly records at log positions 1 to 5 (the log itself is the caller's). Returns the two texts.
 */
export async function putOldAssemblySession(memory: ConversationMemory): Promise<OldSharedText[]> {
  const oldTexts = [0, 1].map((k) => ({
    id: `asmtxt_${String(k).repeat(40)}`,
    text: `${'old tool '.repeat(80)}${k}`,
  }));
  for (const t of oldTexts)
    await memory.putArtifact({
      id: t.id,
      kind: assemblyTextKind,
      fromSeq: 1,
      toSeq: 1,
      data: { text: t.text },
    });
  for (let i = 0; i < 5; i++)
    await memory.putArtifact({
      id: `asm_${String(i + 1).padStart(12, '0')}_old`,
      kind: 'engram.assembly',
      fromSeq: i + 1,
      toSeq: i + 1,
      data: {
        view: 'old',
        tokens: 1,
        counter: { encoding: 'o200k_base', exact: true },
        dropped: [],
        items: [{ source: 'tools', tokens: 1, why: 'tools', sentRef: oldTexts[i % 2]!.id }],
      },
    });
  return oldTexts;
}
