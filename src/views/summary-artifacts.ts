import type { JSONValue } from 'ai';
import type { ConversationMemory } from '../memory/conversation-memory.ts';

/** A running summary of a conversation prefix, as stored in a `summary` artifact beside the log. */
export interface SummaryRecord {
  /** The artifact id, `summary_<toSeq>`; also the id of the summary message a view shows. */
  id: string;
  /** The summary text. */
  text: string;
  /** First covered sequence number. */
  fromSeq: number;
  /** Last covered sequence number: every non-system message up to it is summarized. */
  toSeq: number;
  /** How many messages it covers in all. */
  messages: number;
  /** When it was written. */
  createdAt: Date;
}

/** The newest summary artifact of the memory's session, or undefined. */
export async function loadSummary(memory: ConversationMemory): Promise<SummaryRecord | undefined> {
  return (await loadSummaryAndTokens(memory))?.summary;
}

/**
 * The newest summary artifact of the memory's session with the token count of its summary message when the
 * artifact stores one made with the conversation counter's encoding (`saveSummary`'s `tokens`), or undefined.
 */
export async function loadSummaryAndTokens(
  memory: ConversationMemory,
): Promise<{ summary: SummaryRecord; tokens: number | undefined } | undefined> {
  const artifacts = await memory.listArtifacts('summary');
  for (let i = artifacts.length - 1; i >= 0; i--) {
    const a = artifacts[i]!;
    const data = a.data as {
      text?: unknown;
      messages?: unknown;
      tokens?: unknown;
      encoding?: unknown;
    } | null;
    if (data && typeof data === 'object' && typeof data.text === 'string') {
      const messages = typeof data.messages === 'number' ? data.messages : 0;
      const tokens =
        data.encoding === memory.counter.encoding &&
        Number.isSafeInteger(data.tokens) &&
        (data.tokens as number) >= 0
          ? (data.tokens as number)
          : undefined;
      return {
        summary: {
          id: a.id,
          text: data.text,
          fromSeq: a.fromSeq,
          toSeq: a.toSeq,
          messages,
          createdAt: a.createdAt,
        },
        tokens,
      };
    }
  }
  return undefined;
}

/**
 * Writes a new summary artifact (earlier ones stay, as the record of each step) and returns it; `tokens`, the count
 * of the message that carries it (with the conversation counter's encoding), is stored with it so a later process
 * does not count it again.
 */
export async function saveSummary(
  memory: ConversationMemory,
  summary: Omit<SummaryRecord, 'id' | 'createdAt'>,
  previousId: string | undefined,
  tokens?: number,
): Promise<SummaryRecord> {
  const data: Record<string, JSONValue> = { text: summary.text, messages: summary.messages };
  if (previousId) data.previous = previousId;
  if (tokens !== undefined) {
    data.tokens = tokens;
    data.encoding = memory.counter.encoding;
  }
  const artifact = await memory.putArtifact({
    id: `summary_${summary.toSeq}`,
    kind: 'summary',
    fromSeq: summary.fromSeq,
    toSeq: summary.toSeq,
    data,
  });
  return { ...summary, id: artifact.id, createdAt: artifact.createdAt };
}
