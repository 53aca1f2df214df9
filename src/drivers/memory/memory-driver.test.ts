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

describe('createMemoryStore listArtifacts with since', () => {
  it('lists only the artifacts written or rewritten at or after it (a reader following the session gets what is new)', async () => {
    const store = createMemoryStore();
    const scope = { tenant: 't' };
    await store.createSession(scope, { id: 's' });
    const put = (id: string, at: number) =>
      store.putArtifact(
        scope,
        's',
        { id, kind: 'k', fromSeq: 1, toSeq: 1, data: id },
        { createdAt: new Date(at) },
      );
    await put('old', 1000);
    await put('edge', 2000);
    await put('new', 3000);
    await put('old', 2500);
    const ids = async (since: number) =>
      (await store.listArtifacts(scope, 's', 'k', new Date(since))).map((a) => a.id).sort();
    expect(await ids(2000)).toEqual(['edge', 'new', 'old']);
    expect(await ids(2001)).toEqual(['new', 'old']);
    expect(await ids(3001)).toEqual([]);
    expect((await store.listArtifacts(scope, 's', 'k')).map((a) => a.id).sort()).toEqual([
      'edge',
      'new',
      'old',
    ]);
  });
});
