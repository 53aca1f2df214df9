import type { ToolSet, UIMessage } from 'ai';
import {
  checkBoolean,
  checkFunction,
  checkKnownKeys,
  checkMethods,
  checkOptions,
} from '../../core/check-options.ts';
import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { NotFoundError } from '../../core/errors/not-found-error.ts';
import { checkId } from '../../core/ids.ts';
import { pushAll } from '../../core/push-all.ts';
import { checkScope, defaultScope, type Scope } from '../../core/scope.ts';
import {
  type ConversationMemory,
  type ConversationMemoryOptions,
  createConversationMemory,
} from '../../memory/conversation-memory.ts';
import { createSessions } from '../../session/sessions.ts';
import type { TokenCounter } from '../../tokens/token-counter.ts';
import { type ChatEntryLookup, liveVersions, newMessageVersion } from './chat-versions.ts';
import { decodeChatLog, type StoredChatMessage } from './decode-ui-messages.ts';
import { type ChatEntry, encodeUIMessage } from './encode-ui-message.ts';
import { createKeyedQueue, type KeyedQueue } from './keyed-queue.ts';
import { lastChatMessage } from './last-chat-message.ts';
import { completeRewind, planRewind } from './rewind-chat.ts';
import { inheritedMarks, stoppedEntryIds } from './stopped-marks.ts';
import { storeChatEntries } from './store-chat-entries.ts';
import { validateUIInput } from './validate-ui-input.ts';

/** The turn queues of each store object, shared by every chat store over it in this process. */
const turnQueues = new WeakMap<object, KeyedQueue>();
/** The tools each chat store validates messages against (`ChatStoreOptions.tools`). */
const storeTools = new WeakMap<object, ToolSet>();

/**
 * The tools `chats` validates messages against, when {@link createChatStore} made it with some: the handler
 * checks a continued message with them before the model runs (its `update` checks it only once the reply ends).
 */
export const chatStoreTools = (chats: object): ToolSet | undefined => storeTools.get(chats);

/** Options of {@link createChatStore}. */
export interface ChatStoreOptions {
  /** Where chats live: any built-in store (memory, json-file, SQLite, PostgreSQL) or a driver's. */
  store: NonNullable<ConversationMemoryOptions['store']>;
  /** Whose chats these are (a chat is readable only in the scope that wrote it). @default { tenant: 'default' } */
  scope?: Scope;
  /** Counts each model message once, when it is stored. @default exact o200k_base counts */
  counter?: TokenCounter;
  /**
   * The app's tools: incoming tool parts are validated against their schemas, and their `toModelOutput` shapes
   * the model side of tool results. @default none (outputs go to the model as JSON or text)
   */
  tools?: ToolSet;
}

/** How {@link ChatStore.append} and {@link ChatStore.update} mark what they store. */
export interface ChatAppendOptions {
  /** Marks the messages as cut short (the client disconnected while they streamed). @default false */
  incomplete?: boolean;
  /**
   * Takes the chat back to just before the first message, when the chat holds its id (`useChat`'s
   * `regenerate()` and an edited message): the messages are stored first (a message the chat held from there on
   * as a new version of it), then that message's entries and every later one are deleted. A message the store
   * refuses (invalid, too large) changes nothing; a crash in between leaves the chat reading as rewound, and its
   * next write deletes what is left. @default false
   */
  rewind?: boolean;
}

/** Options of {@link ChatStore.fork}. */
export interface ChatForkOptions {
  /** The UI message the branch ends with (its whole message: every step of a reply, tool results included). */
  atMessageId: string;
  /** The branch's chat id. @default a new id */
  id?: string;
}

/**
 * A store of chats (the AI SDK's `UIMessage`s): one chat is one engram session (`sessionId` = the chat id),
 * whose log holds the model messages, so every engram view (token window, citations, AutoContext) works on it
 * unchanged, while `load` returns the UI messages exactly as they were appended.
 */
