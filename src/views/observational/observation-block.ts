import type { ConversationMemory } from '../../memory/conversation-memory.ts';

/** An artifact of the conversation (an observation or a reflection). */
export type Artifact = Awaited<ReturnType<ConversationMemory['listArtifacts']>>[number];

/** Tokens of a text, about four characters each. */
export const estimate = (text: string) => Math.ceil(text.length / 4);

/** The last observed sequence number of the observations. */
export const observedTo = (arts: readonly Artifact[]) => arts.reduce((m, a) => Math.max(m, a.toSeq), 0);

/**
 * The observations block's text: the newest reflection, then the observations after it, those that start after it
 * ends (an observation's range starts where the one before it ended: the reflection's end is an observation's). By
 * `fromSeq`, so an observation of messages all deleted before a copy or an import, whose range there is the empty
 * one after the messages before it (`fromSeq` = `toSeq` + 1, see `createCopiedSeqs`), is still told from the
 * reflection that ends at that `toSeq`.
 */
export function blockOf(observations: readonly Artifact[], reflections: readonly Artifact[]) {
  const reflection = reflections.at(-1);
  const after = observations.filter((o) => o.fromSeq > (reflection?.toSeq ?? 0));
  const text = [
    ...(reflection ? [String((reflection.data as { text?: string }).text ?? '')] : []),
    ...after.map((o) => String((o.data as { text?: string }).text ?? '')),
  ]
    .filter((t) => t !== '')
    .join('\n');
  return { text, sinceReflection: after };
}
