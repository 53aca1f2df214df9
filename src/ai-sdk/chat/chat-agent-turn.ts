import { createUIMessageStreamResponse, type ModelMessage, type UIMessage } from 'ai';
import { withDeferredDurability } from '../../core/deferred-durability.ts';
import { describeValue } from '../../core/errors/describe-value.ts';
import { DuplicateMessageIdError } from '../../core/errors/duplicate-message-id-error.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import type { MemoryMessage } from '../../core/message.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import type { ContextView } from '../../views/context-view.ts';
import type { Agent } from '../agent/agent-types.ts';
import { type AgentUIMessageStreamOptions, agentUIMessageStream } from '../agent/agent-ui-message-stream.ts';
import { runTools } from '../agent/run-tools.ts';
import type { ChatStore } from './chat-store.ts';
import { liveVersions, lookupByGet, nextVersion } from './chat-versions.ts';
import { type ChatEntry, encodeUIMessage } from './encode-ui-message.ts';
import { checkReturned } from './misconfigured.ts';
import { completeRewind, planRewind } from './rewind-chat.ts';
import { settleWaitingCallsOf } from './settle-waiting-calls.ts';
import { markStopped } from './stopped-marks.ts';
import { stoppedStep } from './stopped-step.ts';
import { storeChatEntries } from './store-chat-entries.ts';
import { validateUIInput } from './validate-ui-input.ts';

/** What one agent turn of the chat handler needs. */
export interface ChatAgentTurn<M extends UIMessage> {
  chats: ChatStore<M>;
  agent: Agent;
  view: (conversation: ConversationMemory, chatId: string) => ContextView<ModelMessage>;
  chatId: string;
  message: M;
  /** A regenerated reply or an edited message: the chat goes back to before it once it is stored (`planRewind`). */
  rewind: boolean;
  abortSignal: AbortSignal;
  replyId: string;
  stream: Omit<AgentUIMessageStreamOptions, 'messageId'>;
  /** Called when the run fails (the reply may be stored in part: the steps it finished). */
  onRunError: (error: unknown, chatId: string) => void;
  /** Gets the response as soon as the run streams. */
  sent: (response: Response) => void;
}

/**
 * One turn with `agent()`: the user message goes to the agent as its prompt, stored in the chat's view before the
 * response starts as the chat store would store it (the UI message whole, metadata and file names included, under
 * the message's id) and durable with the run's first step; the run stores each step (entry ids `<replyId>`,
 * `<replyId>#1`, …, so the reply reads back under the id the client streamed). Settles when the run has ended.
 * Throws `INVALID_ARGUMENT` for a message that is not a user message (an agent run starts from a prompt),
 * `DUPLICATE_MESSAGE_ID` for an id the chat holds, and what the store throws for a prompt it refuses
 * (`PAYLOAD_TOO_LARGE`): the chat is then unchanged.
 */