export interface ChatStore<M extends UIMessage = UIMessage> {
  /** The chat's UI messages in order, deep-equal to what was appended; [] for a chat never written. */
  load(chatId: string): Promise<M[]>;
  /**
   * The chat's UI messages with what the log (and the stop marks beside it, for a run stopped between two steps)
   * says of each: whether it was cut short.
   */
  messages(chatId: string): Promise<StoredChatMessage<M>[]>;
  /**
   * The chat's last UI message (what `messages(chatId).at(-1)` gives; undefined for an empty chat), read from the
   * log's newest entries and the chat's stop marks (one small record per reply stopped between two steps): its
   * cost does not grow with the chat's length.
   */
  lastMessage(chatId: string): Promise<StoredChatMessage<M> | undefined>;
  /**
   * Validates the messages with the AI SDK's `validateUIMessages` (bad input: `INVALID_MESSAGE` naming
   * `messages[i]` and the part's path; a value no store reads back identical: `INVALID_ARGUMENT` naming its path)
   * and appends them, in order, in one atomic append: all or nothing. A message id already in the chat is
   * `DUPLICATE_MESSAGE_ID`, and nothing is stored; so is one another write stored at the same time, unless that
   * write stored the very same message in the same millisecond (two identical appends racing): then both calls
   * succeed and the chat holds it once, as the store takes an identical re-append as done. A new version of
   * a message (`rewind`: an edit, a regenerate) that another write made at the same time is `CONFLICT` naming the
   * message, nothing stored (read the chat again).
   */
  append(chatId: string, messages: readonly M[], options?: ChatAppendOptions): Promise<void>;
  /**
   * Replaces the chat's last message with a new version of it (same id): a reply continued after a tool
   * approval, say. Validated as `append` validates; `INVALID_ARGUMENT` unless `message.id` is the last message's
   * id. The new version is stored in one atomic append and replaces the old one from then on; the old version's
   * entries (and any a crash left of an earlier version) are deleted after it (should that be cut short, `load`
   * still shows only the new version, and the chat's next write deletes them). `CONFLICT`, nothing changed, when
   * something was appended to the chat while the update read it (an `append` at the same time): the update would
   * have deleted it with the old version; read the chat again and retry.
   */
  update(chatId: string, message: M, options?: ChatAppendOptions): Promise<void>;
  /**
   * A branch of the chat that holds its messages up to and including `atMessageId`, all of it (a reply of
   * several steps with its tool calls and results, as `load` shows it), sharing that history without copying it
   * (see `Sessions.fork`); returns the branch's chat id. What either chat stores later is invisible to the other;
   * a reply stopped in the shared history stays incomplete in the branch. Forking a chat by sequence number
   * (`sessions.fork`) can end a branch between two steps of one reply, which `load` would still show whole: use
   * this for chats. An `atMessageId` that is not a message of the chat is `MESSAGE_NOT_FOUND`; an id the store
   * already holds, a misspelt or bad option, `INVALID_ARGUMENT` naming it; a new version of the message stored
   * while the fork is made (an edit, a regenerate), `CONFLICT`: nothing is created then. Reads the chat once (its
   * cost grows with its length, as `messages` does).
   */
  fork(chatId: string, options: ChatForkOptions): Promise<string>;
  /** The chat's log as model messages: build engram views (token window, citations, AutoContext) on it. */
  conversation(chatId: string): ConversationMemory;
  /**
   * Runs `task` after every earlier turn of the chat has settled: turns of one chat (same store object, scope
   * and chat id, from any chat store in this process) run one at a time, in call order. Not across processes.
   */
  turn<T>(chatId: string, task: () => Promise<T>): Promise<T>;
  /**
   * Resolves once no turn runs or waits on this store object in this process (any chat, any chat store over it):
   * await it before closing the store on shutdown, so replies still streaming are stored (a handler's turn ends
   * when its reply is stored).
   */
  idle(): Promise<void>;
}

/**
 * Opens a store of chats over an engram store.
 * @example
 * const chats = createChatStore({ store: createSqliteStore({ path: 'chats.db' }), scope: { tenant: 'app', user } });
 * await chats.append(chatId, [userMessage]);
 * const messages = await chats.load(chatId); // UIMessage[] for useChat's initial messages
 */
