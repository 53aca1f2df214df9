import { createMemoryStore } from '../drivers/memory/memory-driver.ts';
import { describeLongTermStore } from '../testing/longterm/describe-long-term-store.ts';

describeLongTermStore('memory', { open: async () => createMemoryStore() });
