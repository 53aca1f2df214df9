/**
 * Mastra's side of the concurrent-sessions comparison: N threads in one `LibSQLStore` + `Memory`, each appending
 * its share of the messages with `saveMessages`, one message per awaited call (converted to Mastra's stored
 * format before the clock starts, which favours Mastra). LibSQLStore runs WAL and sets synchronous=NORMAL on
 * one connection of its libSQL pool; the others open at FULL, so before the clock the suite sets NORMAL on every
 * connection of the pool (grown to its limit), and reads each one's level back after the run.
 */

import type { FixtureSlice } from '../storage/fixture.ts';
import { open, RESOURCE, settingsOf, toMastra } from '../storage/mastra.ts';
import { describeLevels, poolSynchronous, setPoolSynchronous } from './mastra-pool.ts';
import { timeLoops, type WriteResult } from './tasks.ts';

/** Options of {@link mastraSessions}. */
export interface MastraSessionsOptions {
  /** The libSQL file. */
  db: string;
  /** Concurrent threads. */
  sessions: number;
  /** Thread ids are `<prefix>-<k>`. */
  sessionPrefix: string;
  /** The messages, split evenly, in order, over the threads. */
  slice: FixtureSlice;
}

/** N Mastra threads appending at once, one `saveMessages` of one message per awaited call. */
export async function mastraSessions(o: MastraSessionsOptions): Promise<WriteResult> {
  const per = Math.floor(o.slice.messages.length / o.sessions);
  const ids = Array.from({ length: o.sessions }, (_, k) => `${o.sessionPrefix}-${k}`);
  const converted = await Promise.all(
    ids.map((session, k) => toMastra({ session }, o.slice.messages.slice(k * per, (k + 1) * per))),
  );
  const { storage, memory } = await open({ db: o.db });
  for (const threadId of ids) await memory.createThread({ resourceId: RESOURCE, threadId });
  const set = await setPoolSynchronous(storage, 'NORMAL');
  if (set.some((l) => l !== 'NORMAL')) throw new Error(`Mastra pool not at NORMAL: ${describeLevels(set)}`);
  const timed = await timeLoops(o.sessions, per, (k, i) =>
    memory.saveMessages({ messages: [converted[k]![i]] }),
  );
  const pool = await poolSynchronous(storage);
  const settings = `${await settingsOf(storage)}; pool of ${pool.length}: ${describeLevels(pool)}`;
  await storage.close?.();
  return { ...timed, settings };
}
