import { errorText } from './describe-value.ts';

const marker = Symbol.for('engram.error');

/** The closed set of codes an engram error can carry. */
export type MemoryErrorCode =
  | 'INVALID_MESSAGE'
  | 'INVALID_ARGUMENT'
  | 'DUPLICATE_MESSAGE_ID'
  | 'MESSAGE_NOT_FOUND'
  | 'SESSION_NOT_FOUND'
  | 'ITEM_NOT_FOUND'
  | 'RECORD_NOT_FOUND'
  | 'CONFLICT'
  | 'CONTEXT_OVERFLOW'
  | 'PAYLOAD_TOO_LARGE'
  | 'INVALID_QUERY'
  | 'STORE_ERROR'
  | 'STORE_CLOSED'
  | 'MIGRATION_ERROR'
  | 'MISSING_DEPENDENCY'
  | 'SUMMARIZER_ERROR';

/** Options shared by every engram error. */
export interface MemoryErrorOptions {
  /** The machine-readable code. */
  code: MemoryErrorCode;
  /** The human message, without the `[engram]` prefix. */
  message: string;
  /** The component that raised it (`sqlite`, `views`, …); becomes the second prefix. */
  component?: string;
  /** The underlying error, if any. */
  cause?: unknown;
}

/**
 * Base class of every error engram throws. Its message is prefixed `[engram] [component]`, it carries a
 * `code` from a closed set and an optional `cause`; `MemoryError.isInstance` works across copies of the package.
 */
export class MemoryError extends Error {
  readonly [marker] = true;
  /** The machine-readable code. */
  readonly code: MemoryErrorCode;
  /** The component that raised it. */
  readonly component: string | undefined;

  constructor(options: MemoryErrorOptions) {
    // The component and message may carry bad input (a symbol, a BigInt): build the text without throwing.
    const prefix = options.component ? `[engram] [${errorText(options.component)}] ` : '[engram] ';
    super(
      prefix + errorText(options.message),
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'MemoryError';
    this.code = options.code;
    this.component = options.component;
  }

  /** True when `error` is an engram error, even one thrown by another copy of the package. */
  static isInstance(error: unknown): error is MemoryError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[marker] === true;
  }

  /** True when `error` is an engram error with the given code. */
  static hasCode(error: unknown, code: MemoryErrorCode): error is MemoryError {
    return MemoryError.isInstance(error) && error.code === code;
  }
}
