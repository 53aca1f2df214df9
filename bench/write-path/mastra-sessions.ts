/**
 * Mastra's side of the concurrent-sessions comparison: N threads in one `LibSQLStore` + `Memory`, each appending
 * its share of the messages with `saveMessages`, one message per awaited call (converted to Mastra's stored
 * format before the clock starts, which favours Mastra). LibSQLStore runs WAL + synchronous=NORMAL.
 */

import type { FixtureSlice } from '../storage/fixture.ts';
import { open, RESOURCE, settingsOf, toMastra } from '../storage/mastra.ts';
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
  const timed = await timeLoops(o.sessions, per, (k, i) =>
    memory.saveMessages({ messages: [converted[k]![i]] }),
  );
  const settings = await settingsOf(storage);
  await storage.close?.();
  return { ...timed, settings };
}
