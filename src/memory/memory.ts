import type { ModelMessage } from 'ai';

/**
 * The Memory interface of seed 000, exactly: `read()` returns what the model should see, `store()` adds one
 * message (or several, in order), `appended()` returns what was stored since the memory was created.
 */
export interface Memory<M extends ModelMessage = ModelMessage> {
  /** All messages (initial + appended), or for a view, the messages the model should see. */
  read(): Promise<M[]>;
  /** Stores a new message (user, assistant, or tool result), or several in order. */
  store(message: ModelMessage | readonly ModelMessage[]): Promise<void>;
  /** Only the messages added after initialization (new this run). */
  appended(): Promise<M[]>;
}