export async function runAgentTurn<M extends UIMessage>(turn: ChatAgentTurn<M>): Promise<void> {
  const { chats, chatId, message } = turn;
  if (message.role !== 'user')
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'chat',
      message: `body.message: with an agent the handler takes a user message (a run starts from a prompt); got role ${describeValue(message.role)}`,
    });
  await validateUIInput<M>([message], 'body.message', undefined);
  const conversation = chats.conversation(chatId);
  const lookup = lookupByGet(conversation);
  await completeRewind(conversation, lookup);
  const rewind = turn.rewind ? await planRewind(conversation, lookup, message.id) : undefined;
  const found = await liveVersions(lookup, [message.id]);
  // Held (also under a later version's id: a new version of a message is stored under a spare id while the old
  // one is deleted): a run starts from a new message, or a regenerate or an edit takes the chat back to before it.
  const held = found.versions.has(message.id);
  if (held && !rewind) throw new DuplicateMessageIdError({ messageId: message.id, component: 'chat' });
  const version = rewind?.version(message.id) ?? nextVersion(message.id, [], found.taken);
  const [prompt] = await encodeUIMessage(message, {
    tools: undefined,
    incomplete: false,
    location: 'body.message',
    version,
  });
  if (prompt?.role !== 'user')
    throw new MemoryError({
      code: 'INVALID_MESSAGE',
      component: 'chat',
      message: 'body.message: a user message must convert to one user model message',
    });
  const chosen = checkReturned(
    turn.view(conversation, chatId),
    "createChatHandler(options): view(conversation, chatId)'s result",
    ['read', 'store'],
  );
  // A new message instead of an answer (a regenerate or an edit of one the chat does not hold too: a retry of a
  // send that never reached it): what the last reply leaves waiting is settled (denied), its settled version stored
  // in the same write as the prompt, so the store keeps both or neither.
  const storePrompt = <T>(store: (entries: readonly ChatEntry[]) => Promise<T>) => {
    // A version another write took meanwhile: CONFLICT or DUPLICATE_MESSAGE_ID naming the message (storeChatEntries).
    const write = (entries: readonly ChatEntry[]) => storeChatEntries(entries, 'body.message', store);
    return held ? write([prompt]) : settleWaitingCallsOf(chats, chatId, [prompt], write);
  };
  // The client went away while this turn waited for the chat's earlier one: its message is kept (as the run
  // would store it), the agent does not run. 499: the client closed the request.
  if (turn.abortSignal.aborted) {
    await storePrompt((entries) => conversation.store(entries));
    await rewind?.finish();
    turn.sent(new Response(null, { status: 499 }));
    return;
  }
  // The prompt is stored before the response starts, as the run would store it (durable with its first step), with
  // the settled reply before it in one `store` of the view (one append with every engram view): a store that
  // refuses it is the request's error (413 too large, 409), and nothing of the chat changes. Only then does a
  // regenerate or an edit take the chat back to before the message; the run finds its prompt stored.
  const stored = await storePrompt((entries) => withDeferredDurability(() => chosen.store(entries)));
  await rewind?.finish();
  const { view, lastEntryId } = chatTurnView(chosen, stored.slice(-1), turn.replyId);
  const run = turn.agent.run(prompt.content, undefined, { memory: view, abortSignal: turn.abortSignal });
  turn.sent(
    createUIMessageStreamResponse({
      stream: agentUIMessageStream(run, { ...turn.stream, messageId: turn.replyId }),
    }),
  );
  try {
    const { finishReason } = await run.result;
    // Stopped (the client went away): what the model had generated of the step in flight is stored after the
    // run's steps, marked, so the chat keeps what the user saw and reads back as cut short (as with `respond`).
    // Stopped between two steps (or in a step that had generated nothing), the reply is the steps the run stored:
    // it is marked beside the log (nothing appended: the model reads it as stored), after them, so a crash
    // leaves it marked or as the run stored it. A run that stored no step leaves no reply to mark.
    if (finishReason === 'aborted') {
      const stopped = await stoppedStep(run.stream, await runTools(run));
      const last = lastEntryId();
      if (stopped.length > 0) await view.store(stopped);
      else if (last !== undefined) await markStopped(conversation, last);
    }
  } catch (error) {
    turn.onRunError(error, chatId);
  }
}

/**
 * The chat's view for one run: reads as the view reads; the run's prompt is the one already stored (`prompt`,
 * under the encoded user message's id and `metadata.ui`); its steps get the chat's ids (`<replyId>`,
 * `<replyId>#1`, …). `lastEntryId` is the id of the newest reply entry it has stored (undefined before any).
 */
function chatTurnView(
  view: ContextView<ModelMessage>,
  prompt: MemoryMessage[],
  replyId: string,
): { view: ContextView<ModelMessage>; lastEntryId: () => string | undefined } {
  let promptTaken = false;
  let replies = 0;
  let lastStored: string | undefined;
  const identify = (message: ModelMessage): ModelMessage & Pick<MemoryMessage, 'id'> => {
    const n = replies++;
    return { ...message, id: n === 0 ? replyId : `${replyId}#${n}` };
  };
  const instructions = view.instructions;
  const turnView: ContextView<ModelMessage> = {
    specificationVersion: 'v1',
    conversation: view.conversation,
    read: () => view.read(),
    appended: () => view.appended(),
    lastAssembly: () => view.lastAssembly(),
    async store(messages) {
      const list = ([] as ModelMessage[]).concat(messages);
      // The run stores its prompt first, alone.
      if (!promptTaken && list.length === 1 && list[0]!.role === 'user') {
        promptTaken = true;
        return prompt;
      }
      const identified = list.map(identify);
      const stored = await view.store(identified);
      lastStored = identified.at(-1)?.id ?? lastStored;
      return stored;
    },
    ...(instructions ? { instructions: () => instructions.call(view) } : {}),
  };
  return { view: turnView, lastEntryId: () => lastStored };
}
