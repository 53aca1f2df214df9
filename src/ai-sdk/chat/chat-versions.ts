import { createHash } from 'node:crypto';
import { DuplicateMessageIdError } from '../../core/errors/duplicate-message-id-error.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { maxIdLength } from '../../core/ids.ts';
import type { MemoryMessage } from '../../core/message.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import { storedHeadSchema, storedTailSchema, uiKey } from './stored-ui-message.ts';

/** Which version of a UI message a chat stores, and the entry id of its first entry. */
export interface ChatVersion {
  /** The first entry's id: the UI message's id, or one of its spare ids (see {@link versionIds}). */
  id: string;
  /** 0 for the first version; each new one (a continued reply, an edited or regenerated message) one more. */
  revision: number;
}

/**
 * The spare entry ids a UI message's first entry may take. A new version is stored before the old one is deleted,
 * so two may be live at once; a crash between the two leaves both, and the next new version of the message first
 * deletes what the older one left (`planRewind`): a new version takes an id no live entry holds, and a message's
 * versions are found by id in one lookup.
 */
const spareIds = 3;

/** Longest UI message id whose spare ids are written after it; a longer one's are written after a hash of it. */
const longestPlainBase = 200;

/**
 * The ids a UI message's first entry may have: its own, then `<id>@1` … `<id>@3` (for an id over 200 characters,
 * `~<hash of the id>@1` … : the spare ids and their entries' `#n` ids stay within the 256-character id rule; see
 * {@link furtherEntryIds} for the entries of the first version).
 */
export function versionIds(uiId: string): string[] {
  const base = uiId.length <= longestPlainBase ? uiId : hashedBase(uiId);
  return [uiId, ...Array.from({ length: spareIds }, (_, n) => `${base}@${n + 1}`)];
}

/** `~` and 40 hex characters of the id's SHA-256: a short stand-in for a long id in the ids derived from it. */
const hashedBase = (id: string) => `~${createHash('sha256').update(id).digest('hex').slice(0, 40)}`;

/**
 * The ids of a UI message version's further entries (after its first, whose id is `firstId`): `<firstId>#1` …
 * `#<count>`, or after a hash of `firstId` when the last of those would break the 256-character id rule (a first
 * id of 255 characters, say).
 */
export function furtherEntryIds(firstId: string, count: number): string[] {
  const base = `${firstId}#${count}`.length <= maxIdLength ? firstId : hashedBase(firstId);
  return Array.from({ length: count }, (_, n) => `${base}#${n + 1}`);
}

/** Live entries of a chat by id (unknown ids skipped): how {@link liveVersions} looks versions up. */
export type ChatEntryLookup = (ids: readonly string[]) => Promise<readonly MemoryMessage[]>;

/** Looks entries up one `get` at a time (for a few ids; a store's `getMessages` takes a batch in one call). */
export const lookupByGet =
  (conversation: ConversationMemory): ChatEntryLookup =>
  async (ids) =>
    (await Promise.all(ids.map((id) => conversation.get(id)))).filter((m) => m !== undefined);

/** What {@link liveVersions} finds. */
export interface LiveVersions {
  /** Per UI message asked for, the versions the chat holds, oldest revision first (missing: none). */
  versions: Map<string, ChatVersion[]>;
  /** Every id a version of those messages could take that a live entry holds (of any message). */
  taken: Set<string>;
}

/**
 * The versions of each UI message in `uiIds` the chat holds (live first entries under its id or a spare one; an
 * entry the chat did not write, under its id), and which of their possible ids live entries hold. One lookup.
 */
export async function liveVersions(lookup: ChatEntryLookup, uiIds: readonly string[]): Promise<LiveVersions> {
  const wanted = new Set(uiIds);
  const found = await lookup([...new Set([...wanted].flatMap(versionIds))]);
  const versions = new Map<string, ChatVersion[]>();
  const taken = new Set<string>();
  for (const message of found) {
    taken.add(message.id);
    const version = startedVersion(message);
    if (!version || !wanted.has(version.uiId) || !versionIds(version.uiId).includes(message.id)) continue;
    const list = versions.get(version.uiId) ?? [];
    list.push({ id: message.id, revision: version.revision });
    versions.set(version.uiId, list);
  }
  for (const list of versions.values()) list.sort((a, b) => a.revision - b.revision);
  return { versions, taken };
}

/**
 * The role of the chat's UI message `uiId` (its first entry's: a live version's, or an entry the chat did not
 * write under its id), or undefined when the chat does not hold it. One lookup, as {@link liveVersions} finds it.
 */
export async function heldRole(
  lookup: ChatEntryLookup,
  uiId: string,
): Promise<MemoryMessage['role'] | undefined> {
  const found = await lookup(versionIds(uiId));
  return found.find((message) => startedVersion(message)?.uiId === uiId)?.role;
}

/**
 * The UI message a chat entry starts: the chat's version (its first entry), or for an entry the chat did not write
 * a UI message of its own id (`decodeModelEntries`); undefined for a further entry of a chat's UI message (`<id>#1`:
 * a message sent under that id is another message).
 */
function startedVersion(message: MemoryMessage): { uiId: string; revision: number } | undefined {
  if (storedTailSchema.safeParse(message.metadata?.[uiKey]).success) return undefined;
  return versionOf(message) ?? { uiId: message.id, revision: 0 };
}

/** The UI message id and version a chat entry starts, when it is the first entry of a chat's UI message. */
export function versionOf(
  message: Pick<MemoryMessage, 'metadata'>,
): { uiId: string; revision: number } | undefined {
  const head = storedHeadSchema.safeParse(message.metadata?.[uiKey]);
  return head.success ? { uiId: head.data.message.id, revision: head.data.revision ?? 0 } : undefined;
}

/**
 * The version a UI message is stored as next, given its live versions and the ids live entries hold: the first
 * of its ids that none holds, the next revision (0 for a message the chat does not hold). Throws `CONFLICT` when
 * every one is held.
 */
export function nextVersion(
  uiId: string,
  live: readonly ChatVersion[],
  taken: ReadonlySet<string>,
): ChatVersion {
  const id = versionIds(uiId).find((candidate) => !taken.has(candidate));
  if (id === undefined)
    throw new MemoryError({
      code: 'CONFLICT',
      component: 'chat',
      message: `no id is free for a new version of message ${JSON.stringify(uiId)}: the chat holds entries under every one of ${versionIds(uiId).join(', ')}`,
    });
  return { id, revision: live.length === 0 ? 0 : Math.max(...live.map((v) => v.revision)) + 1 };
}

/**
 * The version a UI message sent anew (not a rewind) is stored as: under its own id, or a spare one when another
 * message's version holds it. Throws `DuplicateMessageIdError` when the chat holds the message under a later
 * version's id (the store would not see it); a message held under its own id is left to the store (an identical
 * one appended again is the stored entry, a different one a duplicate).
 */
export function newMessageVersion(uiId: string, found: LiveVersions): ChatVersion {
  const live = found.versions.get(uiId) ?? [];
  if (live.some((v) => v.id !== uiId))
    throw new DuplicateMessageIdError({ messageId: uiId, component: 'chat' });
  return live.length > 0 ? { id: uiId, revision: 0 } : nextVersion(uiId, [], found.taken);
}
