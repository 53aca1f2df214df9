import type { UIMessage } from 'ai';
import type { LogEntry } from '../../core/message.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import { versionOf } from './chat-versions.ts';
import { type DecodedChatMessage, decodeChatLog } from './decode-ui-messages.ts';

/** Log entries read at a time, newest first (a chat's last UI message spans a few). */
const page = 64;

/**
 * The chat's last UI message, as {@link decodeChatLog} of the whole log gives it, from the log's newest entries
 * alone: read backward a page at a time down to the newest first entry of a chat UI message, then decoded from
 * there (what follows it — its other entries, entries the chat did not write — decodes the same in a suffix).
 * undefined for an empty log. A log the chat never wrote into is read whole.
 */
export async function lastChatMessage<M extends UIMessage>(
  log: ConversationMemory,
): Promise<DecodedChatMessage<M> | undefined> {
  const pages: LogEntry[][] = [];
  for (let toSeq: number | undefined; ; ) {
    const entries = await log.entries({
      direction: 'backward',
      limit: page,
      ...(toSeq === undefined ? {} : { toSeq }),
    });
    if (entries.length === 0) break;
    pages.push(entries);
    let head = entries.length - 1;
    while (head >= 0 && !versionOf(entries[head]!.message)) head--;
    if (head >= 0) {
      pages[pages.length - 1] = entries.slice(head);
      break;
    }
    toSeq = entries[0]!.seq - 1;
  }
  const tail = pages.reverse().flat();
  return decodeChatLog<M>(tail.map((e) => e.message)).at(-1);
}
