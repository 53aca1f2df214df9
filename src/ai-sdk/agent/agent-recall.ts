import type { AssistantContent, ModelMessage, UserContent } from 'ai';
import type { MemoryMessage } from '../../core/message.ts';
import type { LongTermMemory } from '../../longterm/long-term-memory.ts';
import { recallCandidates } from '../../longterm/long-term-retrieval.ts';
import { defaultRecallTokens, packRecall } from '../../longterm/pack-recall.ts';
import { type OfferedRecord, offerRecordOnAppend } from '../../longterm/riding-long-term-records.ts';
import { formatForModel } from '../../messages/multi-agent-format.ts';
import { toModelMessages } from '../../messages/to-model-message.ts';
import { dropUncalledResults } from '../../messages/uncalled-results.ts';
import type { TokenCounter } from '../../tokens/token-counter.ts';
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

/** The largest default recall budget, for a view with a large token budget. */
const maxDefaultRecallTokens = 4000;

/**
 * The recall budget of a run: the configured `recallTokens`, else a tenth of `viewBudget` (the view's token budget,
 * else the model's known window) up to 4,000, else `defaultRecallTokens` (2,000).
 */
export function recallTokensFor(configured: number | undefined, viewBudget: number | undefined): number {
  if (configured !== undefined) return configured;
  if (viewBudget === undefined || !Number.isFinite(viewBudget)) return defaultRecallTokens;
  return Math.max(1, Math.min(maxDefaultRecallTokens, Math.floor(viewBudget / 10)));
}

/** What a run's recall is sized and counted with. */
export interface RecallBudget {
  /** The block's budget in tokens. */
  maxTokens: number;
  /** The run's counter. */
  counter: TokenCounter;
  /** The conversation's time (the prompt's), for relative dates in the prompt. */
  now?: Date;
  /** The run's signal: aborting it stops the search (its query's embedding call). */
  signal?: AbortSignal;
}

/**
 * Long-term recall for a run (seed 002, `static` and `both` modes), before its first step: the records matching
 * the prompt, packed best first into the budget (`packRecall`, counted with the run's counter) as a quoted
 * `<long_term_memory>` block; '' when nothing is found or the prompt has no text. Records of messages the model
 * already sees are left out: those in the view's read, or — when the view returns messages without ids (a seed
 * 000 class) — in its conversation. Relative dates in the prompt resolve against its time.
 */
export async function recallFor(
  memory: LongTermMemory,
  prompt: string | UserContent,
  view: ContextView<ModelMessage>,
  read: readonly ModelMessage[],
  budget: RecallBudget,
): Promise<string> {
  const query = textOf(prompt);
  if (query.trim() === '') return '';
  const { conversation } = view;
  const unidentified = conversation !== undefined && read.some((m) => idOf(m) === undefined);
  const visible = [...read, ...(unidentified ? await conversation.read() : [])];
  const inContext = visible.flatMap((m) => {
    const id = idOf(m);
    return id === undefined ? [] : [id];
  });
  // A neighbouring turn the model already sees is not shown again in a record's context.
  const inContextText = visible.flatMap((m) =>
    m.role === 'user' || m.role === 'assistant' ? textOf(m.content).split('\n') : [],
  );
  const hits = await memory.search(query.slice(0, 4096), {
    limit: recallCandidates(budget.maxTokens),
    ...(budget.now ? { now: budget.now } : {}),
    ...(budget.signal ? { abortSignal: budget.signal } : {}),
  });
  return packRecall(hits, { maxTokens: budget.maxTokens, counter: budget.counter, inContext, inContextText })
    .text;
}

/**
 * Records a finished run in long-term memory (seed 002, `static` and `both` modes): the messages the run stored,
 * tool results included — the memory records user and assistant turns, and marks a turn said after reading tool
 * output as tool-derived.
 */
export async function recordRun(memory: LongTermMemory, stored: readonly MemoryMessage[]): Promise<void> {
  await memory.record(recordedOfRun(stored));
}

/** The messages of a run that long-term memory records: user, assistant and tool messages. */
const recordedOfRun = (stored: readonly MemoryMessage[]) =>
  stored.filter((m) => m.role === 'user' || m.role === 'assistant' || m.role === 'tool');

/**
 * Offers the run's record ({@link recordRun}: what the run stored so far, then the last step's `count` messages)
 * to the last step's append, in the step's ride: on a store that runs it in that append's transaction (the SQL
 * stores, with a long-term memory on the same store) the record commits with the step. Undefined, or `written()`
 * false after the step, when it did not ride: the run records after the loop.
 */
export function recordOnLastStep(
  memory: LongTermMemory,
  view: ContextView<ModelMessage>,
  stored: readonly MemoryMessage[],
  count: number,
): OfferedRecord | undefined {
  const conversation = view.conversation;
  if (!conversation) return undefined;
  const before = [...stored];
  return offerRecordOnAppend(memory, {
    scope: conversation.scope,
    sessionId: conversation.sessionId,
    count,
    messages: (appended) => recordedOfRun([...before, ...appended]),
  });
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
  // What a provider refuses inside a unit the view sends (a result whose call is not before it) goes too.
  const kept = dropUncalledResults(attributed.filter((m) => m.role !== 'system'));
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
