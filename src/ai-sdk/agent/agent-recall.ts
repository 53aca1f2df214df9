import type { AssistantContent, ModelMessage, UserContent } from 'ai';
import type { MemoryMessage } from '../../core/message.ts';
import { formatRecall } from '../../longterm/format-recall.ts';
import type { LongTermMemory } from '../../longterm/long-term-memory.ts';
import { formatForModel } from '../../messages/multi-agent-format.ts';
import { toModelMessages } from '../../messages/to-model-message.ts';
import type { ContextView } from '../../views/context-view.ts';

/** The id engram gave a message, when it carries one (a seed 000 class's `read()` returns plain messages). */
export const idOf = (m: ModelMessage | undefined) => (m as Partial<MemoryMessage> | undefined)?.id;

/** The text parts of content, joined. */
export const textOf = (content: AssistantContent | UserContent | undefined): string =>
  content === undefined
    ? ''
    : typeof content === 'string'
      ? content
      : content.map((p) => (p.type === 'text' ? p.text : '')).join('');

/**
 * Long-term recall for a run (seed 002, `static` and `both` modes), before its first step: the records matching
 * the prompt, formatted as a quoted `<long_term_memory>` block; '' when nothing is found or the prompt has no
 * text. Records of messages the model already sees are left out: those in the view's read, or — when the view
 * returns messages without ids (a seed 000 class) — in its conversation.
 */
export async function recallFor(
  memory: LongTermMemory,
  prompt: string | UserContent,
  view: ContextView<ModelMessage>,
  read: readonly ModelMessage[],
): Promise<string> {
  const query = textOf(prompt);
  if (query.trim() === '') return '';
  const { conversation } = view;
  const unidentified = conversation !== undefined && read.some((m) => idOf(m) === undefined);
  const seen = new Set([...read, ...(unidentified ? await conversation.read() : [])].map(idOf));
  const hits = await memory.search(query.slice(0, 4096));
  return formatRecall(
    hits.filter(
      (h) =>
        !(
          h.record.provenance.messageIds.length > 0 &&
          h.record.provenance.messageIds.every((id) => seen.has(id))
        ),
    ),
  );
}

/**
 * Records a finished run in long-term memory (seed 002, `static` and `both` modes): the messages the run stored,
 * tool results included — the memory records user and assistant turns, and marks a turn said after reading tool
 * output as tool-derived.
 */
export async function recordRun(memory: LongTermMemory, stored: readonly MemoryMessage[]): Promise<void> {
  await memory.record(stored.filter((m) => m.role === 'user' || m.role === 'assistant' || m.role === 'tool'));
}

/**
 * The messages sent to the model: the view's, without system messages, other agents' messages attributed
 * (`formatForModel`), and the recalled block right before the run's prompt (found by its id; when the view no
 * longer shows it, or does not give ids, before the latest user message). `ids` are the messages' ids (undefined
 * for the recall block).
 */
export function promptMessages(
  read: readonly ModelMessage[],
  recall: string,
  self: string,
  promptId: string | undefined,
): { messages: ModelMessage[]; ids: (string | undefined)[] } {
  const attributed = read.some((m) => (m as Partial<MemoryMessage>).agent !== undefined)
    ? formatForModel(read as MemoryMessage[], { self })
    : (read as MemoryMessage[]);
  const kept = attributed.filter((m) => m.role !== 'system');
  const messages = toModelMessages(kept);
  const ids = kept.map((m) => m.id as string | undefined);
  if (recall === '') return { messages, ids };
  let at = promptId === undefined ? -1 : kept.findIndex((m) => m.id === promptId);
  if (at < 0) {
    at = messages.length;
    while (at > 0 && messages[at - 1]?.role !== 'user') at--;
    at = Math.max(0, at - 1);
  }
  return {
    messages: [...messages.slice(0, at), { role: 'user', content: recall }, ...messages.slice(at)],
    ids: [...ids.slice(0, at), undefined, ...ids.slice(at)],
  };
}
