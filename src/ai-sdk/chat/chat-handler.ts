import {
  consumeStream,
  convertToModelMessages,
  type ModelMessage,
  type StreamTextResult,
  type ToolSet,
  type UIMessage,
  type UIMessageStreamOnEndCallback,
  type UIMessageStreamOptions,
} from 'ai';
import {
  checkBoolean,
  checkFunction,
  checkKnownKeys,
  checkMethods,
  checkOptionalInteger,
  checkOptions,
  readOption,
} from '../../core/check-options.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { createId } from '../../core/ids.ts';
import type { MemoryMessage } from '../../core/message.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import type { Memory } from '../../memory/memory.ts';
import { checkJsonValue } from '../../messages/check-json-value.ts';
import type { ContextView } from '../../views/context-view.ts';
import type { Agent } from '../agent/agent-types.ts';
import { type AgentUIMessageStreamOptions, agentStreamOptionKeys } from '../agent/agent-ui-message-stream.ts';
import { failedCallText } from '../failed-step.ts';
import { toAiSdkPrompt } from '../to-ai-sdk-prompt.ts';
import { answeredContinuation } from './answered-continuation.ts';
import { runAgentTurn } from './chat-agent-turn.ts';
import { chatErrorResponse, wrongMethodResponse } from './chat-error-response.ts';
import { type ChatStore, chatStoreTools } from './chat-store.ts';
import { heldRole, lookupByGet } from './chat-versions.ts';
import { checkContinuation } from './check-continuation.ts';
import { checkReturned, isMisconfiguration } from './misconfigured.ts';
import { parseChatRequest } from './parse-chat-request.ts';
import { defaultMaxBodyBytes } from './read-request-body.ts';
import { completeRewind } from './rewind-chat.ts';
import { settleBeforeUserMessage } from './settle-waiting-calls.ts';
import { closeStoppedReply, isUnfinished, stoppedToolText } from './stopped-reply.ts';
import { validateUIInput } from './validate-ui-input.ts';

/** What `respond` returns: `streamText(...)`'s result, or a `ToolLoopAgent`'s `.stream(...)` result. */
export type ChatStream = Pick<
  StreamTextResult<ToolSet, Record<string, unknown>, never>,
  'toUIMessageStreamResponse'
>;

/** What `respond` gets for one turn. */
export interface ChatRespondInput<M extends UIMessage = UIMessage> {
  /** The chat. */
  chatId: string;
  /** The model-side context: the view's messages without its system messages (those are `instructions`). */
  messages: ModelMessage[];
  /** The view's system messages (summaries, for instance), joined; pass them as `instructions`. */
  instructions: string | undefined;
  /** Aborts when the client disconnects: pass it to `streamText` / `agent.stream`. */
  abortSignal: AbortSignal;
  /** The new user message (already stored), or the chat's last assistant message continued (a tool approval answered; stored when the reply ends). */
  message: M;
}

/** What every {@link createChatHandler} takes, with a model (`respond`) or with `agent()`. */
export interface ChatHandlerBaseOptions<M extends UIMessage = UIMessage> {
  /** Where the chats live. */
  chats: ChatStore<M>;
  /** Generates the reply's message id. @default () => createId('msg') */
  generateMessageId?: () => string;
  /**
   * Called when the reply could not be stored after the stream ended (the response is already sent by then); with
   * an agent, when its run failed (the steps it finished are stored). @default logs the error with console.error
   */
  onStoreError?: (error: unknown, chatId: string) => void;
  /**
   * The largest request body taken, in bytes; a larger one is a 413 (`PAYLOAD_TOO_LARGE`), refused by its
   * `Content-Length` before it is read, or as soon as it grows past the bound, never held whole. `useChat` sends the
   * whole chat on every request: with a long chat (files as data URLs), send only the new message
   * (`prepareSendMessagesRequest` returning `{ id, message }`) or raise this. @default 64 MiB (67,108,864)
   */
  maxBodyBytes?: number;
}

/** {@link createChatHandler} with a model: `respond` streams, the handler stores the reply. */
export interface ChatRespondOptions<M extends UIMessage = UIMessage> extends ChatHandlerBaseOptions<M> {
  /** The model-side context of a chat: a view over its conversation. @default the whole conversation */
  view?: (conversation: ConversationMemory, chatId: string) => Pick<Memory<MemoryMessage>, 'read'>;
  /** Runs the model: return `streamText(...)`'s result or a `ToolLoopAgent`'s `.stream(...)` result. */
  respond(input: ChatRespondInput<M>): ChatStream | PromiseLike<ChatStream>;
  /**
   * Options of the UI message stream (`sendSources`, `sendReasoning`, `messageMetadata`, `onError`, …): what the
   * client receives is what the chat stores. @default the AI SDK's defaults (reasoning sent, sources not)
   */
  uiStream?: Omit<
    UIMessageStreamOptions<M>,
    'originalMessages' | 'generateMessageId' | 'onEnd' | 'onFinish' | 'sendStart' | 'sendFinish'
  >;
  /** Not with `respond`. */
  agent?: never;
}

