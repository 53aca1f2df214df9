import type { ModelMessage } from 'ai';

/**
 * Marks a memory whose `store` takes several messages in one call (every engram memory and view): the agent loop
 * stores a step's messages in one call, so a tool call and its result are written together.
 */
export const storesMany: unique symbol = Symbol.for('engram.memory.storesMany');

/**
 * The Memory interface of seed 000, exactly: `read()` returns what the model should see, `store()` adds one
 * message, `appended()` returns what was stored since the memory was created. `store` may be synchronous, so a
 * user's own class (an array and a `push`) implements it as the seed's examples do. engram's memories and views
 * also take several messages in one `store` call and always return a promise.
 */
export interface Memory<M extends ModelMessage = ModelMessage> {
  /** All messages (initial + appended), or for a view, the messages the model should see. */
  read(): Promise<M[]>;
  /** Stores a new message (user, assistant, or tool result). */
  store(message: ModelMessage): void | Promise<void>;
  /** Only the messages added after initialization (new this run). */
  appended(): Promise<M[]>;
  /** Present (true) when `store` also takes an array of messages, stored in order in one call. */
  readonly [storesMany]?: true;
}
