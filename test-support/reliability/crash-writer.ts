/**
 * Child script of the SQLite crash test: appends batches of 1–5 deterministic messages (`w-<n>`) to one
 * session until it is killed. Prints `ready` once the store is open, `pending <n…>` before each append and
 * `ack <n…>` after it resolves; first re-sends the batch the parent says was pending when the previous child
 * died (same ids, same content).
 */
import { openSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { childConfig, emit } from './child-process.ts';
import { prng, writerMessage } from './writer-messages.ts';

/** What the parent passes in argv[2]. */
export interface CrashWriterConfig {
  path: string;
  durability: 'power' | 'process';
  sessionId: string;
  /** The first new message number. */
  next: number;
  /** Message numbers of the batch that was pending (unacknowledged) when the last writer died. */
  retry: number[];
  seed: number;
}

const config = childConfig<CrashWriterConfig>();
const scope = { tenant: 'crash' };
const store = await openSqliteStore({ path: config.path, durability: config.durability });
if (!(await store.getSession(scope, config.sessionId)))
  await store.createSession(scope, { id: config.sessionId });
emit('ready');

const append = async (ns: number[]) => {
  emit(`pending ${ns.join(' ')}`);
  await store.append(
    scope,
    config.sessionId,
    ns.map((n) => writerMessage(`w-${n}`, n)),
  );
  emit(`ack ${ns.join(' ')}`);
};

if (config.retry.length > 0) await append(config.retry);
const random = prng(config.seed);
let next = config.next;
for (;;) {
  const size = 1 + Math.floor(random() * 5);
  const batch = Array.from({ length: size }, (_, i) => next + i);
  next += size;
  await append(batch);
}
