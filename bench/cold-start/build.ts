/**
 * Builds the cold-start suite's sessions (untimed, in the suite's process): a long session grown in batches through
 * the conversation, each batch then read through every view that keeps state (so its offloads, citations,
 * summaries and ladder steps exist, as after a process that used it), and a session stored through the
 * conversation only (never read through AutoContext).
 */

import type { ModelMessage } from 'ai';
import { splitTurns } from '../../src/testing.ts';
import { type OpenSession, openSession, statefulViews } from './views.ts';

/** A session that grows to each size in turn. */
export interface GrowingSession {
  /** Appends whole turns until the session holds at least `messages` messages; returns how many it holds. */
  growTo(messages: number): Promise<number>;
  /** Closes it. */
  close(): Promise<void>;
}

/**
 * Opens `sessionId` in the file at `path` and grows it from `source` in batches of about `batch` messages; with
 * `readThroughViews`, each batch is read through every stateful view.
 */
export function growSession(
  path: string,
  sessionId: string,
  source: readonly ModelMessage[],
  options: { batch: number; readThroughViews: boolean; log: (line: string) => void },
): GrowingSession {
  const session: OpenSession = openSession(path, sessionId);
  const views = options.readThroughViews ? statefulViews.map((name) => session.view(name)) : [];
  const turns = splitTurns(source);
  let next = 0;
  let stored = 0;
  return {
    async growTo(messages) {
      // Counted from the log: measurements between sizes may have appended turns.
      stored = (await session.conversation.stats()).count;
      while (stored < messages && next < turns.length) {
        const batch: ModelMessage[] = [];
        while (batch.length < options.batch && stored + batch.length < messages && next < turns.length)
          batch.push(...turns[next++]!);
        await session.conversation.store(batch);
        stored += batch.length;
        for (const view of views) await view.read();
        await session.idle(); // the citation view's older results stored, as a process that ran a while leaves them
        options.log(`  ${sessionId}: ${stored.toLocaleString('en-US')} messages`);
      }
      return stored;
    },
    close: () => session.close(),
  };
}
