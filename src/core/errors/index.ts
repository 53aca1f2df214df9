export * from './context-overflow-error.ts';
export * from './duplicate-message-id-error.ts';
export * from './invalid-message-error.ts';
export { InvalidValueError } from './invalid-value-error.ts';
export * from './memory-error.ts';
export * from './not-found-error.ts';
