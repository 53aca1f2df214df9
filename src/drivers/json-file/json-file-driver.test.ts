import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createConversationMemory } from '../../memory/conversation-memory.ts';
import { describeMemoryStore } from '../../testing/suites.ts';
import { createJsonFileStore } from './json-file-driver.ts';

const directory = await mkdtemp(join(tmpdir(), 'engram-json-file-'));

describeMemoryStore('json-file', {
  open: async () => createJsonFileStore({ directory }),
  reopen: async (previous) => {
    await previous.close();
    return createJsonFileStore({ directory });
  },
  cleanup: () => rm(directory, { recursive: true, force: true }),
});

describe('createJsonFileStore options', () => {
  it('refuses a misspelt or missing directory at once, naming it (not at the first write)', () => {
    for (const [options, message] of [
      [
        { dir: directory },
        /createJsonFileStore\(options\)\.dir: not an option of createJsonFileStore \(its options: directory, maxMessageBytes\)/,
      ],
      [{}, /directory must be a non-empty string, got undefined/],
      [{ directory: 7 }, /directory must be a non-empty string, got 7/],
      [{ directory, maxMessageBytes: -1 }, /maxMessageBytes/],
    ] as const)
      expect(() => createJsonFileStore(options as never)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(message) }),
      );
  });
});

describe('json-file: the log id across reopens', () => {
  it('a reopened session is the same log (its id kept in the session document); a session created again is a new one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engram-json-logid-'));
    try {
      const scope = { tenant: 't' };
      const first = createJsonFileStore({ directory: dir });
      await createConversationMemory({ store: first, scope, sessionId: 's' }).store({
        role: 'user',
        content: 'hi',
      });
      const before = (await first.stats(scope, 's')).logId;
      await first.close();
      const again = createJsonFileStore({ directory: dir });
      expect((await again.stats(scope, 's')).logId).toBe(before);
      await again.deleteSession(scope, 's');
      await createConversationMemory({ store: again, scope, sessionId: 's' }).store({
        role: 'user',
        content: 'new',
      });
      expect((await again.stats(scope, 's')).logId).not.toBe(before);
      await again.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
