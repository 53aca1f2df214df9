import { describeValue } from '../../core/errors/describe-value.ts';
import { MemoryError } from '../../core/errors/memory-error.ts';
import { isValidId } from '../../core/ids.ts';
import type { MemoryMessage } from '../../core/message.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import { storedHeadSchema, uiKey } from './stored-ui-message.ts';

/** Which version of a UI message a chat stores, and the entry id of its first entry. */
export interface ChatVersion {
  /** The first entry's id: the UI message's id, or `<id>@1` … `<id>@3` for a later version. */
  id: string;
  /** 0 for the first version; each new one (a continued reply, an edited or regenerated message) one more. */
  revision: number;
}

/**
 * The further entry ids a UI message's first entry may take. A new version is stored before the old one is
 * deleted, so two may be live at once (three after a crash between the two, until the next version deletes them):
 * a new version takes an id none of them holds, and a message's versions are found by id in a few lookups.
 */
const spareIds = 3;

/** The ids a UI message's first entry may have: its own, then the spare ones (those within the id rule). */
const versionIds = (uiId: string): string[] => [
  uiId,
  ...Array.from({ length: spareIds }, (_, n) => `${uiId}@${n + 1}`).filter((id) => isValidId(id)),
];

/** The first version of a UI message: its first entry under the message's own id. */
export const firstVersion = (uiId: string): ChatVersion => ({ id: uiId, revision: 0 });

/** Live entries of a chat by id (unknown ids skipped): how {@link liveVersions} looks versions up. */
export type ChatEntryLookup = (ids: readonly string[]) => Promise<readonly MemoryMessage[]>;

/** Looks entries up one `get` at a time (for a few ids; a store's `getMessages` takes a batch in one call). */
export const lookupByGet =
  (conversation: ConversationMemory): ChatEntryLookup =>
  async (ids) =>
    (await Promise.all(ids.map((id) => conversation.get(id)))).filter((m) => m !== undefined);

/**
 * The versions of each UI message in `uiIds` the chat holds (live first entries under its id or a spare one; an
 * entry the chat did not write, under its id), oldest revision first; a message it does not hold is missing from the map. One lookup for them all.
 */
export async function liveVersions(
  lookup: ChatEntryLookup,
  uiIds: readonly string[],
): Promise<Map<string, ChatVersion[]>> {
  const wanted = new Set(uiIds);
  const found = await lookup([...wanted].flatMap(versionIds));
  const out = new Map<string, ChatVersion[]>();
  for (const message of found) {
    // An entry the chat did not write starts a UI message of its own id (`decodeModelEntries`).
    const version = versionOf(message) ?? { uiId: message.id, revision: 0 };
    if (!versionIds(version.uiId).includes(message.id) || !wanted.has(version.uiId)) continue;
    const list = out.get(version.uiId) ?? [];
    list.push({ id: message.id, revision: version.revision });
    out.set(version.uiId, list);
  }
  for (const list of out.values()) list.sort((a, b) => a.revision - b.revision);
  return out;
}

/** The UI message id and version a chat entry starts, when it is the first entry of a chat's UI message. */
export function versionOf(message: MemoryMessage): { uiId: string; revision: number } | undefined {
  const head = storedHeadSchema.safeParse(message.metadata?.[uiKey]);
  return head.success ? { uiId: head.data.message.id, revision: head.data.revision ?? 0 } : undefined;
}

/**
 * The version a UI message is stored as next, given the versions the chat holds: a free id, the next revision.
 * Throws `CONFLICT` when every id is taken.
 */
export function nextVersion(uiId: string, live: readonly ChatVersion[]): ChatVersion {
  if (live.length === 0) return firstVersion(uiId);
  const taken = new Set(live.map((v) => v.id));
  const id = versionIds(uiId).find((candidate) => !taken.has(candidate));
  if (id === undefined)
    throw new MemoryError({
      code: 'CONFLICT',
      component: 'chat',
      message: `the chat holds ${live.length} versions of message ${describeValue(uiId)} (each new one was stored and the process stopped before the old ones were deleted): delete the older ones (${live
        .slice(0, -1)
        .map((v) => v.id)
        .join(', ')}) and their later entries`,
    });
  return { id, revision: Math.max(...live.map((v) => v.revision)) + 1 };
}
