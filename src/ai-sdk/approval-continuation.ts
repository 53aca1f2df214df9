import type { ModelMessage, ToolModelMessage } from 'ai';
import type { ContextView } from '../views/context-view.ts';

/** Assistant entries read at a time, newest first, looking for approval requests (they end the log as a rule). */
const page = 32;

/**
 * The part of a call's input to store. A call answering tool approvals ends with a tool message of
 * `tool-approval-response` parts and must carry, before it, the requests it answers: the AI SDK looks for them in
 * the call's own messages before the first step. When the view's log holds every request the answers name, the
 * messages before the answers are that log's history (however the caller built them: the view's output, with ids
 * or without, changed by the view or not, or messages the caller kept), and only the answers are new. The answers
 * may share their message with the results of the step that asked (the AI SDK's `convertToModelMessages` puts a
 * step's tool results and its approval answers in one tool message): a result the log already holds after the
 * requests is history too, so only the rest of that message is new (without the id of the stored message it was
 * merged into). Any other input is new as a whole, as is a continuation whose requests the log does not hold (a
 * conversation started elsewhere).
 */
export async function newInput(
  view: ContextView<ModelMessage>,
  input: readonly ModelMessage[],
): Promise<readonly ModelMessage[]> {
  const answers = input.at(-1);
  if (input.length < 2 || answers?.role !== 'tool') return input;
  const ids = new Set<string>();
  for (const part of answers.content) if (part.type === 'tool-approval-response') ids.add(part.approvalId);
  if (ids.size === 0) return input;
  const held = await heldFromRequests(view, ids);
  if (held === undefined) return input;
  const results = new Set<string>();
  for (const message of held)
    if (message.role === 'tool')
      for (const part of message.content) if (part.type === 'tool-result') results.add(part.toolCallId);
  const content = answers.content.filter(
    (part) => part.type !== 'tool-result' || !results.has(part.toolCallId),
  );
  if (content.length === answers.content.length) return [answers];
  const { id: _merged, ...rest }: ToolModelMessage & { id?: unknown } = answers;
  const merged: ToolModelMessage = { ...rest, content };
  return [merged];
}

/**
 * The messages of the view's log from the oldest of the approval requests `ids` name on, or undefined when the
 * log does not hold each of them.
 */
async function heldFromRequests(
  view: ContextView<ModelMessage>,
  ids: Set<string>,
): Promise<readonly ModelMessage[] | undefined> {
  const { conversation } = view;
  // A Memory of your own keeps its messages itself: what it reads is all there is to look in.
  if (conversation === undefined) {
    const messages = await view.read();
    const from = oldestRequest(messages, ids);
    return from === undefined ? undefined : messages.slice(from);
  }
  let fromSeq: number | undefined;
  for (let toSeq: number | undefined; ids.size > 0 && (toSeq === undefined || toSeq > 0); ) {
    const entries = await conversation.entries({
      direction: 'backward',
      roles: ['assistant'],
      limit: page,
      ...(toSeq === undefined ? {} : { toSeq }),
    });
    const at = oldestRequest(
      entries.map((e) => e.message),
      ids,
    );
    if (at !== undefined) fromSeq = entries[at]!.seq;
    if (entries.length < page) break;
    toSeq = entries[0]!.seq - 1;
  }
  if (ids.size > 0 || fromSeq === undefined) return undefined;
  return (await conversation.entries({ fromSeq })).map((e) => e.message);
}

/**
 * Removes from `ids` those `messages` request; the index of the oldest message holding one of them (undefined
 * when none does).
 */
function oldestRequest(messages: readonly ModelMessage[], ids: Set<string>): number | undefined {
  let oldest: number | undefined;
  for (const [index, message] of messages.entries()) {
    if (message.role !== 'assistant' || typeof message.content === 'string') continue;
    for (const part of message.content)
      if (part.type === 'tool-approval-request' && ids.delete(part.approvalId)) oldest ??= index;
  }
  return oldest;
}
