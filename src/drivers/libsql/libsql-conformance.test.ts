import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createLibsqlStore, type LibsqlStore } from '../../libsql.ts';
import { describeContentStore, describeLongTermStore, describeMemoryStore } from '../../testing.ts';

/** The three conformance suites, unmodified, each on its own local file, reopened by closing and opening it again. */
const dir = mkdtempSync(join(tmpdir(), 'engram-libsql-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function onFile(name: string) {
  const url = `file:${join(dir, name)}`;
  return {
    open: async () => createLibsqlStore({ url }),
    reopen: async (previous: { close?(): Promise<void> }) => {
      await previous.close?.();
      return createLibsqlStore({ url });
    },
  };
}

const log = onFile('log.db');
describeMemoryStore('libsql (file)', {
  open: log.open,
  reopen: (previous) => log.reopen(previous),
});
describeMemoryStore('libsql (:memory:)', { open: async () => createLibsqlStore({ url: ':memory:' }) });
const content = onFile('content.db');
describeContentStore('libsql (file)', {
  open: content.open,
  reopen: (previous) => content.reopen(previous),
});
const longTerm = onFile('long-term.db');
describeLongTermStore('libsql (file)', {
  open: longTerm.open,
  reopen: (previous): Promise<LibsqlStore> => longTerm.reopen(previous),
});
