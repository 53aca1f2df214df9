import { describe, expect, it } from 'vitest';
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

describe('createMemoryStore options', () => {
  it('a misspelt key or a maxMessageBytes that is no integer >= 1 is INVALID_ARGUMENT at creation', () => {
    const cases: [unknown, RegExp][] = [
      [{ maxMessageByte: 10 }, /createMemoryStore\(options\)\.maxMessageByte: not an option/],
      [{ maxMessageBytes: 'x' }, /maxMessageBytes must be an integer >= 1/],
      [{ maxMessageBytes: Number.NaN }, /maxMessageBytes must be an integer >= 1/],
      [{ maxMessageBytes: 0 }, /maxMessageBytes must be an integer >= 1/],
    ];
    for (const [options, message] of cases)
      expect(() => createMemoryStore(options as never), JSON.stringify(options)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(message) }),
      );
  });
});