export function createChatStore<M extends UIMessage = UIMessage>(options: ChatStoreOptions): ChatStore<M> {
  checkOptions(options, 'createChatStore', 'chat');
  checkKnownKeys(
    options,
    { store: true, scope: true, counter: true, tools: true },
    'createChatStore',
    'chat',
  );
  const { store, scope, counter, tools } = options;
  checkMethods(store, 'createChatStore(options): store', 'chat', [
    'getSession',
    'append',
    'readRange',
    'getMessages',
    'listArtifacts',
    'putArtifact',
  ]);
  if (scope !== undefined) checkScope(scope, 'chat');
  if (counter !== undefined) checkMethods(counter, 'createChatStore(options): counter', 'chat', ['count']);
  if (tools !== undefined) checkOptions(tools, 'createChatStore(options): tools', 'chat');
  const conversation = (chatId: string) => {
    checkId(chatId, 'chatId', 'chat');
    return createConversationMemory({
      store,
      sessionId: chatId,
      ...(scope ? { scope } : {}),
      ...(counter ? { counter } : {}),
    });
  };
  // A chat's entries by id, in one store call (a chat's versions of its messages are looked up by id); none for
  // a chat never written.
  const lookupIn =
    (log: ConversationMemory): ChatEntryLookup =>
    async (ids) => {
      try {
        return (await store.getMessages(log.scope, log.sessionId, ids)).map((e) => e.message);
      } catch (error) {
        if (MemoryError.hasCode(error, 'SESSION_NOT_FOUND')) return [];
        throw error;
      }
    };
  // A chat never written reads as [] without creating its session; `seqs` maps each entry id to its seq.
  const read = async (chatId: string) => {
    const log = conversation(chatId); // checks the id
    const record = await store.getSession(log.scope, chatId);
    if (!record) return { decoded: [], seqs: new Map<string, number>(), log };
    const entries = await log.entries();
    const decoded = decodeChatLog<M>(
      entries.map((e) => e.message),
      await stoppedEntryIds(log, entries, await inheritedMarks(store, record)),
    );
    return { decoded, seqs: new Map(entries.map((e) => [e.message.id, e.seq])), log };
  };
  const messages = async (chatId: string): Promise<StoredChatMessage<M>[]> =>
    (await read(chatId)).decoded.map(({ revision: _, ...stored }) => stored);
  // The last UI message; none for a chat never written (its session is not created).
  const lastOf = async (log: ConversationMemory) => {
    const record = await store.getSession(log.scope, log.sessionId);
    return record ? lastChatMessage<M>(log, await inheritedMarks(store, record)) : undefined;
  };
  const queue = turnQueues.get(store) ?? createKeyedQueue();
  turnQueues.set(store, queue);
  const owner = JSON.stringify([
    scope?.tenant ?? defaultScope.tenant,
    scope?.user ?? null,
    scope?.agent ?? null,
  ]);
  const chats: ChatStore<M> = {
    messages,
    turn(chatId, task) {
      checkId(chatId, 'chatId', 'chat');
      checkFunction(task, 'turn(chatId, task): task', 'chat');
      return queue.run(`${owner}${JSON.stringify(chatId)}`, task);
    },
    idle: () => queue.idle(),
    load: async (chatId) => (await messages(chatId)).map((m) => m.message),
    async lastMessage(chatId) {
      const last = await lastOf(conversation(chatId)); // checks the id
      if (!last) return undefined;
      const { revision: _, ...stored } = last;
      return stored;
    },
    conversation,
    async fork(chatId, forkOptions) {
      checkId(chatId, 'chatId', 'chat');
      const what = 'fork(chatId, options)';
      checkOptions(forkOptions, what, 'chat');
      checkKnownKeys(forkOptions, { atMessageId: true, id: true }, what, 'chat');
      checkId(forkOptions.atMessageId, `${what}.atMessageId`, 'chat');
      if (forkOptions.id !== undefined) checkId(forkOptions.id, `${what}.id`, 'chat');
      const { decoded, seqs, log } = await read(chatId);
      const found = decoded.find((m) => m.message.id === forkOptions.atMessageId);
      const last = found?.entryIds.at(-1);
      if (found === undefined || last === undefined)
        throw new NotFoundError({ kind: 'message', id: forkOptions.atMessageId, component: 'chat' });
      const branch = await createSessions({ store, scope: log.scope }).fork(chatId, {
        atSeq: seqs.get(last)!,
        ...(forkOptions.id === undefined ? {} : { id: forkOptions.id }),
      });
      // A new version of the message stored meanwhile (an edit, a regenerate, a continued reply: the old entries
      // deleted, the new ones after the fork point) leaves a branch without it: refuse, keep nothing.
      const ends = await lastOf(branch);
      if (ends?.message.id !== forkOptions.atMessageId || ends.revision !== found.revision) {
        await store.deleteSession(log.scope, branch.sessionId);
        throw new MemoryError({
          code: 'CONFLICT',
          component: 'chat',
          message: `${what}: message ${describeValue(forkOptions.atMessageId)} changed while the chat was forked (a new version of it was stored); nothing was created`,
        });
      }
      return branch.sessionId;
    },
    async append(chatId, input, appendOptions = {}) {
      const log = conversation(chatId); // checks the id
      checkAppendOptions(appendOptions, 'append');
      const list = await validateUIInput<M>(input, 'append(chatId, messages)', tools);
      const lookup = lookupIn(log);
      await completeRewind(log, lookup);
      const rewind =
        appendOptions.rewind === true && list[0] ? await planRewind(log, lookup, list[0].id) : undefined;
      const found = await liveVersions(
        lookup,
        list.map((ui) => ui.id),
      );
      const entries: ChatEntry[] = [];
      for (const [index, ui] of list.entries()) {
        const version = rewind?.version(ui.id) ?? newMessageVersion(ui.id, found);
        const encoded = await encodeUIMessage(ui, {
          tools,
          incomplete: appendOptions.incomplete === true,
          location: `messages[${index}]`,
          version,
        });
        pushAll(entries, encoded);
      }
      // The new versions first: a store that refuses them leaves the chat as it was.
      if (entries.length > 0)
        await storeChatEntries(entries, 'append(chatId, messages)', (e) => log.store(e));
      await rewind?.finish();
    },
    async update(chatId, input, updateOptions = {}) {
      const log = conversation(chatId); // checks the id
      checkAppendOptions(updateOptions, 'update');
      const [message] = await validateUIInput<M>([input], 'update(chatId, message)', tools);
      // The log's newest entry before the last message is read: the rewind must not delete anything stored after it
      // (read only in a chat that exists: reading a log creates its session, and a refused update writes nothing).
      const exists = (await store.getSession(log.scope, log.sessionId)) !== undefined;
      const seen = exists ? ((await log.entries({ direction: 'backward', limit: 1 }))[0]?.seq ?? 0) : 0;
      const last = exists ? await lastOf(log) : undefined;
      if (last?.message.id !== message!.id)
        throw new MemoryError({
          code: 'INVALID_ARGUMENT',
          component: 'chat',
          message: `update(chatId, message): only the chat's last message can be updated; message.id ${describeValue(message!.id)} is not it (the last is ${describeValue(last?.message.id)})`,
        });
      // The message's versions and their entries, to the log's newest (what a crash left completed first).
      const lookup = lookupIn(log);
      await completeRewind(log, lookup);
      const rewind = await planRewind(log, lookup, message!.id);
      // An entry appended since (a concurrent append, both acknowledged) would go with the old version: refuse, keep it.
      if ((rewind.newestSeq ?? 0) > seen)
        throw new MemoryError({
          code: 'CONFLICT',
          component: 'chat',
          message: `update(chatId, message): message ${describeValue(message!.id)} is no longer the chat's last (something was appended meanwhile); nothing was changed`,
        });
      const location = 'message';
      const incomplete = updateOptions.incomplete === true;
      const version = rewind.version(message!.id)!;
      // The new version first (one atomic append: it replaces the old one from then on), then the old entries.
      const encoded = await encodeUIMessage(message!, { tools, incomplete, location, version });
      await storeChatEntries(encoded, 'update(chatId, message)', (e) => log.store(e));
      await rewind.finish();
    },
  };
  if (tools !== undefined) storeTools.set(chats, tools);
  return chats;
}

/** `INVALID_ARGUMENT` unless `options` is an object of known keys with boolean values (what `append` and `update` take). */
function checkAppendOptions(options: ChatAppendOptions, method: 'append' | 'update'): void {
  const what = `${method}(chatId, ${method === 'append' ? 'messages' : 'message'}, options)`;
  checkOptions(options, `${method}`, 'chat');
  checkKnownKeys(options, { incomplete: true, rewind: true }, what, 'chat');
  checkBoolean(options.incomplete, `${what}.incomplete`, 'chat', false);
  checkBoolean(options.rewind, `${what}.rewind`, 'chat', false);
}
