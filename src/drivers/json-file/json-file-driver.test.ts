import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
