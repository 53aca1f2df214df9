/**
 * @module engram/testing
 * The store conformance suite every driver passes (`describeMemoryStore`), with fixtures. Needs vitest and
 * fast-check (optional peer dependencies).
 * @example
 * import { describeMemoryStore } from 'engram/testing';
 * describeMemoryStore('my-driver', { open: async () => createMyStore() });
 */
export * from './testing/index.ts';