/**
 * {@link createChatHandler} with engram's `agent()`: each turn is `agent.run(prompt, undefined, { memory: view,
 * abortSignal })` on the chat's view, and the run stores the turn itself (the handler stores nothing).
 */
export interface ChatAgentOptions<M extends UIMessage = UIMessage> extends ChatHandlerBaseOptions<M> {
  /** The agent that answers (`agent(...)`); its own `memory` is not used: each run gets the chat's view. */
  agent: Agent;
  /** The chat's view the run reads and stores into. @default the whole conversation */
  view?: (conversation: ConversationMemory, chatId: string) => ContextView<ModelMessage>;
  /**
   * Options of the UI message stream (`sendReasoning`, `onError`); another key (a misspelt `sendReasonning`) is
   * `INVALID_ARGUMENT` at construction. @default reasoning sent, errors by message
   */
  agentStream?: Omit<AgentUIMessageStreamOptions, 'messageId'>;
  /** Not with `agent`. */
  respond?: never;
}

/** Options of {@link createChatHandler}: with a model ({@link ChatRespondOptions}) or an agent ({@link ChatAgentOptions}). */
export type ChatHandlerOptions<M extends UIMessage = UIMessage> = ChatRespondOptions<M> | ChatAgentOptions<M>;

const baseKeys: Record<keyof ChatHandlerBaseOptions, true> = {
  chats: true,
  generateMessageId: true,
  onStoreError: true,
  maxBodyBytes: true,
};
/** Every option of each form of {@link createChatHandler}: any other key is refused (a misspelling). */
const respondKeys: Record<keyof ChatRespondOptions, true> = {
  ...baseKeys,
  view: true,
  respond: true,
  uiStream: true,
  agent: true,
};
const agentKeys: Record<keyof ChatAgentOptions, true> = {
  ...baseKeys,
  view: true,
  agent: true,
  agentStream: true,
  respond: true,
};

/**
 * A POST route handler for `useChat`: reads the body (`{ id, message }` or `{ id, messages }`, see
 * `parseChatRequest`), appends the new user message (durably, before the model runs: it is kept even when the
 * model fails), reads the view, calls `respond`, and returns its UI message stream response; the reply is stored
 * when the stream ends. `useChat`'s `regenerate()` (`trigger: 'regenerate-message'`) and an edit
 * (`sendMessage({ text, messageId })`) take the chat back to before that user message (it and everything after it
 * deleted, as the client dropped them, once the message's new version is stored), then run as a new turn. The chat itself is not loaded: a turn
 * reads only what the view reads. A `view` or `respond` returning the wrong thing is an `INVALID_ARGUMENT`
 * thrown to the caller. A `MemoryError`
 * becomes a JSON `{ error: { code, message } }`: 400 for bad input, 409 for a message id already stored or a
 * continued message the chat has moved past (another request continued it first, a new message followed it, or it
 * comes again with none of its waiting tool calls answered: the model is not called), 413
 * for a payload over a store limit, 500 otherwise; other errors (from `respond`, say) are thrown to the caller. A
 * request that is not a POST is a 405 (`Allow: POST`, code `INVALID_ARGUMENT`) whose body is not read.
 *
 * A client that disconnects aborts the model (`abortSignal`); what was generated is stored, marked incomplete
 * (`ChatStore.messages` says so), with tool calls still running turned into `output-error`. A stream that fails
 * midway (a provider error) is stored the same way. Turns of one chat
 * run one after another in this process (`ChatStore.turn`: the second sees the first's reply, also when each
 * request builds its own handler and chat store over the same store object); across processes they are not
 * serialized, so two processes answering the same chat at once may interleave their messages.
 *
 * With `agent` instead of `respond`, each turn is a run of engram's `agent()` on the chat's view
 * (`run(prompt, undefined, { memory: view, abortSignal })`) streamed by `agentUIMessageStream`: the run stores the
 * user message (as the chat store would: whole, under its id) and each finished step (the reply's id is
 * `generateMessageId()`). Only user messages are taken (no continued replies). A disconnect aborts the run: the
 * chat keeps the steps that finished and, after them, what the model had generated of the step in flight (its text
 * and reasoning, its tool calls, each answered with the result or error its tool gave, or an error saying it had
 * not ended: never a call without its result), marked incomplete; a run stopped between two steps keeps the steps
 * it finished, marked incomplete beside the log (an artifact, `markStopped`: the log is not written). A run
 * stopped before it stored a step or generated anything stores no reply.
 * @example
 * const chats = createChatStore({ store: createSqliteStore({ path: 'chats.db' }) });
 * export const POST = createChatHandler({
 *   chats,
 *   respond: ({ messages, instructions, abortSignal }) => streamText({ model, instructions, messages, abortSignal }),
 * });
 * // or: createChatHandler({ chats, agent: agent({ name: 'assistant', description: 'Helps', model, tools }) })
 */
