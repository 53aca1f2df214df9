import { isToolUIPart, type UIMessage } from 'ai';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { type ChatStore, chatStoreTools } from './chat-store.ts';
import { liveVersions, lookupByGet, nextVersion } from './chat-versions.ts';
import { type ChatEntry, encodeUIMessage } from './encode-ui-message.ts';
import { completeRewind, planRewind } from './rewind-chat.ts';
import { givenDenial } from './stopped-reply.ts';
import { storeChatEntries } from './store-chat-entries.ts';
import { validateUIInput } from './validate-ui-input.ts';

/** Why an approval the user did not answer before writing again is denied (what the model and the UI read). */
export const unansweredApprovalReason = 'The user sent a new message instead of answering this approval.';

/** Why a client-side tool's call left without a result when the user wrote again ends in an error. */
export const unansweredCallError = 'The user sent a new message before this tool returned a result.';

/**
 * The chat's last message with the tool calls it leaves waiting settled, or undefined when none waits: an approval
 * asked for (`approval-requested`) becomes denied (`output-denied`, approval `approved: false` with
 * {@link unansweredApprovalReason}), a call waiting for a client-side tool's result (`input-available`) becomes an
 * error ({@link unansweredCallError}), and a denial the reply was cut short before giving (`approval-responded`, not
 * approved: a chat stored before stopped replies settled it) is given (`output-denied`, the user's reason kept).
 * Calls still streaming their input (a reply cut short) stay as they are: the model never sees them.
 */
export function settledCalls<M extends UIMessage>(last: M | undefined): M | undefined {
  if (last?.role !== 'assistant') return undefined;
  let changed = false;
  const parts = last.parts.map((part) => {
    if (!isToolUIPart(part)) return part;
    if (part.state === 'approval-requested') {
      changed = true;
      return {
        ...part,
        state: 'output-denied',
        approval: { ...part.approval, approved: false, reason: unansweredApprovalReason },
      };
    }
    const denied = givenDenial(part);
    if (denied) {
      changed = true;
      return denied;
    }
    if (part.state === 'input-available') {
      changed = true;
      return { ...part, state: 'output-error', errorText: unansweredCallError };
    }
    return part;
  });
  return changed ? ({ ...last, parts } as M) : undefined;
}

/**
 * Stores a new user message in the chat (`rewind`: a `regenerate()` or an edit, as `append` takes it), after settling
 * what the chat's last message leaves waiting ({@link settleWaitingCallsOf}: in the same append). The message is
 * checked first (as `append` checks it), and one the chat holds is stored by `append`, nothing settled: `append`
 * refuses a message resent, and a `regenerate()` or an edit of it takes the chat back to before it instead. A
 * `regenerate()` or an edit of a message the chat does not hold (`useChat`'s retry of a send that never reached it)
 * is a new message, and settles as one.
 */
export async function settleBeforeUserMessage<M extends UIMessage>(
  chats: ChatStore<M>,
  chatId: string,
  message: M,
  rewind: boolean,
): Promise<void> {
  const tools = chatStoreTools(chats);
  const [checked] = await validateUIInput<M>([message], 'body.message', tools);
  const conversation = chats.conversation(chatId);
  const lookup = lookupByGet(conversation);
  await completeRewind(conversation, lookup);
  const found = await liveVersions(lookup, [message.id]);
  if (found.versions.has(message.id)) return chats.append(chatId, [message], { rewind });
  // Not held: stored as `append` stores a new message (a rewind to a message the chat does not hold deletes nothing).
  const version = nextVersion(message.id, [], found.taken);
  const entries = await encodeUIMessage(checked!, {
    tools,
    incomplete: false,
    location: 'body.message',
    version,
  });
  await settleWaitingCallsOf(chats, chatId, entries, (all) =>
    storeChatEntries(all, 'body.message', (e) => conversation.store(e)),
  );
}

/**
 * Stores a new user message's entries (`message`) with `store` (one write of the entries it is given: an append)
 * after settling what the chat's last message leaves waiting ({@link settledCalls}). The user moved on: the approval
 * buttons a reload shows, which could only be refused (`CONFLICT`: the chat moved on), show the call denied, and the
 * model reads each call with its outcome (a denied approval as the AI SDK gives it, `execution-denied` with the
 * reason) instead of a call dropped from its context.
 *
 * The settled reply is a new version of it (as `chats.update` stores one, keeping whether it was cut short), given to
 * `store` before the message, in the same write: an append is atomic on every store, so the store takes both or
 * neither. A write refused (the message too large, a value the store cannot read back) or failed (an outage, a crash:
 * one transaction on SQLite and PostgreSQL) leaves the chat as it was, the calls waiting under the reply's entries as
 * they were; what `store` throws is thrown. Once it is stored, the reply's version before is deleted (a crash in
 * between leaves it superseded: the chat shows the settled version, and its next write deletes the older one,
 * `completeRewind`; a delete that fails is thrown, the message stored). A settled version the store refuses as too large (a reply near the size limit, which the reason
 * makes longer) is not stored: the message is, alone, with the calls left waiting (the model side leaves them out),
 * rather than every new message refused. Atomic only as far as `store` is one append (every engram view's `store`
 * is): a view of your own whose `store` writes a batch message by message may keep the settled version without the
 * message.
 */
export async function settleWaitingCallsOf<M extends UIMessage, T>(
  chats: ChatStore<M>,
  chatId: string,
  message: readonly ChatEntry[],
  store: (entries: readonly ChatEntry[]) => Promise<T>,
): Promise<T> {
  const last = await chats.lastMessage(chatId);
  const settled = settledCalls(last?.message);
  if (!last || !settled) return store(message);
  const tools = chatStoreTools(chats);
  const [checked] = await validateUIInput<M>([settled], 'message', tools);
  const conversation = chats.conversation(chatId);
  const rewind = await planRewind(conversation, lookupByGet(conversation), settled.id);
  // A version under an id none of the message's entries takes: both go in one append.
  const version = rewind.version(settled.id, new Set(message.map((entry) => entry.id)))!;
  const incomplete = last.incomplete;
  const reply = await encodeUIMessage(checked!, { tools, incomplete, location: 'message', version });
  let stored: T;
  try {
    stored = await store([...reply, ...message]);
  } catch (error) {
    // Nothing of it stored. Over the size limit, the settled version may be what the store refuses (the reason makes
    // it longer): the message is stored alone (refused again when it is the one too large).
    if (MemoryError.hasCode(error, 'PAYLOAD_TOO_LARGE')) return store(message);
    throw error;
  }
  await rewind.finish();
  return stored;
}
