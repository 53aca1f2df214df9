import type { LogEntry, MemoryMessage } from '../../core/message.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import { backwardPage, backwardPages } from './backward-pages.ts';
import {
  type ChatEntryLookup,
  type ChatVersion,
  liveVersions,
  nextVersion,
  versionOf,
} from './chat-versions.ts';
import { deleteEntries } from './stopped-marks.ts';
import { storedTailSchema, uiKey } from './stored-ui-message.ts';

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
   * undefined for another message. Its id is none of `reserved` (the ids of entries stored in the same append).
   */
  version(uiId: string, reserved?: ReadonlySet<string>): ChatVersion | undefined;
  /**
   * Deletes the entries found when the rewind was planned, from the rewound message's version to the newest
   * entry, newest first (a crash midway leaves a prefix of them, never a hole), then the stop marks naming them
   * (`deleteEntries`); returns how many entries were deleted.
   * Entries appended after the plan are left alone. Call it once the new versions are stored.
   */
  finish(): Promise<number>;
  /**
   * The highest seq among the entries {@link ChatRewind.finish} deletes (undefined when it deletes none): a caller
   * that read the log up to some seq before planning learns whether the plan would delete an entry appended since.
   */
  readonly newestSeq: number | undefined;
}

/**
 * Plans taking a chat back to just before the message `messageId` (what `useChat` asks when it regenerates a reply,
 * the user message sent again, or sends an edited message under its old id: the client has already dropped
 * them). Finds the message's versions by id (`lookup`), then reads the log backward a page at a time from its
 * newest entry to the oldest of them; a chat that does not hold the message is not read, and the plan deletes
 * nothing (nor when the message is deleted meanwhile). Call {@link completeRewind} first: a message left with
 * several live versions (by writes that did not complete a rewind cut short) loses its older versions' own
 * entries first, nothing else.
 */
export function planRewind(
  conversation: ConversationMemory,
  lookup: ChatEntryLookup,
  messageId: string,
): Promise<ChatRewind> {
  return plan(conversation, lookup, messageId, 'own');
}

/**
 * {@link planRewind}; when the message has several live versions, `repair` says what goes first: the older versions'
 * own entries, or (`range`: the rewind {@link completeRewind} found cut short) everything from the oldest version
 * to the newest, as `decodeChatLog` reads it.
 */
async function plan(
  conversation: ConversationMemory,
  lookup: ChatEntryLookup,
  messageId: string,
  repair: 'own' | 'range',
): Promise<ChatRewind> {
  const found = await liveVersions(lookup, [messageId]);
  let live = found.versions.get(messageId) ?? [];
  const taken = new Set(found.taken);
  const oldest = live[0]?.id;
  /** The entries from the newest back to the message's oldest version, newest first. */
  let after: LogEntry[] = [];
  const held = new Map<string, ChatVersion[]>();
  let reached = oldest === undefined;
  for await (const entries of reached ? [] : backwardPages(conversation)) {
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
    if (reached) break;
  }
  if (!reached) {
    // Deleted meanwhile (another writer rewound the chat before it): nothing of it to supersede.
    after = [];
    live = [];
  } else if (live.length > 1) {
    // A new version stored by a rewind cut short before its deletes: what lies before it is superseded already.
    const newest = after.findIndex((e) => e.message.id === live.at(-1)!.id);
    const older = after.splice(newest + 1);
    const gone = repair === 'range' ? older : ownEntries(older, messageId, live.slice(0, -1));
    await deleteEntries(conversation, gone);
    for (const entry of gone) taken.delete(entry.message.id);
    live = live.slice(-1);
  }
  return {
    version(uiId, reserved) {
      const unavailable = reserved ? new Set([...taken, ...reserved]) : taken;
      if (uiId === messageId) return nextVersion(messageId, live, unavailable);
      const versions = held.get(uiId);
      return versions && nextVersion(uiId, versions, unavailable);
    },
    finish: () => deleteEntries(conversation, after),
    newestSeq: after[0]?.seq,
  };
}

/**
 * Completes a rewind a crash cut short. A rewind or an `update` stores new versions of UI messages (revisions)
 * before it deletes what they supersede, so a crash in between leaves a message with two live versions among the
 * newest entries; the chat's next write calls this first. Among the newest page of the log, of the new versions
 * whose older version is still live, the one whose older version lies furthest back (its rewind supersedes the
 * others'): deletes that older version and what followed it up to the new one — what the chat shows as gone
 * (`decodeChatLog`), and a view would still send to the model. Looks versions up by id only when the page holds a
 * new version; a chat with nothing to complete changes nothing.
 */
export async function completeRewind(
  conversation: ConversationMemory,
  lookup: ChatEntryLookup,
): Promise<void> {
  const entries = await conversation.entries({ direction: 'backward', limit: backwardPage });
  // The new versions among them (an append that rewinds stores its first message as one, the others may be new).
  const revised: string[] = [];
  for (const { message } of entries) {
    const version = versionOf(message);
    if (version && version.revision > 0) revised.push(version.uiId);
  }
  if (revised.length === 0) return;
  // Of those whose older version is still live (cut short: one whose rewind or update finished has none), the one
  // whose older version lies furthest back: its rewind supersedes the others' (an edit of an earlier message cut
  // short after one of a later message; the first of several messages a rewind stored).
  const { versions } = await liveVersions(lookup, revised);
  const oldest = new Map<string, string>();
  for (const uiId of revised) {
    const live = versions.get(uiId) ?? [];
    if (live.length > 1) oldest.set(live[0]!.id, uiId);
  }
  let target: string | undefined;
  for (let toSeq: number | undefined, left = oldest.size; left > 0; ) {
    const older =
      toSeq === undefined
        ? entries
        : await conversation.entries({ direction: 'backward', limit: backwardPage, toSeq });
    if (older.length === 0) break;
    for (let i = older.length - 1; i >= 0 && left > 0; i--) {
      const uiId = oldest.get(older[i]!.message.id);
      if (uiId === undefined) continue;
      target = uiId;
      left--;
    }
    toSeq = older[0]!.seq - 1;
  }
  if (target !== undefined) await plan(conversation, lookup, target, 'range');
}

/**
 * Of `entries` (newest first), those of the given versions of UI message `uiId`: each version's first entry and the
 * further entries of the message right after it.
 */
function ownEntries(
  entries: readonly LogEntry[],
  uiId: string,
  versions: readonly ChatVersion[],
): LogEntry[] {
  const heads = new Set(versions.map((v) => v.id));
  const out: LogEntry[] = [];
  let inside = false;
  for (const entry of [...entries].reverse()) {
    if (heads.has(entry.message.id)) inside = true;
    else if (!(inside && tailOf(entry.message) === uiId)) inside = false;
    if (inside) out.push(entry);
  }
  return out.reverse();
}

/** The UI message id a further entry (not the first) of a chat's UI message belongs to; undefined for another. */
const tailOf = (message: MemoryMessage): string | undefined => {
  const tail = storedTailSchema.safeParse(message.metadata?.[uiKey]);
  return tail.success ? tail.data.of : undefined;
};