export function createChatHandler<M extends UIMessage = UIMessage>(
  options: ChatHandlerOptions<M>,
): (request: Request) => Promise<Response> {
  checkOptions(options, 'createChatHandler', 'chat');
  const agent = readOption(options, 'agent', 'createChatHandler(options)', 'chat');
  checkKnownKeys(options, agent === undefined ? respondKeys : agentKeys, 'createChatHandler', 'chat');
  const { chats } = options;
  checkMethods(chats, what('chats'), 'chat', ['append', 'update', 'messages', 'conversation', 'turn']);
  for (const key of ['view', 'generateMessageId', 'onStoreError'] as const)
    if (options[key] !== undefined) checkFunction(options[key], what(key), 'chat');
  checkOptionalInteger(options.maxBodyBytes, what('maxBodyBytes'), 'chat', 1);
  const maxBodyBytes = options.maxBodyBytes ?? defaultMaxBodyBytes;
  const generateMessageId = options.generateMessageId ?? (() => createId('msg'));
  const onStoreError =
    options.onStoreError ??
    ((error, chatId) => console.error(`[engram] [chat] reply of chat ${chatId} not stored:`, error));
  const runTurn =
    options.agent === undefined
      ? respondTurns(options, generateMessageId, onStoreError)
      : agentTurns(options, generateMessageId, onStoreError);

  return async (request) => {
    if (request.method !== 'POST') return wrongMethodResponse(request.method);
    try {
      const { chatId, message, rewind } = await parseChatRequest<M>(request, maxBodyBytes);
      let sent!: (response: Response) => void;
      const response = new Promise<Response>((resolve) => {
        sent = resolve;
      });
      // The turn holds the chat until its reply is stored; the response goes out as soon as it streams.
      const turn = chats.turn(chatId, () =>
        runTurn({ chatId, message, rewind, abortSignal: request.signal, sent }),
      );
      return await Promise.race([response, turn.then(() => response)]);
    } catch (error) {
      if (MemoryError.isInstance(error) && !isMisconfiguration(error)) return chatErrorResponse(error);
      throw error;
    }
  };
}

const what = (key: string) => `createChatHandler(options): ${key}`;

/** One turn of a chat: settles once its reply is stored; hands the response to `sent` as soon as it streams. */
type TurnRunner<M extends UIMessage> = (turn: {
  chatId: string;
  message: M;
  /** A regenerated reply or an edited message: the chat goes back to before it (once its new version is stored). */
  rewind: boolean;
  abortSignal: AbortSignal;
  sent: (response: Response) => void;
}) => Promise<void>;

/** Turns with `respond`: the handler appends the user message, streams the model and stores the reply. */
function respondTurns<M extends UIMessage>(
  options: ChatRespondOptions<M>,
  generateMessageId: () => string,
  onStoreError: (error: unknown, chatId: string) => void,
): TurnRunner<M> {
  const { chats, respond } = options;
  checkFunction(respond, what('respond'), 'chat');
  if (options.uiStream !== undefined) checkOptions(options.uiStream, what('uiStream'), 'chat');
  const view = options.view ?? ((conversation) => conversation);
  return async ({ chatId, message, rewind, abortSignal, sent }) => {
    let stored!: () => void;
    const done = new Promise<void>((resolve) => {
      stored = resolve;
    });
    const continued = message.role === 'assistant' ? await continuation(chats, chatId, message) : undefined;
    // A new user message instead of an answer (a regenerate or an edit of one the chat does not hold too): what the
    // last reply leaves waiting is settled (denied) in the append that stores the message, refused or kept with it.
    if (!continued) await settleBeforeUserMessage(chats, chatId, message, rewind);
    // The client went away while this turn waited for the chat's earlier one: its message is kept (as after a
    // failed turn: a regenerate answers it), the model is not called. 499: the client closed the request.
    if (abortSignal.aborted) {
      sent(new Response(null, { status: 499 }));
      return;
    }
    const chatView = checkReturned(
      view(chats.conversation(chatId), chatId),
      `${what('view')}(conversation, chatId)'s result`,
      ['read'],
    );
    const viewed = await chatView.read();
    // A continued message goes to the model with its approvals answered, not as stored before the answers.
    const prompt = toAiSdkPrompt(continued ? viewed.filter((m) => !continued.replaces.has(m.id)) : viewed);
    prompt.messages.push(...(continued?.messages ?? []));
    const onEnd: UIMessageStreamOnEndCallback<M> = async ({
      responseMessage,
      isAborted,
      isCancelled,
      outcome,
      finishReason,
    }) => {
      try {
        const disconnected = isAborted || isCancelled === true;
        const stopped =
          disconnected || outcome.status !== 'completed' || isUnfinished(responseMessage, finishReason);
        // The calls it cut are answered with why: the client went away, or the model call failed (the model reads it
        // on later turns: a disconnect it was told of when the provider failed was a false reason).
        const reply = stopped
          ? closeStoppedReply(responseMessage, disconnected ? stoppedToolText : failedCallText)
          : responseMessage;
        if (continued) await chats.update(chatId, reply, { incomplete: stopped });
        else if (reply.parts.length > 0) await chats.append(chatId, [reply], { incomplete: stopped });
      } catch (error) {
        onStoreError(error, chatId);
      } finally {
        stored();
      }
    };
    const stream = checkReturned(
      await respond({ chatId, ...prompt, abortSignal, message: continued?.message ?? message }),
      `${what('respond')}(input)'s result (return streamText(…))`,
      ['toUIMessageStreamResponse'],
    );
    sent(
      stream.toUIMessageStreamResponse<M>({
        ...options.uiStream,
        originalMessages: [continued?.message ?? message], // a new reply, or the continued one: no need to load the chat
        generateMessageId,
        onEnd,
        consumeSseStream: consumeStream,
      }),
    );
    await done;
  };
}

