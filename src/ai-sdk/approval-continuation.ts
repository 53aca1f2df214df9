import type { ModelMessage } from 'ai';
import type { ContextView } from '../views/context-view.ts';

/** Assistant entries read at a time, newest first, looking for approval requests (they end the log as a rule). */
const page = 32;

/**
 * The part of a call's input to store. A call answering tool approvals ends with a tool message of
 * `tool-approval-response` parts and must carry, before it, the requests it answers: the AI SDK looks for them in
 * the call's own messages before the first step. When the view's log holds every request the answers name, the
 * messages before the answers are that log's history (however the caller built them: the view's output, with ids
 * or without, changed by the view or not, or messages the caller kept), and only the answers are new. Any other
 * input is new as a whole, as is a continuation whose requests the log does not hold (a conversation started
 * elsewhere).
 */
export async function newInput(
  view: ContextView<ModelMessage>,
  input: readonly ModelMessage[],
): Promise<readonly ModelMessage[]> {
  const answers = input.at(-1);
  if (input.length < 2 || answers?.role !== 'tool') return input;
  const ids = new Set<string>();
  for (const part of answers.content) if (part.type === 'tool-approval-response') ids.add(part.approvalId);
  if (ids.size === 0 || !(await holdsRequests(view, ids))) return input;
  return [answers];
}

/** Whether the view's log holds an approval request for each of `ids` (emptied as they are found). */
async function holdsRequests(view: ContextView<ModelMessage>, ids: Set<string>): Promise<boolean> {
  const { conversation } = view;
  // A Memory of your own keeps its messages itself: what it reads is all there is to look in.
  if (conversation === undefined) return findRequests(await view.read(), ids);
  for (let toSeq: number | undefined; toSeq === undefined || toSeq > 0; ) {
    const entries = await conversation.entries({
      direction: 'backward',
      roles: ['assistant'],
      limit: page,
      ...(toSeq === undefined ? {} : { toSeq }),
    });
    if (findRequests(entries.map((e) => e.message).reverse(), ids)) return true;
    if (entries.length < page) return false;
    toSeq = entries[0]!.seq - 1;
  }
  return false;
}

/** Removes from `ids` those `messages` request; whether none is left. */
function findRequests(messages: readonly ModelMessage[], ids: Set<string>): boolean {
  for (const message of messages) {
    if (message.role !== 'assistant' || typeof message.content === 'string') continue;
    for (const part of message.content)
      if (part.type === 'tool-approval-request') ids.delete(part.approvalId);
    if (ids.size === 0) return true;
  }
  return false;
}
