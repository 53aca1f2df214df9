/**
 * Child script of the conditional-append process race: opens a SQLite (or local libSQL) store on a shared file,
 * prints `ready`, waits for the parent's `go`, then appends `count` messages `p<writer>-<n>` to one session, each
 * decided from a read: `stats()` gives `lastSeq`, the newest live entry's id goes into the message
 * (`after <id>`, `after -` on an empty log), and the append is conditional on that `lastSeq` (`ifLastSeq`). On
 * `CONFLICT` (another process appended since the read) it reads again and retries, up to `maxTries` times a message.
 * With `conditional: false` the appends are plain (what the race gives without the condition). Prints
 * `ack <id> <seq>` per append, `done <n> <conflicts>` at the end; any other error `error <code> <message>`, exit 1.
 */
import { MemoryError } from '../../src/driver.ts';
import { createLibsqlStore } from '../../src/libsql.ts';
import { createSqliteStore } from '../../src/sqlite.ts';
import type { MemoryStoreV1 } from '../../src/store/memory-store.ts';
import { childConfig, emit, waitForGo } from './child-process.ts';

/** What the parent passes in argv[2]. */
export interface ConditionalAppendChildConfig {
  driver: 'sqlite' | 'libsql';
  /** The database file. */
  path: string;
  sessionId: string;
  writer: number;
  count: number;
  /** Most tries of one message before giving up. */
  maxTries: number;
  /** `false`: plain appends, for comparison. @default true */
  conditional?: boolean;
}

const config = childConfig<ConditionalAppendChildConfig>();
const scope = { tenant: 'conditional-race' };
const store: MemoryStoreV1 =
  config.driver === 'sqlite'
    ? createSqliteStore({ path: config.path })
    : createLibsqlStore({ url: `file:${config.path}` });
await store.stats(scope, config.sessionId);
emit('ready');
await waitForGo();
let conflicts = 0;
for (let n = 1; n <= config.count; n++) {
  const id = `p${config.writer}-${n}`;
  for (let attempt = 1; ; attempt++) {
    const { lastSeq } = await store.stats(scope, config.sessionId);
    const [newest] = await store.readRange(scope, config.sessionId, { direction: 'backward', limit: 1 });
    const message = {
      id,
      role: 'user' as const,
      content: `after ${newest?.message.id ?? '-'}`,
      createdAt: new Date(),
    };
    try {
      const options = config.conditional === false ? {} : { ifLastSeq: lastSeq };
      const [entry] = await store.append(scope, config.sessionId, [{ message, tokens: 1 }], options);
      emit(`ack ${id} ${entry?.seq}`);
      break;
    } catch (error) {
      if (MemoryError.hasCode(error, 'CONFLICT') && attempt < config.maxTries) {
        conflicts++;
        continue;
      }
      emit(
        `error ${MemoryError.isInstance(error) ? error.code : 'RAW'} ${String(error).replaceAll('\n', ' ')}`,
      );
      await store.close();
      process.exit(1);
    }
  }
}
await store.close();
emit(`done ${config.count} ${conflicts}`);
