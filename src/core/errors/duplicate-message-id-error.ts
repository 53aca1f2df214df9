import { MemoryError } from './memory-error.ts';

/** A message was stored with an id the memory already holds (with different content). */
export class DuplicateMessageIdError extends MemoryError {
  /** The id that was already taken. */
  readonly messageId: string;

  constructor(options: { messageId: string; component?: string }) {
    super({
      code: 'DUPLICATE_MESSAGE_ID',
      component: options.component ?? 'memory',
      message: `a message with id "${options.messageId}" is already stored; ids are unique within a memory`,
    });
    this.name = 'DuplicateMessageIdError';
    this.messageId = options.messageId;
  }
}
