/**
 * Child script of the libSQL two-process test: opens the store on a local file, prints `ready`, waits for the
 * parent's `go`, then appends `count` messages `p<writer>-<n>` to one session, one awaited append each. A failed
 * append prints `error <code> <message>` and is retried (the same message: the idempotent append accepts it), at
 * most 5 times; `ack <id> <seq>` after each acknowledged append, `done <n>` at the end, then `delay <p99> <max>`: the
 * event-loop delay in ms while appending (SQLite's busy timeout waits for the other process synchronously).
 */
import { MemoryError } from '../../src/driver.ts';
import { createLibsqlStore } from '../../src/libsql.ts';
import { childConfig, emit, waitForGo } from './child-process.ts';
import { measureLoopDelay } from './loop-delay.ts';
import { writerMessage } from './writer-messages.ts';

/** What the parent passes in argv[2]. */
export interface LibsqlAppendChildConfig {
  url: string;
  sessionId: string;
  writer: number;
  count: number;
}

const config = childConfig<LibsqlAppendChildConfig>();
const scope = { tenant: 'two-processes' };
const store = createLibsqlStore({ url: config.url });
await store.ready();
emit('ready');
await waitForGo();
const stopDelay = measureLoopDelay();
let appended = 0;
for (let n = 1; n <= config.count; n++) {
  const input = writerMessage(`p${config.writer}-${n}`, n);
  for (let attempt = 1; ; attempt++) {
    try {
      const [entry] = await store.append(scope, config.sessionId, [input]);
      emit(`ack ${input.message.id} ${entry?.seq}`);
      appended++;
      break;
    } catch (error) {
      const code = MemoryError.isInstance(error) ? error.code : 'RAW';
      emit(`error ${code} ${String(error).replaceAll('\n', ' ')}`);
      if (attempt >= 5) {
        await store.close();
        process.exit(1);
      }
    }
  }
}
const { p99, max } = stopDelay();
await store.close();
emit(`done ${appended}`);
emit(`delay ${p99.toFixed(1)} ${max.toFixed(1)}`);
