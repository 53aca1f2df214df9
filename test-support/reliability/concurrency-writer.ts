/**
 * Child script of the SQLite concurrency test: prints `ready` once open, waits for the parent's `go`, appends `count` messages `p<writer>-<n>` to one session, one
 * awaited append each. Prints `error <code> <message>` for every failed attempt (then retries the same,
 * idempotent append, at most 5 times) and `done <n> <slowest append in ms> <event-loop delay p99 in ms>
 * <event-loop delay max in ms>` at the end (the delay is sampled with `monitorEventLoopDelay` while appending).
 */
import { MemoryError } from '../../src/core/errors/memory-error.ts';
import { openSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { childConfig, emit, waitForGo } from './child-process.ts';
import { measureLoopDelay } from './loop-delay.ts';
import { writerMessage } from './writer-messages.ts';

/** What the parent passes in argv[2]. */
export interface ConcurrencyWriterConfig {
  path: string;
  sessionId: string;
  writer: number;
  count: number;
  durability: 'power' | 'process';
}

const config = childConfig<ConcurrencyWriterConfig>();
const scope = { tenant: 'concurrency' };
const store = await openSqliteStore({ path: config.path, durability: config.durability });
emit('ready');
await waitForGo();
const stopDelay = measureLoopDelay();
let appended = 0;
let slowest = 0;
for (let n = 1; n <= config.count; n++) {
  const input = writerMessage(`p${config.writer}-${n}`, n);
  for (let attempt = 1; ; attempt++) {
    try {
      const started = performance.now();
      await store.append(scope, config.sessionId, [input]);
      slowest = Math.max(slowest, performance.now() - started);
      appended++;
      break;
    } catch (error) {
      const code = MemoryError.isInstance(error) ? error.code : 'RAW';
      const cause =
        error instanceof Error && error.cause instanceof Error ? ` (cause: ${error.cause.message})` : '';
      emit(`error ${code} ${String(error).replaceAll('\n', ' ')}${cause.replaceAll('\n', ' ')}`);
      if (attempt >= 5) {
        await store.close();
        process.exit(1);
      }
    }
  }
}
const { p99, max } = stopDelay();
await store.close();
emit(`done ${appended} ${Math.round(slowest)} ${p99.toFixed(1)} ${max.toFixed(1)}`);
