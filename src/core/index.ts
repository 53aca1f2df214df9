/**
 * @module engram/core
 * The message model, ids, scopes, clock and typed errors every other area builds on.
 * @example
 * import { MemoryError } from 'engram';
 * try { await memory.store(msg); } catch (e) { if (MemoryError.hasCode(e, 'INVALID_MESSAGE')) console.error(e.message); }
 */
export * from './clock.ts';
export * from './errors/index.ts';
export * from './ids.ts';
export * from './message.ts';
export * from './scope.ts';
export * from './serial-queue.ts';
