export { createMemoryStore, type MemoryDriverOptions } from './memory-driver.ts';
