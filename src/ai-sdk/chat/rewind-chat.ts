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
 * A chat about to go back to just before one of its messages, planned before anything of it is written: the new
 * version of the message is stored first (under an id no live entry holds), then {@link ChatRewind.finish}
 * deletes what it supersedes. A store that refuses the new version (too large, a closed store) leaves the chat as
 * it was; a crash between the two leaves both, the chat reads as rewound (`decodeChatLog`: a newer version of a
 * message supersedes it and every message after it), and the next turn deletes what is left
 * ({@link completeRewind}).
 */
export interface ChatRewind {
  /**
   * The version a UI message is stored as when the chat holds it from the rewound message on (the message itself,
   * or one after it sent again): its next version; the rewound message's first when the chat does not hold it;
   * undefined for another message.
   */
  version(uiId: string): ChatVersion | undefined;
  /**
   * Deletes the entries found when the rewind was planned, from the rewound message's version to the newest
   * entry, newest first (a crash midway leaves a prefix of them, never a hole); returns how many were deleted.
   * Entries appended after the plan are left alone. Call it once the new versions are stored.
   */
  finish(): Promise<number>;
}

/**
 * Plans taking a chat back to just before the message `messageId` (what `useChat` asks when it regenerates a reply,
 * the user message sent again, or sends an edited message under its old id: the client has already dropped
 * them). Finds the message's versions by id (`lookup`), then reads the log backward a page at a time from its
 * newest entry to the oldest of them; a chat that does not hold the message is not read, and the plan deletes
 * nothing (nor when the message is deleted meanwhile). When an earlier new version of the message was stored and
 * the process stopped before its deletes, what that version superseded is deleted first (it reads as gone already).
 */
export async function planRewind(
  conversation: ConversationMemory,
  lookup: ChatEntryLookup,
  messageId: string,
): Promise<ChatRewind> {
  const found = await liveVersions(lookup, [messageId]);
  let live = found.versions.get(messageId) ?? [];
  const taken = new Set(found.taken);
  const oldest = live[0]?.id;
  /** The entries from the newest back to the message's oldest version, newest first. */
  let after: LogEntry[] = [];
  const held = new Map<string, ChatVersion[]>();
  let reached = oldest === undefined;
  for (let toSeq: number | undefined; !reached; ) {
    const entries = await conversation.entries({
      direction: 'backward',
      limit: page,
      ...(toSeq === undefined ? {} : { toSeq }),
    });
    if (entries.length === 0) break;
    // Oldest first (as a backward page is returned): walked from its newest.
    for (let i = entries.length - 1; i >= 0 && !reached; i--) {
      const entry = entries[i]!;
      after.push(entry);
      taken.add(entry.message.id);
      reached = entry.message.id === oldest;
      const version = versionOf(entry.message);
      if (!version || version.uiId === messageId) continue;
      held.set(version.uiId, [
        ...(held.get(version.uiId) ?? []),
        { id: entry.message.id, revision: version.revision },
      ]);
    }
    toSeq = entries[0]!.seq - 1;
  }
  if (!reached) {
    // Deleted meanwhile (another writer rewound the chat before it): nothing of it to supersede.
    after = [];
    live = [];
  } else if (live.length > 1) {
    // A new version stored by a rewind cut short before its deletes: what lies before it is superseded already.
    const newest = after.findIndex((e) => e.message.id === live.at(-1)!.id);
    for (const entry of after.splice(newest + 1)) {
      await conversation.delete(entry.message.id);
      taken.delete(entry.message.id);
    }
    live = live.slice(-1);
  }
  return {
    version(uiId) {
      if (uiId === messageId) return nextVersion(messageId, live, taken);
      const versions = held.get(uiId);
      return versions && nextVersion(uiId, versions, taken);
    },
    async finish() {
      let deleted = 0;
      for (const entry of after) if (await conversation.delete(entry.message.id)) deleted++;
      return deleted;
    },
  };
}

/**
 * Completes a rewind a crash cut short: when the chat's newest entry is a new version of a UI message (a revision)
 * whose older version is still live, deletes the older version and what followed it up to the new one (what the
 * chat shows as gone, and a view would still send to the model). A crash between storing a new version and its
 * deletes leaves that version newest, so the chat's next write, which calls this first, finds it. Reads the newest
 * entry, and only after a new version looks its versions up by id; a chat with nothing to complete changes nothing.
 */
export async function completeRewind(
  conversation: ConversationMemory,
  lookup: ChatEntryLookup,
): Promise<void> {
  const [newest] = await conversation.entries({ direction: 'backward', limit: 1 });
  const version = newest && versionOf(newest.message);
  if (version && version.revision > 0) await planRewind(conversation, lookup, version.uiId);
}
