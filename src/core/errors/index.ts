export { ContextOverflowError } from './context-overflow-error.ts';
export { DuplicateMessageIdError } from './duplicate-message-id-error.ts';
export { errorReason } from './error-reason.ts';
export { InvalidMessageError, type MessageIssue } from './invalid-message-error.ts';
export { InvalidValueError } from './invalid-value-error.ts';
export { MemoryError, type MemoryErrorCode, type MemoryErrorOptions } from './memory-error.ts';
export { NotFoundError } from './not-found-error.ts';
