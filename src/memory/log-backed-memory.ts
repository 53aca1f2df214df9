import type { ModelMessage } from 'ai';
import { checkKnownKeys, checkOptions } from '../core/check-options.ts';
import { MemoryError } from '../core/errors/memory-error.ts';
import type { MemoryMessage } from '../core/message.ts';
import { stripExtras } from '../messages/to-model-message.ts';
import {
  type ConversationMemory,
  type ConversationMemoryOptions,
  conversationOptionKeys,
  createConversationMemory,
} from './conversation-memory.ts';
import type { Memory } from './memory.ts';

/**
 * engram's extras for seed 000's memory classes: where the log lives. Without them a class keeps its log in
 * process, like the seed's array; with a `store` (SQLite, PostgreSQL, JSON files) and a `sessionId` it is durable.
 */
export type MemoryLogOptions = Omit<ConversationMemoryOptions, 'initialMessages'>;

const { initialMessages: _constructorMessages, ...logKeys } = conversationOptionKeys;
/** Every key of {@link MemoryLogOptions}: the conversation's options but `initialMessages` (the constructor's messages). */
export const memoryLogKeys: Record<keyof MemoryLogOptions, true> = logKeys;

/**
 * Checks the options of a seed class (`new SimpleMemory`) or its factory: an object whose every key `known` lists
 * (the log's options, with the class's own), `INVALID_ARGUMENT` naming `what` and the key otherwise.
 */
export function checkClassOptions<T extends object>(
  options: T,
  known: Record<keyof T, true>,
  what: string,
  component: string,
): T {
  checkOptions(options, what, component);
  checkKnownKeys(options, known, what, component);
  return options;
}

/**
 * The base of seed 000's memory classes (`SimpleMemory`, `SlidingWindowMemory`, `TokenWindowMemory`,
 * `SummarizingMemory`): a {@link ConversationMemory} seeded with the constructor's messages. `read()` and
 * `appended()` return plain `ModelMessage`s — exactly what was stored, without engram's `id` and `createdAt`
 * (those stay available on `conversation`, and `store` returns the stored messages with them). Each class is a
 * `ContextView` (engram/views) over its conversation.
 */
export class LogBackedMemory implements Memory {
  /** Marks a `ContextView` (engram/views), version 1. */
  readonly specificationVersion = 'v1' as const;
  /** The conversation the messages are stored in, with `get`, `recent`, `find`, `prune`, `saveState`, … */
  readonly conversation: ConversationMemory;
  #initialCount: number;
  #opened: Promise<void> | undefined;

  constructor(messages: readonly ModelMessage[] = [], options: MemoryLogOptions = {}) {
    if (!Array.isArray(messages)) {
      throw new MemoryError({
        code: 'INVALID_ARGUMENT',
        component: 'memory',
        message: `${new.target.name}: messages must be an array of ModelMessages, got ${messages === null ? 'null' : typeof messages}`,
      });
    }
    checkClassOptions(options, memoryLogKeys, `new ${new.target.name}`, 'memory');
    this.conversation = createConversationMemory({ ...options, initialMessages: messages });
    this.#initialCount = messages.length;
  }

  /**
   * The number of messages the memory started with (seed 000's `initialCount`): the constructor's messages,
   * or, once any method has run over a durable session that already had history, that history's length.
   */
  get initialCount(): number {
    return this.#initialCount;
  }

  /** All messages, initial and appended, as stored. */
  async read(): Promise<ModelMessage[]> {
    return (await this.whenOpen(() => this.conversation.read())).map(stripExtras);
  }

  /** Stores one message, or several in order; returns them as stored (with engram's ids and times). */
  async store(message: ModelMessage | readonly ModelMessage[]): Promise<MemoryMessage[]> {
    return this.whenOpen(() => this.conversation.store(message));
  }

  /** The messages stored after construction, as stored. */
  async appended(): Promise<ModelMessage[]> {
    return (await this.whenOpen(() => this.conversation.appended())).map(stripExtras);
  }

  /**
   * Runs `task` on the conversation behind the first call's look at the log (queued first, so it sees the log as
   * opened and sets `initialCount`).
   */
  protected async whenOpen<T>(task: () => Promise<T>): Promise<T> {
    const opened = this.#open();
    const [, result] = await Promise.all([opened, task()]);
    return result;
  }

  #open(): Promise<void> {
    this.#opened ??= this.conversation.stats().then(
      (stats) => {
        this.#initialCount = stats.count;
      },
      (error: unknown) => {
        this.#opened = undefined; // a failed open is retried by the next call
        throw error;
      },
    );
    return this.#opened;
  }
}
