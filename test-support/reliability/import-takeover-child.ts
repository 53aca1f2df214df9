/**
 * Child script of the import takeover race between processes: opens a SQLite (or local libSQL) store on a shared
 * file and imports one session (`writeSessions`, what `engram import` runs) whose id a crashed run left marked
 * incomplete, with `count` messages `w<writer>-<n>` and metadata `{ by: <writer> }`. The store is the real one,
 * but its first `deleteSession` (the takeover's) prints `at-delete` and waits for the parent's `go` first: two
 * children released together have both checked the crashed session and neither has deleted it yet. Prints `ok`
 * and exits 0, or, refused as `engram import` refuses (a `BadInputError`), `refused <message>` and exits 3 (the
 * command line's bad-input code); any other error `error <code> <message>`, exit 1.
 */
import { BadInputError } from '../../src/cli/bad-input-error.ts';
import { writeSessions } from '../../src/cli/ingest/write-sessions.ts';
import type { MemoryMessage } from '../../src/core/message.ts';
import { MemoryError } from '../../src/driver.ts';
import { createLibsqlStore } from '../../src/libsql.ts';
import { createSqliteStore } from '../../src/sqlite.ts';
import type { MemoryStoreV1 } from '../../src/store/memory-store.ts';
import { childConfig, emit, waitForGo } from './child-process.ts';

/** What the parent passes in argv[2]. */
export interface ImportTakeoverChildConfig {
  driver: 'sqlite' | 'libsql';
  /** The database file. */
  path: string;
  sessionId: string;
  writer: number;
  /** Messages it imports. */
  count: number;
}

/** The scope `engram import` writes to by default. */
export const importScope = { tenant: 'default', user: 'default', agent: 'default' };

const config = childConfig<ImportTakeoverChildConfig>();
const store: MemoryStoreV1 =
  config.driver === 'sqlite'
    ? createSqliteStore({ path: config.path })
    : createLibsqlStore({ url: `file:${config.path}` });
let waited = false;
const barred = new Proxy(store, {
  get(target, key, receiver) {
    if (key === 'deleteSession')
      return async (...args: Parameters<MemoryStoreV1['deleteSession']>) => {
        if (!waited) {
          waited = true;
          emit('at-delete');
          await waitForGo();
        }
        return target.deleteSession(...args);
      };
    const value = Reflect.get(target, key, receiver);
    return typeof value === 'function' ? value.bind(target) : value;
  },
});
const messages = Array.from(
  { length: config.count },
  (_, n): MemoryMessage => ({
    id: `w${config.writer}-${n}`,
    role: 'user',
    content: `message ${n} of writer ${config.writer}`,
    createdAt: new Date('2026-01-01T00:00:00.000Z'),
  }),
);
try {
  await writeSessions(barred, importScope, [
    { id: config.sessionId, metadata: { by: config.writer }, messages },
  ]);
  await store.close();
  emit('ok');
  process.exit(0);
} catch (error) {
  await store.close();
  if (error instanceof BadInputError) {
    emit(`refused ${error.message}`);
    process.exit(3);
  }
  emit(`error ${MemoryError.isInstance(error) ? error.code : 'RAW'} ${String(error).replaceAll('\n', ' ')}`);
  process.exit(1);
}
