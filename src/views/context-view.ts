import type { ModelMessage } from 'ai';
import { checkMethods } from '../core/check-options.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import type { ConversationMemory } from '../memory/conversation-memory.ts';
import type { Memory } from '../memory/memory.ts';
import { withExtras } from '../messages/from-model-message.ts';
import type { ContextAssembly } from './assembly/context-assembly.ts';

/**
 * The one contract of a context view: what the model should see of a conversation, and where new messages go.
 * Every engram view implements it (token window, sliding window, summarizing, citation, AutoContext,
 * observational, and seed 000's classes), and so do a `ConversationMemory` (the view of its whole log) and
 * `SimpleMemory`; `agent()`, `withMemory` and `memoryPrepareStep` take it. It is seed 000's `Memory` with what
 * an integration needs besides: the conversation underneath, the stored messages back from `store`, what the
 * last read assembled, and text meant for the instructions. A `Memory` of your own becomes one through
 * {@link toContextView}.
 * @example
 * const view: ContextView = createTokenWindowMemory({ conversation, maxTokens: 8_000 });
 * const [prompt] = await view.store({ role: 'user', content: 'Hello' }); // prompt.id
 * await view.read();
 * view.lastAssembly()?.items; // what that read sent, by source
 */
export interface ContextView<M extends ModelMessage = MemoryMessage> extends Memory<M> {
  /**
   * Says that this object is a context view, and of which version of the contract: integrations also take a
   * seed 000 `Memory`, and tell the two apart by this field (as the AI SDK tells model versions apart).
   */
  readonly specificationVersion: 'v1';
  /**
   * The conversation the view reads and stores into (its log, artifacts, counter and session); undefined only
   * for a `Memory` of your own adapted by {@link toContextView}, which keeps its messages itself.
   */
  readonly conversation: ConversationMemory | undefined;
  /** The messages the model should see, oldest first. */
  read(): Promise<M[]>;
  /** Stores one message, or several in order in one call; returns them as stored, with their ids and times. */
  store(messages: ModelMessage | readonly ModelMessage[]): Promise<MemoryMessage[]>;
  /** The messages stored since the conversation was opened (seed 000's `appended()`). */
  appended(): Promise<M[]>;
  /**
   * What the last `read()` assembled: every item by source with its tokens, what was left out and by which rule;
   * undefined before the first read, or for a view that does not choose (a conversation sends its whole log).
   */
  lastAssembly(): ContextAssembly | undefined;
  /**
   * Text the view sends through the AI SDK's `instructions` rather than among the messages (a summary with
   * `summaryRole: 'instructions'`); undefined when there is none. Views without such text leave it out.
   */
  instructions?(): Promise<string | undefined>;
}

/**
 * Throws `INVALID_ARGUMENT` naming `what` unless `value` is a {@link ContextView} (its `specificationVersion` and
 * methods); returns it. The check of an integration that takes a view.
 */
export function checkContextView(value: unknown, what: string, component: string): ContextView<ModelMessage> {
  checkMethods(value, what, component, ['read', 'store', 'appended']);
  if (!isContextView(value as Memory))
    throw new MemoryError({
      code: 'INVALID_ARGUMENT',
      component,
      message: `${what} must be a ContextView (an engram view, conversation or memory class; toContextView(memory) adapts a Memory of your own), got one without specificationVersion 'v1'`,
    });
  return checkMethods(value as ContextView<ModelMessage>, what, component, ['lastAssembly']);
}

/** Whether a memory is a {@link ContextView} (by the contract's own `specificationVersion`). */
export function isContextView<M extends ModelMessage>(
  memory: Memory<M> | ContextView<M>,
): memory is ContextView<M> {
  return (memory as Partial<ContextView<M>>).specificationVersion === 'v1';
}

/**
 * A memory as a {@link ContextView}: a view as it is, and a seed 000 `Memory` of your own (its `read`, `store`
 * and `appended`) wrapped once. The wrapper stores a batch one message at a time, in order, as seed 000's loop
 * does, and returns the messages with ids and times it assigned (your memory keeps them as given); it has no
 * `conversation`, and its `lastAssembly()` is undefined. Throws `INVALID_ARGUMENT` unless `memory` has the
 * three methods.
 * @example
 * class ArrayMemory implements Memory { … }
 * const view = toContextView(new ArrayMemory());
 */
export function toContextView<M extends ModelMessage>(memory: Memory<M> | ContextView<M>): ContextView<M> {
  checkMethods(memory, 'toContextView(memory)', 'views', ['read', 'store', 'appended']);
  if (isContextView(memory)) return memory;
  return {
    specificationVersion: 'v1',
    conversation: undefined,
    read: () => memory.read(),
    async store(messages) {
      const list: readonly ModelMessage[] = Array.isArray(messages) ? messages : [messages as ModelMessage];
      for (const message of list) await memory.store(message);
      return list.map((message) => withExtras(message));
    },
    appended: () => memory.appended(),
    lastAssembly: () => undefined,
  };
}
