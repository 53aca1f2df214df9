import type { ModelMessage } from 'ai';

/**
 * The Memory interface of seed 000: `read()` returns what the model should see, `store()` adds one message,
 * `appended()` returns what was stored since the memory was created. `store` may be synchronous, so a user's own
 * class (an array and a `push`) implements it as the seed's examples do. engram's memories and views are
 * `ContextView`s (engram/views): they also take several messages in one `store` call and return them as stored,
 * which is why `store` may resolve to a value here (the seed's `void | Promise<void>` implements it unchanged).
 */
export interface Memory<M extends ModelMessage = ModelMessage> {
  /** All messages (initial + appended), or for a view, the messages the model should see. */
  read(): Promise<M[]>;
  /** Stores a new message (user, assistant, or tool result). */
  // biome-ignore lint/suspicious/noConfusingVoidType: seed 000's signature, widened: a synchronous store returns nothing
  store(message: ModelMessage): void | Promise<unknown>;
  /** Only the messages added after initialization (new this run). */
  appended(): Promise<M[]>;
}
