/**
 * Child script of the SQLite concurrency test: reads the whole session over and over while writers append,
 * until it holds `total` messages. Checks itself that each snapshot is gapless (seq 1..n) and extends the
 * previous one; prints `snap <n> <sha256 of the ids, one per line>` per snapshot and `error <text>` for any
 * failure or violation.
 */
import { createHash } from 'node:crypto';
import { openSqliteStore } from '../../src/drivers/sqlite/sqlite-driver.ts';
import { childConfig, emit } from './child-process.ts';

/** What the parent passes in argv[2]. */
export interface ConcurrencyReaderConfig {
  path: string;
  sessionId: string;
  total: number;
}

const config = childConfig<ConcurrencyReaderConfig>();
const scope = { tenant: 'concurrency' };
const store = await openSqliteStore({ path: config.path });
let previous: string[] = [];
let snapshots = 0;
while (previous.length < config.total) {
  let ids: string[];
  try {
    const entries = await store.readRange(scope, config.sessionId);
    ids = entries.map((e) => e.message.id);
    const gap = entries.findIndex((e, i) => e.seq !== i + 1);
    if (gap >= 0) emit(`error snapshot ${snapshots}: entry ${gap} has seq ${entries[gap]!.seq}`);
  } catch (error) {
    emit(`error ${String(error).replaceAll('\n', ' ')}`);
    break;
  }
  if (ids.length < previous.length || previous.some((id, i) => ids[i] !== id)) {
    emit(`error snapshot ${snapshots} (${ids.length}) does not extend the previous one (${previous.length})`);
  }
  previous = ids;
  snapshots++;
  emit(`snap ${ids.length} ${createHash('sha256').update(ids.join('\n')).digest('hex')}`);
}
await store.close();
emit(`done ${snapshots}`);
