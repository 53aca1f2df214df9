/**
 * Child script of the json-file lock test: opens a json-file store on `directory`, appends one message to
 * session `locked` and prints `held`, or prints `refused <code>` when another handle holds the directory; then
 * waits for the parent's go (stdin) and closes the store (printing `closed`), unless the parent SIGKILLs it first.
 */
import { MemoryError } from '../../src/core/errors/memory-error.ts';
import { createJsonFileStore } from '../../src/drivers/json-file/json-file-driver.ts';
import { childConfig, emit, waitForGo } from './child-process.ts';

/** What the parent passes in argv[2]. */
export interface JsonFileLockChildConfig {
  directory: string;
}

const { directory } = childConfig<JsonFileLockChildConfig>();
const store = createJsonFileStore({ directory });
const scope = { tenant: 'lock' };
try {
  if (!(await store.getSession(scope, 'locked'))) await store.createSession(scope, { id: 'locked' });
  const id = `child-${process.pid}`;
  await store.append(scope, 'locked', [
    { message: { id, role: 'user', content: id, createdAt: new Date() }, tokens: 1 },
  ]);
  emit('held');
} catch (error) {
  emit(`refused ${MemoryError.isInstance(error) ? error.code : String(error)}`);
}
await waitForGo();
await store.close();
emit('closed');