/** Turns with `agent()`: the run stores the turn into the chat's view itself ({@link runAgentTurn}). */
function agentTurns<M extends UIMessage>(
  options: ChatAgentOptions<M>,
  generateMessageId: () => string,
  onRunError: (error: unknown, chatId: string) => void,
): TurnRunner<M> {
  const { chats, agent } = options;
  checkMethods(agent, what('agent'), 'chat', ['run']);
  if (options.respond !== undefined)
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component: 'chat',
      message: `${what('respond')}: give respond or agent, not both`,
    });
  const { agentStream } = options;
  // Checked here, not by each turn's agentUIMessageStream: a misspelt sendReasonning is refused before any turn.
  if (agentStream !== undefined) {
    checkOptions(agentStream, what('agentStream'), 'chat');
    const { messageId: _set, ...streamKeys } = agentStreamOptionKeys;
    checkKnownKeys(
      agentStream,
      streamKeys,
      'createChatHandler',
      'chat',
      'createChatHandler(options).agentStream',
    );
    if (agentStream.onError !== undefined)
      checkFunction(agentStream.onError, what('agentStream.onError'), 'chat');
    checkBoolean(agentStream.sendReasoning, what('agentStream.sendReasoning'), 'chat', true);
  }
  const view = options.view ?? ((conversation) => conversation);
  const stream = agentStream ?? {};
  return (turn) =>
    runAgentTurn({ ...turn, chats, agent, view, stream, onRunError, replyId: generateMessageId() });
}

/**
 * A continued assistant message (a tool approval answered): checked to continue the chat's last message
 * ({@link checkContinuation}); the message to run and store is the stored one with the client's answers
 * ({@link answeredContinuation}), given with the ids of the entries its stored version holds (left out of the
 * view's output) and its model messages.
 */
async function continuation<M extends UIMessage>(
  chats: ChatStore<M>,
  chatId: string,
  message: M,
): Promise<{ replaces: ReadonlySet<string>; messages: ModelMessage[]; message: M }> {
  // Checked as the chat store will check it when the reply ends (values it stores, its tools' schemas), before
  // the model runs, as a new message is.
  checkJsonValue(message, 'body.message', 'chat');
  const tools = chatStoreTools(chats);
  const [checked] = await validateUIInput<M>([message], 'body.message', tools);
  // What a crash left of an earlier new version is deleted before the view is read (append does it on the other turns).
  const conversation = chats.conversation(chatId);
  const lookup = lookupByGet(conversation);
  await completeRewind(conversation, lookup);
  const last = await chats.lastMessage(chatId);
  // Not the last: one the chat holds earlier is a stale copy (the chat moved on), another id bad input.
  const held = last?.message.id === message.id ? undefined : await heldRole(lookup, message.id);
  checkContinuation(last?.message, message, held);
  // The stored message with the client's answers: nothing else of the client's copy runs or is stored.
  const answered = answeredContinuation(last!.message as M, checked!, 'body.message');
  await validateUIInput<M>([answered], 'body.message', tools);
  const messages = await convertToModelMessages([answered], { ignoreIncompleteToolCalls: true });
  return { replaces: new Set(last!.entryIds), messages, message: answered };
}
