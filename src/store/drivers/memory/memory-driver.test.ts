import { describeMemoryStore } from '../../../testing/index.ts';
import { createMemoryStore } from './memory-driver.ts';

describeMemoryStore('memory', { open: async () => createMemoryStore() });
