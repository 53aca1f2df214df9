import { errorText } from './describe-value.ts';
import { MemoryError } from './memory-error.ts';

/** One problem found in a message: where (`content[1].output.type`) and what. */
export interface MessageIssue {
  /** The field path, dot and bracket notation, from the message root. */
  path: string;
  /** What is wrong there. */
  problem: string;
}

/** A message that does not match the MemoryMessage schema; the message names each field path and problem. */
export class InvalidMessageError extends MemoryError {
  /** Every problem found, in schema order. */
  readonly issues: readonly MessageIssue[];
  /** Where the message came from, e.g. `messages[3]`, when it was part of a batch. */
  readonly location: string | undefined;

  constructor(options: { issues: MessageIssue[]; location?: string; cause?: unknown; component?: string }) {
    const where = options.location ? `${errorText(options.location)}: ` : '';
    const detail = options.issues
      .map((i) => `${errorText(i.path || '(root)')}: ${errorText(i.problem)}`)
      .join('; ');
    super({
      code: 'INVALID_MESSAGE',
      component: options.component ?? 'messages',
      message: `invalid message ${where}${detail}`,
      cause: options.cause,
    });
    this.name = 'InvalidMessageError';
    this.issues = options.issues;
    this.location = options.location;
  }
}
