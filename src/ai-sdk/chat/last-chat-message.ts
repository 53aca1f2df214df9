import type { UIMessage } from 'ai';
import type { LogEntry } from '../../core/message.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import { backwardPages } from './backward-pages.ts';
import { versionOf } from './chat-versions.ts';
import { type DecodedChatMessage, decodeChatLog } from './decode-ui-messages.ts';
import { type ChatArtifact, stoppedEntryIds } from './stopped-marks.ts';

/**
 * The chat's last UI message, as {@link decodeChatLog} of the whole log gives it, from the log's newest entries
 * alone: read backward a page at a time down to the newest first entry of a chat UI message, then decoded from
 * there (what follows it — its other entries, entries the chat did not write — decodes the same in a suffix), with
 * the chat's stop marks and those it `inherited` as a fork (`stoppedEntryIds`: one listing of them, however long the chat).
 * undefined for an empty log. A log the chat never wrote into is read whole.
 */
export async function lastChatMessage<M extends UIMessage>(
  log: ConversationMemory,
  inherited: readonly ChatArtifact[] = [],
): Promise<DecodedChatMessage<M> | undefined> {
  const pages: LogEntry[][] = [];
  for await (const entries of backwardPages(log)) {
    let head = entries.length - 1;
    while (head >= 0 && !versionOf(entries[head]!.message)) head--;
    pages.push(head >= 0 ? entries.slice(head) : entries);
    if (head >= 0) break;
  }
  const tail = pages.reverse().flat();
  return decodeChatLog<M>(
    tail.map((e) => e.message),
    await stoppedEntryIds(log, tail, inherited),
  ).at(-1);
}
