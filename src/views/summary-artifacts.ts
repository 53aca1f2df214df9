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
  const artifacts = await memory.listArtifacts('summary');
  for (let i = artifacts.length - 1; i >= 0; i--) {
    const a = artifacts[i]!;
    const data = a.data as { text?: unknown; messages?: unknown } | null;
    if (data && typeof data === 'object' && typeof data.text === 'string') {
      const messages = typeof data.messages === 'number' ? data.messages : 0;
      return {
        id: a.id,
        text: data.text,
        fromSeq: a.fromSeq,
        toSeq: a.toSeq,
        messages,
        createdAt: a.createdAt,
      };
    }
  }
  return undefined;
}

/** Writes a new summary artifact (earlier ones stay, as the record of each step) and returns it. */
export async function saveSummary(
  memory: ConversationMemory,
  summary: Omit<SummaryRecord, 'id' | 'createdAt'>,
  previousId: string | undefined,
): Promise<SummaryRecord> {
  const data: Record<string, JSONValue> = { text: summary.text, messages: summary.messages };
  if (previousId) data.previous = previousId;
  const artifact = await memory.putArtifact({
    id: `summary_${summary.toSeq}`,
    kind: 'summary',
    fromSeq: summary.fromSeq,
    toSeq: summary.toSeq,
    data,
  });
  return { ...summary, id: artifact.id, createdAt: artifact.createdAt };
}
