import { describeContentStore, describeMemoryStore } from '../../testing/suites.ts';
import { createMemoryStore } from './memory-driver.ts';

// The memory store's data lives in its instance, so "reopening" it is keeping that instance (it is not
// closed): the reopen cases then check that reads after the writes agree, as on the durable drivers.
describeMemoryStore('memory', {
  open: async () => createMemoryStore(),
  reopen: async (previous) => previous,
});

describeContentStore('memory', {
  open: async () => createMemoryStore(),
  reopen: async (previous) => previous,
});
