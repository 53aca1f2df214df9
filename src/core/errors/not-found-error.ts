import { describeValue, errorText } from './describe-value.ts';
import { MemoryError } from './memory-error.ts';

const codes = {
  session: 'SESSION_NOT_FOUND',
  message: 'MESSAGE_NOT_FOUND',
  'content item': 'ITEM_NOT_FOUND',
} as const;

/**
 * A session, message or content item that the caller's scope cannot see (it does not exist, or it belongs to
 * another scope or space).
 */
export class NotFoundError extends MemoryError {
  /** What was looked for. */
  readonly kind: 'session' | 'message' | 'content item';
  /** Its id. */
  readonly id: string;

  constructor(options: { kind: 'session' | 'message' | 'content item'; id: string; component?: string }) {
    super({
      code: codes[options.kind],
      component: options.component,
      message: `${errorText(options.kind)} ${describeValue(options.id)} not found`,
    });
    this.name = 'NotFoundError';
    this.kind = options.kind;
    this.id = options.id;
  }
}
