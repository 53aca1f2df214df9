import { isToolUIPart, type UIMessage } from 'ai';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { type ChatStore, chatStoreTools } from './chat-store.ts';
import { liveVersions, lookupByGet } from './chat-versions.ts';
import { completeRewind } from './rewind-chat.ts';
import { givenDenial } from './stopped-reply.ts';
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
 * Stores a new user message (`storeMessage`: its `append`, with or without `rewind`) after settling what the chat's
 * last message leaves waiting ({@link settleWaitingCallsOf}). The message is checked first (as `append` checks it),
 * and one the chat holds is stored as it is, nothing settled: `append` refuses a message resent, and a
 * `regenerate()` or an edit of it takes the chat back to before it instead. A `regenerate()` or an edit of a message
 * the chat does not hold (`useChat`'s retry of a send that never reached it) is a new message, and settles as one.
 */
export async function settleBeforeUserMessage<M extends UIMessage, T>(
  chats: ChatStore<M>,
  chatId: string,
  message: M,
  storeMessage: () => Promise<T>,
): Promise<T> {
  await validateUIInput<M>([message], 'body.message', chatStoreTools(chats));
  const conversation = chats.conversation(chatId);
  const lookup = lookupByGet(conversation);
  await completeRewind(conversation, lookup);
  if ((await liveVersions(lookup, [message.id])).versions.has(message.id)) return storeMessage();
  return settleWaitingCallsOf(chats, chatId, storeMessage);
}

/**
 * Stores a new user message (`storeMessage`) after settling what the chat's last message leaves waiting
 * ({@link settledCalls}), stored as a new version of it (`chats.update`, keeping whether it was cut short). The
 * user moved on: the approval buttons a reload shows, which could only be refused (`CONFLICT`: the chat moved on),
 * show the call denied, and the model reads each call with its outcome (a denied approval as the AI SDK gives it,
 * `execution-denied` with the reason) instead of a call dropped from its context. Should `storeMessage` throw (the
 * store refuses the message: too large, a value it cannot read back), the reply's version before is stored back
 * (its calls wait again; `update` refuses that when the message was stored after all, and a failed put-back is
 * left: the error thrown is the message's), so a request refused denies nothing. A settled version the store
 * refuses as too large (a reply near the size limit, which the reason makes longer) is not stored: the message is,
 * with the calls left waiting (the model side leaves them out), rather than every new message refused.
 */
export async function settleWaitingCallsOf<M extends UIMessage, T>(
  chats: ChatStore<M>,
  chatId: string,
  storeMessage: () => Promise<T>,
): Promise<T> {
  const last = await chats.lastMessage(chatId);
  const settled = settledCalls(last?.message);
  if (!last || !settled) return storeMessage();
  try {
    await chats.update(chatId, settled, { incomplete: last.incomplete });
  } catch (error) {
    // The settled version over the store's size limit (the reason makes it longer): the message is stored anyway.
    if (MemoryError.hasCode(error, 'PAYLOAD_TOO_LARGE')) return storeMessage();
    throw error;
  }
  try {
    return await storeMessage();
  } catch (error) {
    await chats.update(chatId, last.message, { incomplete: last.incomplete }).catch(() => undefined);
    throw error;
  }
}
