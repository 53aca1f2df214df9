import type { LogEntry } from '../../core/message.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';

/** Log entries read at a time while looking for the message to rewind to (it is usually among the newest). */
const page = 64;

/**
 * Takes a chat back to just before the message `messageId`: deletes that message's entry and every entry after
 * it, newest first (a crash midway leaves the chat ending earlier, never a hole), and returns how many were
 * deleted; 0 when the chat does not hold the message. What `useChat` asks when it regenerates a reply (the user
 * message is sent again) or sends an edited message under its old id: the client has already dropped them.
 * Looks the message up by id, then reads the log backward a page at a time from its newest entry to it.
 */
export async function rewindChat(conversation: ConversationMemory, messageId: string): Promise<number> {
  if (!(await conversation.get(messageId))) return 0; // not held: nothing to look for (one lookup by id)
  const after: LogEntry[] = [];
  let toSeq: number | undefined;
  for (;;) {
    const entries = await conversation.entries({
      direction: 'backward',
      limit: page,
      ...(toSeq === undefined ? {} : { toSeq }),
    });
    if (entries.length === 0) return 0;
    // Oldest first (as a backward page is returned): walked from its newest.
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i]!;
      after.push(entry);
      if (entry.message.id === messageId) {
        for (const e of after) await conversation.delete(e.message.id);
        return after.length;
      }
    }
    toSeq = entries[0]!.seq - 1;
  }
}
