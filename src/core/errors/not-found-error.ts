import { MemoryError } from './memory-error.ts';

/** A session or message that the caller's scope cannot see (it does not exist, or it belongs to another scope). */
export class NotFoundError extends MemoryError {
  /** What was looked for. */
  readonly kind: 'session' | 'message';
  /** Its id. */
  readonly id: string;

  constructor(options: { kind: 'session' | 'message'; id: string; component?: string }) {
    super({
      code: options.kind === 'session' ? 'SESSION_NOT_FOUND' : 'MESSAGE_NOT_FOUND',
      component: options.component,
      message: `${options.kind} "${options.id}" not found`,
    });
    this.name = 'NotFoundError';
    this.kind = options.kind;
    this.id = options.id;
  }
}
