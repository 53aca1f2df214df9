/**
 * Child script of the import crash test: prints `started`, then imports a session JSONL file as `engram import`
 * does, into a SQLite file or a PostgreSQL schema (through the real command line, `main`), or into a json-file
 * directory (through `importSession`, the function that command calls; the command line opens no json-file
 * store), and prints `done <exit code>`. The parent SIGKILLs it at a random moment.
 */

import { readInputFile } from '../../src/cli/input-file.ts';
import { main } from '../../src/cli/main.ts';
import { importSession, parseSessionJsonl } from '../../src/cli/session-jsonl.ts';
import { createJsonFileStore } from '../../src/drivers/json-file/json-file-driver.ts';
import { childConfig, emit } from './child-process.ts';

/** What the parent passes in argv[2]: the file and where to import it. */
export interface ImportChildConfig {
  file: string;
  db?: string;
  pg?: { url: string; schema: string };
  jsonFile?: string;
}

const config = childConfig<ImportChildConfig>();
emit('started');
if (config.jsonFile) {
  const store = createJsonFileStore({ directory: config.jsonFile });
  await importSession(store, { tenant: 'default' }, parseSessionJsonl(readInputFile(config.file)));
  await store.close();
  emit('done 0');
} else {
  const where = config.db ? ['--db', config.db] : ['--pg', config.pg!.url, '--schema', config.pg!.schema];
  emit(`done ${await main([...where, '--json', 'import', config.file])}`);
}
