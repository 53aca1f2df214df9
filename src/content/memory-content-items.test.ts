import { describeContentStore } from '../testing/content/index.ts';
import { createMemoryContentItems } from './memory-content-items.ts';

describeContentStore('in-process (standalone)', {
  open: async () => {
    let closed = false;
    return {
      contentItems: createMemoryContentItems({ isClosed: () => closed }),
      close: async () => {
        closed = true;
      },
    };
  },
});
