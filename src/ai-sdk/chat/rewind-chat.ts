import type { LogEntry } from '../../core/message.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import {
  type ChatEntryLookup,
  type ChatVersion,
  liveVersions,
  nextVersion,
  versionOf,
} from './chat-versions.ts';

/** Log entries read at a time while looking for the message to rewind to (it is usually among the newest). */
const page = 64;

/**
 * A chat about to go back to just before one of its messages, planned before anything is written: the new
 * version of the message is stored first (under an id its old version does not hold), then
 * {@link ChatRewind.finish} deletes what it supersedes. A store that refuses the new version (too large, a
 * duplicate id, a closed store) leaves the chat as it was; a crash between the two leaves both, and the chat
 * reads as rewound (`decodeChatLog`: a newer version of a message supersedes it and every message after it).
 */
export interface ChatRewind {
  /**
   * The version a UI message is stored as: the next version of one the chat holds from the rewound message on
   * (the message itself, or one after it sent again), else its first.
   */
  version(uiId: string): ChatVersion;
  /**
   * Deletes the entries found when the rewind was planned, from the rewound message's oldest live version to the
   * newest entry, newest first (a crash midway leaves a prefix of them, never a hole); returns how many were
   * deleted. Entries appended after the plan are left alone. Call it once the new versions are stored.
   */
  finish(): Promise<number>;
}

/**
 * Plans taking a chat back to just before the message `messageId` (what `useChat` asks when it regenerates a reply,
 * the user message sent again, or sends an edited message under its old id: the client has already dropped
 * them). Finds the message's versions by id (`lookup`), then reads the log backward a page at a time from its
 * newest entry to the oldest of them; a chat that does not hold the message is not read, and the plan deletes
 * nothing.
 */
export async function planRewind(
  conversation: ConversationMemory,
  lookup: ChatEntryLookup,
  messageId: string,
): Promise<ChatRewind> {
  const live = (await liveVersions(lookup, [messageId])).get(messageId) ?? [];
  const oldest = live[0]?.id;
  const after: LogEntry[] = [];
  const held = new Map<string, ChatVersion[]>([[messageId, live]]);
  for (let toSeq: number | undefined, found = oldest === undefined; !found; ) {
    const entries = await conversation.entries({
      direction: 'backward',
      limit: page,
      ...(toSeq === undefined ? {} : { toSeq }),
    });
    if (entries.length === 0) break; // deleted meanwhile
    // Oldest first (as a backward page is returned): walked from its newest.
    for (let i = entries.length - 1; i >= 0 && !found; i--) {
      const entry = entries[i]!;
      after.push(entry);
      found = entry.message.id === oldest;
      const version = versionOf(entry.message);
      if (!version || version.uiId === messageId) continue;
      held.set(version.uiId, [
        ...(held.get(version.uiId) ?? []),
        { id: entry.message.id, revision: version.revision },
      ]);
    }
    toSeq = entries[0]!.seq - 1;
  }
  return {
    version: (uiId) => nextVersion(uiId, held.get(uiId) ?? []),
    async finish() {
      let deleted = 0;
      for (const entry of after) if (await conversation.delete(entry.message.id)) deleted++;
      return deleted;
    },
  };
}
