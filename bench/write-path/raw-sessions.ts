/**
 * The raw one-commit loop run the way the sessions suite runs everyone: N sessions of one process, each
 * appending its share one row per awaited call, one transaction per row, into the storage suite's bare table
 * (rows built before the clock starts). node:sqlite is synchronous, so the commits queue one after another: it
 * shows what one commit per append allows, however many sessions wait.
 */

import type { FixtureSlice } from '../storage/fixture.ts';
import { openRawLoop, rawRows, readSettings } from '../storage/raw-sqlite.ts';
import type { Durability } from '../storage/tasks.ts';
import { timeLoops, type WriteResult } from './tasks.ts';

/** Options of {@link rawSessions}. */
export interface RawSessionsOptions {
  /** The SQLite file. */
  db: string;
  durability: Durability;
  /** Concurrent sessions. */
  sessions: number;
  /** Session ids are `<prefix>-<k>`. */
  sessionPrefix: string;
  /** The rows' messages, split evenly, in order, over the sessions. */
  slice: FixtureSlice;
}

/** N sessions appending at once with the raw loop; aggregate wall time, per-call latency and CPU. */
export async function rawSessions(o: RawSessionsOptions): Promise<WriteResult> {
  const rows = rawRows(o.slice);
  const ids = Array.from({ length: o.sessions }, (_, k) => `${o.sessionPrefix}-${k}`);
  const per = Math.floor(rows.length / o.sessions);
  const loop = await openRawLoop(o.db, o.durability, 'plain', ids);
  const timed = await timeLoops(o.sessions, per, async (k, i) =>
    loop.append(ids[k]!, rows[k * per + i]!, i + 1),
  );
  const settings = readSettings(loop.db);
  loop.db.close();
  return { ...timed, settings };
}
