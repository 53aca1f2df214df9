/**
 * @module engram/testing
 * The `MemoryStoreV1` conformance suite every driver runs (vitest), and fixtures for tests.
 * Requires `vitest` and `fast-check` (optional peer dependencies).
 * @example
 * import { describeMemoryStore } from 'engram/testing';
 * describeMemoryStore('my-driver', { open: async () => createMyStore(), reopen: async (prev) => { await prev.close(); return createMyStore(); } });
 */
export * from './cases/index.ts';
export * from './describe-memory-store.ts';
export * from './fixtures.ts';
export * from './scripted-conversation.ts';
export * from './store-case.ts';
