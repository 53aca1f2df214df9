import type { LogEntry } from '../../core/message.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';

/** Log entries read at a time, newest first (what a chat looks for is usually among the newest). */
export const backwardPage = 64;

/**
 * The chat's log read backward, a page of `backwardPage` entries at a time, from its newest entry to its oldest:
 * each page oldest first, as `entries` returns a backward page. The caller stops when it has found what it reads for.
 */
export async function* backwardPages(conversation: ConversationMemory): AsyncGenerator<LogEntry[]> {
  for (let toSeq: number | undefined; ; ) {
    const entries = await conversation.entries({
      direction: 'backward',
      limit: backwardPage,
      ...(toSeq === undefined ? {} : { toSeq }),
    });
    if (entries.length === 0) return;
    yield entries;
    toSeq = entries[0]!.seq - 1;
  }
}
